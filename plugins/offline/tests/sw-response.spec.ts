/**
 * Service Worker がキャッシュから返す答え（sw-custom.js の withBodyHeaders）: 見出しが本文と食い違わない
 * （issue 48）。Node の Response で確かめる。所要: 1 秒未満。
 */
import {expect, test} from '@playwright/test';
import {withBodyHeaders} from '../sw-custom';

const script = 'console.log("電鬼");'.repeat(100);

test('a cached answer decoded by fetch() loses the Content-Encoding and the compressed Content-Length', async () => {
  // fetch() が Brotli を解いたあとの答え: 本文は解いたもの、見出しは配信のまま。
  const cached = new Response(script, {
    status: 200,
    statusText: 'OK',
    headers: {
      'content-type': 'application/javascript; charset=utf-8',
      'content-encoding': 'br',
      'content-length': '96',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    },
  });
  const answer = withBodyHeaders(cached);
  expect(answer.status).toBe(200);
  expect(answer.statusText).toBe('OK');
  expect(answer.headers.get('content-encoding')).toBeNull();
  expect(answer.headers.get('content-length')).toBeNull();
  expect(answer.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(await answer.text()).toBe(script);
});

test('an answer whose headers already match its body is returned as it is', () => {
  const plain = new Response(script, {headers: {'content-type': 'text/html; charset=utf-8'}});
  expect(withBodyHeaders(plain)).toBe(plain);
});
