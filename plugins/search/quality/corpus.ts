/**
 * 正解率とは別の物差し: 上位3件のうち、検索語（空白で区切った語すべて）を本文に実際に含むページの割合。
 * 複合語を細かく切る検索エンジンは「鬼」だけを含むページを上位に出すので、この割合が下がる。
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {isIndexedPage, isRedirectPage, urlForHtmlFile} from '../selection';

function listHtml(dir: string, base = dir): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listHtml(full, base);
    return entry.name.endsWith('.html') ? [path.relative(base, full)] : [];
  });
}

/** 比較用に表記をそろえる（NFKC、小文字、空白なし）。 */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

function mainText(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  return fold(
    main
      .replace(/<(script|style|svg|nav)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );
}

/** ページのパス → 本文（fold 済み）。 */
export function loadCorpus(buildDir: string): Map<string, string> {
  const corpus = new Map<string, string>();
  for (const file of listHtml(buildDir).filter(isIndexedPage)) {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    if (!isRedirectPage(html)) corpus.set(urlForHtmlFile(file), mainText(html));
  }
  return corpus;
}

export function containsQuery(corpus: Map<string, string>, page: string, query: string): boolean {
  const text = corpus.get(page);
  if (text === undefined) return false;
  return query
    .normalize('NFKC')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(fold(word)));
}
