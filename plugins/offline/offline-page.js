/* global Response -- Service Worker の中で動く */
/** 保存していないページをオフラインで開いたときに Service Worker が返す日本語のページ。 */
const escape = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c],
  );

const style = `
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;line-height:1.8;color:#1c1e21;background:#fff}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.5rem;line-height:1.4}
a{color:#6c44a2}
li{margin:.4rem 0}
@media (prefers-color-scheme:dark){body{color:#e3e3e3;background:#1b1b1d}a{color:#d4b8e8}}
`;

export function offlinePage(pages) {
  const list =
    pages.length > 0
      ? `<h2>この端末に保存してあるページ</h2><ul>${pages
          .map((page) => `<li><a href="${escape(page.path)}">${escape(page.title)}</a></li>`)
          .join('')}</ul>`
      : '<p>この端末に保存してあるページはまだありません。</p>';
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>オフラインのため開けません | 電鬼</title><style>${style}</style></head><body><main><h1>オフラインのため、このページは開けません</h1><p>いまはインターネットにつながっていません。このページはまだこの端末に保存されていないため、表示できません。電波の届く場所でもう一度開いてください。</p>${list}</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store'},
  });
}
