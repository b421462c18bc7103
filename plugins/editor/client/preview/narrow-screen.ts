/**
 * スマートフォン（幅 800 px 未満）では、記事を開いたときにプレビューを隠しておく（admin.css が、プレビューを
 * 表示にしているあいだはプレビューだけを全幅で見せるので、開いたとたんに欄が見えなくならないように）。
 * Decap は、最後に選んだ右側の表示（プレビュー・なし）を localStorage の cms.right-pane に覚え、記事の画面を
 * 開くたびに読む。その前（エディターを開いたときと、記事へのリンクを押したとき）に「なし」にする。
 * 記事の画面の中で押したプレビューの切り替えは、そのまま効く。
 */

/** Decap の EditorInterface.js の RIGHT_PANE と NO_PANE。 */
const rightPaneKey = 'cms.right-pane';
const noPane = 'none';
/** Decap の記事の画面（EditorInterface.js の EditorContainer）の min-width。 */
const narrowQuery = '(max-width: 799px)';

function hidePreview(win: Window): void {
  if (!win.matchMedia(narrowQuery).matches) return;
  try {
    win.localStorage.setItem(rightPaneKey, noPane);
  } catch {
    // localStorage を使えない（プライベートブラウズの一部など）: Decap の既定のまま。
  }
}

/** エディターを開く前（CMS.init の前）に一度呼ぶ。 */
export function startEntriesWithoutPreview(win: Window = window): void {
  hidePreview(win);
  // 一覧の記事・「新規作成」・戻る/進む: Decap（React）より先に、捕捉の段階で。
  win.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href*="/collections/"]');
      if (link) hidePreview(win);
    },
    {capture: true},
  );
  // アドレスの # の変化は、ルーター（react-router）が popstate で聞くので、それより先に（先に登録する）。
  win.addEventListener('popstate', () => hidePreview(win));
  win.addEventListener('hashchange', () => hidePreview(win));
}
