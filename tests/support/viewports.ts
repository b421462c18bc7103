/** テストで使う画面サイズ。スマートフォンは 390 px、デスクトップは 1280 px。 */
export const viewports = {
  mobile: {width: 390, height: 844},
  desktop: {width: 1280, height: 800},
} as const;

/** Docusaurus がモバイルメニューに切り替える幅（これ以下がモバイル）。 */
export const desktopBreakpoint = 996;

export type ViewportName = keyof typeof viewports;
