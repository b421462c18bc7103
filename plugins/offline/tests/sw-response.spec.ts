/**
 * Service Worker の答え（sw-custom.js）: キャッシュから返す答えの見出しが本文と食い違わない（issue 48）。
 * キャッシュの問題をネットワークが答えられる要求の失敗にせず、ハッシュのあるファイルのネットワークの失敗は
 * 1 度だけ取り直す（issue 53）。Node の Request・Response と、差し替えた caches・fetch で確かめる。所要: 1 秒未満。
 */
import {expect, test} from '@playwright/test';
import {respond, withBodyHeaders} from '../sw-custom';

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

const origin = 'http://127.0.0.1:3000';
const chunkUrl = new URL('/assets/js/a7446fc9.721d8933.js', origin);
const precacheName = `workbox-precache-v2-${origin}/`;

type FakeCache = {match: (request: string) => Promise<Response | undefined>};

/** Service Worker の caches と fetch を差し替えて respond を呼ぶ。fetch を呼んだ回数も返す。 */
async function respondWith(
  cache: FakeCache,
  network: (attempt: number) => Promise<Response>,
): Promise<{answer: Response; fetches: number}> {
  const globals = globalThis as unknown as {caches?: unknown; fetch: typeof fetch};
  const {caches: originalCaches, fetch: originalFetch} = globals;
  let fetches = 0;
  globals.caches = {
    keys: () => Promise.resolve([precacheName]),
    has: (name: string) => Promise.resolve(name === precacheName),
    open: () => Promise.resolve(cache),
  };
  globals.fetch = () => network(++fetches);
  try {
    const answer = await respond({request: new Request(chunkUrl)}, chunkUrl);
    return {answer, fetches};
  } finally {
    globals.caches = originalCaches;
    globals.fetch = originalFetch;
  }
}

const fromServer = (): Promise<Response> =>
  Promise.resolve(new Response(script, {headers: {'content-type': 'text/javascript'}}));

/** 見出しは引けるが、本文を読むと失敗するキャッシュの答え（本文のファイルが無い・壊れたキャッシュ）。 */
const unreadableEntry = (): Response =>
  new Response(
    new ReadableStream({
      pull(controller) {
        controller.error(new TypeError('the cached body cannot be read'));
      },
    }),
    {headers: {'content-type': 'text/javascript'}},
  );

test('a precached chunk whose cache entry cannot be read is answered from the network', async () => {
  const {answer, fetches} = await respondWith(
    {match: () => Promise.resolve(unreadableEntry())},
    fromServer,
  );
  expect(fetches).toBe(1);
  expect(await answer.text()).toBe(script);
});

test('a precached chunk whose cache lookup fails is answered from the network', async () => {
  const {answer} = await respondWith(
    {
      match: () =>
        Promise.reject(new DOMException('the cache is being deleted', 'InvalidStateError')),
    },
    fromServer,
  );
  expect(await answer.text()).toBe(script);
});

test('a hashed asset whose first network fetch fails is fetched once more', async () => {
  const {answer, fetches} = await respondWith(
    {match: () => Promise.resolve(undefined)},
    (attempt) =>
      attempt === 1
        ? Promise.reject(new TypeError('NetworkError: connection reset'))
        : fromServer(),
  );
  expect(fetches).toBe(2);
  expect(await answer.text()).toBe(script);
});

test('a hashed asset whose network fetch fails twice fails (no endless retries)', async () => {
  const attempt = respondWith({match: () => Promise.resolve(undefined)}, () =>
    Promise.reject(new TypeError('NetworkError: offline')),
  );
  await expect(attempt).rejects.toThrow('offline');
});
