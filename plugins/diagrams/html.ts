/**
 * Mermaid の SVG のうち、HTML の中に置くと不正になる書き方を、見た目を変えずに直す
 * （Nu Html Checker で 0 件にする。tests/node/html-validity.spec.ts）。
 */

/**
 * ラベルの `<span class="nodeLabel"><p>…</p></span>`: span の中に p は置けない。囲みの span を
 * div にする。p は余白 0 のブロックなので、囲みがブロックになっても文字の位置も背景も変わらない。
 */
function blockLabels(svg: string): string {
  return svg.replace(/<span(\s[^>]*)?>(<p>[\s\S]*?<\/p>)<\/span>/g, '<div$1>$2</div>');
}

/** 状態遷移図の開始点の `<circle width height>`: circle に無い属性（描画には効かない）を消す。 */
function circleAttributes(svg: string): string {
  return svg.replace(/<circle\b[^>]*>/g, (tag) => tag.replace(/\s(?:width|height)="[^"]*"/g, ''));
}

export function validHtmlSvg(svg: string): string {
  return circleAttributes(blockLabels(svg));
}
