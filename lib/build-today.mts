/**
 * ビルドの「今日」（日本時間の YYYY-MM-DD）。開催事例の「次の開催」（plugins/events）、公開予約の記事
 * （plugins/blog/schedule.ts）、内容だけの変更の監査するルート（lib/content-path.mts）が、この 1 つを使う。
 * テストは DENKI_TODAY で日付を決める。npm のパッケージを使わず、Node.js 24 が型を外してそのまま動かせる。
 */
export const todayVariable = 'DENKI_TODAY';

const dayPattern = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

export function buildToday(now = new Date()): string {
  const injected = process.env[todayVariable];
  if (injected !== undefined) {
    if (!dayPattern.test(injected)) {
      throw new Error(`${todayVariable}（${injected}）は 2026-12-20 の形で書いてください。`);
    }
    return injected;
  }
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'Asia/Tokyo'}).format(now);
}
