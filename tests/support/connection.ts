/** navigator.connection を差し替える初期化スクリプト。プリフェッチの規則を試すのに使う。 */
export type FakeConnection = {
  readonly effectiveType: '4g' | '3g' | '2g' | 'slow-2g';
  readonly saveData: boolean;
};

export const connections = {
  fast: {effectiveType: '4g', saveData: false},
  saveData: {effectiveType: '4g', saveData: true},
  twoG: {effectiveType: '2g', saveData: false},
} as const satisfies Record<string, FakeConnection>;

/** page.addInitScript に渡す関数。ページのどのスクリプトより先に実行される。 */
export function fakeConnection(connection: FakeConnection): void {
  Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get: () => ({...connection, addEventListener() {}, removeEventListener() {}}),
  });
}
