/**
 * Docusaurus の既定の HTML テンプレート（@docusaurus/core lib/ssg/ssgTemplate.html.js）と同じ形で、
 * JS の扱いだけを変えたもの。
 *
 * 既定では `<script defer>` なので、回線が速いと main.js の評価とハイドレーションが最初の描画より前に
 * 走り、遅い CPU では本文の表示が JS の実行待ちになる。ここでは:
 * - `<link rel="preload" as="script" fetchpriority="low">` でダウンロードはすぐ始める。優先度は低くして、
 *   描画に要る CSS と画像を先に取らせる。
 * - 実行は最初の描画（LCP の最初の候補、なければ first paint）が記録されたあとに、同じ順序で
 *   `<script>` を差し込んで行う。描画の記録が来なくても fallbackDelayMs 後には実行する。
 *   タブが裏にあって描画がないときは、待たずにすぐ実行する。
 * 差し込むスクリプトの一覧は preload の要素から読むので、インラインスクリプトの中身はビルドごとに
 * 変わらない（firebase.json の CSP ハッシュが固定のまま）。
 *
 * JS が動く前に押されたボタン（メニューのボタンなど）は、何も起きずに押したことが消えてしまう。そこで
 * React がページを受け持つ（window.docusaurusRoot ができる）までに押された最後のボタンを覚えておき、
 * 最初の描画のあとで押し直す（client/early-tap.ts。issue 55）。React が受け持ったあとのひと押しは React が受け取る。
 */
import {earlyTapGlobal} from './shared';

/** 描画の記録が届かないとき（古いブラウザなど）に、待つのをやめるまでの時間。 */
const fallbackDelayMs = 3000;

/** 最初の描画が記録されたあとで、エントリースクリプトを順に実行するインラインスクリプト。 */
export const hydrateAfterPaint = `(function () {
  var tapped = null;
  function remember(event) {
    if (window.docusaurusRoot) return document.removeEventListener('click', remember, true);
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) tapped = button;
  }
  document.addEventListener('click', remember, true);
  window.${earlyTapGlobal} = function () {
    document.removeEventListener('click', remember, true);
    var button = tapped;
    tapped = null;
    return button;
  };
  var started = false;
  function run() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[data-entry-script]');
    for (var i = 0; i < links.length; i++) {
      var script = document.createElement('script');
      script.src = links[i].href;
      script.async = false;
      document.body.appendChild(script);
    }
  }
  if (document.visibilityState === 'hidden') return run();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var type = types.indexOf('largest-contentful-paint') >= 0 ? 'largest-contentful-paint'
    : types.indexOf('paint') >= 0 ? 'paint' : null;
  if (!type) return requestAnimationFrame(function () { requestAnimationFrame(run); });
  new PerformanceObserver(function (list, observer) {
    observer.disconnect();
    setTimeout(run, 0);
  }).observe({type: type, buffered: true});
  setTimeout(run, ${fallbackDelayMs});
})();`;

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" data-entry-script />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${hydrateAfterPaint}</script>
  </body>
</html>
`;
