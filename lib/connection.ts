/**
 * navigator.connection を差し替える初期化スクリプト。プリフェッチとデータセーバーの規則を試すテストと、
 * 初回訪問の通信量を測るベンチ（scripts/bench/data-plan.ts）が使う。
 */
export type FakeConnection = {
  readonly effectiveType: '4g' | '3g' | '2g' | 'slow-2g';
  readonly saveData: boolean;
};

export const connections = {
  fast: {effectiveType: '4g', saveData: false},
  saveData: {effectiveType: '4g', saveData: true},
  twoG: {effectiveType: '2g', saveData: false},
} as const satisfies Record<string, FakeConnection>;

/**
 * page.addInitScript（context.addInitScript）に渡す関数。ページのどのスクリプトより先に実行される。
 * 関数は文字列にしてページに送られる。tsx（ベンチ）は変数やプロパティに入れた矢印関数に補助関数
 * __name を足してページで動かなくするので、中の関数はメソッドの形で書く。
 */
export function fakeConnection(connection: FakeConnection): void {
  Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get() {
      return {...connection, addEventListener() {}, removeEventListener() {}};
    },
  });
}
