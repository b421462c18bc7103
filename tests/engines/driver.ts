/** WebKit と Gecko を同じ形で操作するための最小限の窓口（Playwright の Page の代わり）。 */
export type EngineName = 'webkit' | 'gecko';

export type Viewport = {readonly width: number; readonly height: number};

/** ページの中で評価する、外の変数を使わない関数。 */
export type PageFunction<Args extends unknown[], Result> = (
  ...args: Args
) => Result | Promise<Result>;

export interface EngineSession {
  readonly engine: EngineName;
  /**
   * ページのスクリプトより先に tests/support/hydration.ts の watchHydration を入れるか（Gecko の
   * evaluateOnNewDocument）。従来の WebDriver の WebKit には口が無く、ページのエラーは読み込みのあとから集める。
   */
  readonly watchesHydration: boolean;
  /** 表示領域（ウィンドウの枠を除いた大きさ）を変える。 */
  setViewport(viewport: Viewport): Promise<void>;
  /** サイトのパスか URL を開き、読み込み完了まで待つ。 */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  evaluate<Args extends unknown[], Result>(
    fn: PageFunction<Args, Result>,
    ...args: Args
  ): Promise<Result>;
  /** 表示領域の座標 (x, y) を指で押すようにクリックする（マウスの押下と解放）。 */
  clickAt(x: number, y: number): Promise<void>;
  /** 今フォーカスのある要素に文字を入力する。 */
  type(text: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  /**
   * selector の最初の要素の、エンジンのアクセシビリティツリーでの名前が name と等しいか（issue 26）。
   * WebKit は WebDriver の Get Computed Label、Gecko は WebDriver BiDi の名前による要素の検索で確かめる。
   */
  hasAccessibleName(selector: string, name: string): Promise<boolean>;
  /** これまでに起きたページのエラー（uncaught、unhandledrejection、console.error）を取り出して空にする。 */
  takeErrors(): Promise<string[]>;
  /**
   * ページのスクリプトには見えず、ブラウザーがページのコンソールにだけ出したエラー（Firefox の
   * 「A ServiceWorker intercepted the request and encountered an unexpected error」など）を取り出して空にする。
   * 従来の WebDriver（WebKit）には受け取る口がないので、いつも空。
   */
  takeBrowserErrors(): Promise<string[]>;
  close(): Promise<void>;
}
