/** テスト用サーバーの場所。ループバック以外には決して向けない。 */
const port = Number(process.env.TEST_PORT ?? 3100);

export const testServer = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
} as const;
