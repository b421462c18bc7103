/**
 * テストの配信の場所（playwright.config.ts の webServer）。ループバック以外には決して向けない。
 * 読者のサイトとエディターのサイトは、本番と同じく別のオリジン（別のポート）。
 */
const port = Number(process.env.TEST_PORT ?? 3100);
const editorPort = Number(process.env.TEST_EDITOR_PORT ?? port + 1);

export const testServer = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /** エディターのサイト（firebase.json の hosting の target「editor」）。 */
  editorPort,
  editorBaseURL: `http://127.0.0.1:${editorPort}`,
} as const;
