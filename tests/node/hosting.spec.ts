/**
 * ローカルの配信（lib/hosting.ts: 壊れたパスを断る門 + superstatic + firebase.json）を
 * 小さな公開フォルダに HTTP で当てて試す。ブラウザでの確認は tests/e2e/hosting.spec.ts。
 * issue 65: /assets/files/（Docusaurus がリンクの指すファイルを写す場所）に置かれた .htm と .svg は、Chromium で
 * 開いても読者のオリジンでスクリプトを動かさない（保存になり、保存を外しても sandbox で止まる）。ブラウザーを
 * 開くのはこのテストだけで、約 3 秒。
 */
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {request, type IncomingHttpHeaders, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  hasValidPercentEncoding,
  malformedPathMessage,
  missingFunctionMessage,
  readHostingConfig,
  serverUrl,
  startHostingServer,
  type HostingOptions,
} from '../../lib/hosting';
import {DEFAULT_SITE_URL} from '../../src/constants/site';
import {DEFAULT_EDITOR_URL, editorPath, hostingTargets} from '../../src/constants/editor-sign-in';

const config = readHostingConfig(hostingTargets.site);
const editorConfig = readHostingConfig(hostingTargets.editor);
const immutable = 'public, max-age=31536000, immutable';

/** 記事がリンクで /assets/files/ に写させた（issue 65）スクリプトと、それを動かす文書。 */
const handout = '/assets/files/handout-0123abcd.js';
const ranMark = 'data-ran';

function pageFiles(folder: string): Record<string, string> {
  return {
    [`${folder}/handout-0123abcd.js`]: `document.documentElement.setAttribute('${ranMark}', 'yes');\n`,
    [`${folder}/notes-0123abcd.htm`]: `<!doctype html><title>メモ</title><script src="${handout}"></script><p>メモ</p>`,
    [`${folder}/figure-0123abcd.svg`]: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><script xlink:href="${handout}"/><text y="20">図</text></svg>`,
  };
}

const pageDocuments = ['notes-0123abcd.htm', 'figure-0123abcd.svg'] as const;

/** 本番のビルドに似た小さな公開フォルダ。 */
function makeSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'denki-hosting-'));
  const files: Record<string, string> = {
    'index.html': 'home',
    '404.html': 'not found',
    'docs.html': 'docs landing',
    'docs/intro.html': 'intro',
    'blog.html': 'blog',
    'blog/archive.html': 'archive',
    'assets/js/main.0123abcd.js': `console.log(${JSON.stringify('電鬼'.repeat(2000))});`,
    ...pageFiles('assets/files'),
    // 比べる相手: 同じ文書を /assets/files/ の外に置けば、読者の CSP（'self'）の下でスクリプトが動く。
    ...pageFiles('control'),
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, content);
  }
  return dir;
}

type Answer = {status: number; headers: IncomingHttpHeaders; body: string};

/** リダイレクトを追わずに 1 回だけたずねる。パスは正規化せず、文字列のまま送る。 */
function ask(
  base: string,
  rawPath: string,
  options: {method?: string; headers?: Record<string, string>} = {},
): Promise<Answer> {
  const {hostname, port} = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({hostname, port, path: rawPath, ...options}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe('hosting with superstatic', () => {
  let root = '';
  const servers: Server[] = [];
  test.beforeAll(() => {
    root = makeSite();
  });
  test.afterAll(async () => {
    await Promise.all(
      servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
    );
    rmSync(root, {recursive: true, force: true});
  });

  async function serve(options: HostingOptions = {}, site = config): Promise<string> {
    const server = await startHostingServer({...site, public: root}, 0, '127.0.0.1', options);
    servers.push(server);
    return serverUrl(server);
  }

  test('firebase.json serves the build with clean URLs, no trailing slash and immutable assets', () => {
    expect(config.public).toBe('build');
    expect(config.cleanUrls).toBe(true);
    expect(config.trailingSlash).toBe(false);
    // 後の規則が前の規則の同じヘッダーを上書きする（Firebase Hosting と superstatic）。/assets/files/** は最後。
    expect(config.headers?.map((rule) => rule.source)).toEqual([
      '**',
      '/assets/**',
      '/assets/files/**',
    ]);
    // エディターは別のサイト（別のオリジン）。自分の public のフォルダーと、ログインの関数だけを持つ。
    expect(editorConfig.public).toBe('build-editor');
    expect(editorConfig.headers?.map((rule) => rule.source)).toEqual([
      '**',
      '/admin/assets/**',
      '/api/**',
    ]);
    expect(config.rewrites ?? []).toEqual([]);
  });

  test("the reader site has no editor and no sign-in: the old /admin/ URL goes to the editor site, whose origin differs from the reader's", async () => {
    const reader = await serve();
    for (const old of ['/admin/', '/admin', '/admin/index.html']) {
      const answer = await ask(reader, old);
      expect(answer.status, old).toBe(301);
      expect(answer.headers.location, old).toBe(`${DEFAULT_EDITOR_URL}${editorPath}`);
    }
    expect(new URL(DEFAULT_EDITOR_URL).origin).not.toBe(new URL(DEFAULT_SITE_URL).origin);
    expect(DEFAULT_EDITOR_URL).toMatch(/^https:\/\/[a-z0-9-]+\.web\.app$/);
    // /api/** は読者のサイトでは関数に回らない（ログインはエディターのサイトでだけ始まる）。
    expect((await ask(reader, '/api/auth')).status).toBe(404);
  });

  test("the editor site serves only the built editor: none of the reader's pages, files or uploads run in the origin that holds the token", async () => {
    // npm run build が組んだエディターのサイトの public のフォルダー（読者の build/ とは別）。
    const editorDir = path.resolve(editorConfig.public);
    expect(editorDir).not.toBe(path.resolve(config.public));
    const files = readdirSync(editorDir, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(editorDir, path.join(entry.parentPath, entry.name)));
    expect(files.filter((file) => !file.startsWith('admin/')).sort()).toEqual([
      '404.html',
      'img/favicon.svg',
      'img/logo.svg',
    ]);
    const server = await startHostingServer(editorConfig, 0, '127.0.0.1');
    servers.push(server);
    const editor = serverUrl(server);
    for (const readerPath of ['/docs/intro', '/blog', '/img/uploads/x.html', '/sw.js']) {
      const answer = await ask(editor, readerPath);
      expect(answer.status, readerPath).toBe(404);
      expect(answer.body, readerPath).toContain('<h1>ページが見つかりません</h1>');
    }
    const top = await ask(editor, '/');
    expect([top.status, top.headers.location]).toEqual([302, editorPath]);
    const admin = await ask(editor, '/admin');
    expect(admin.status).toBe(200);
    expect(admin.headers['content-security-policy']).toContain("script-src 'self';");
    // index.html は毎回確かめ直し、それが読む名前にハッシュのあるファイルは 1 年使い回す（2 度目の訪問は HTML だけ）。
    expect(admin.headers['cache-control']).toBe('no-cache');
    // 「使い方」（/admin/help）へのリンクは、名前にハッシュの無いページなので除く。
    const hashed = [...admin.body.matchAll(/(?:src|href)="(\/admin\/assets\/[^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(hashed.length).toBeGreaterThanOrEqual(2);
    for (const file of hashed) {
      const answer = await ask(editor, file);
      expect(answer.status, file).toBe(200);
      expect(answer.headers['cache-control'], file).toBe(immutable);
    }
    const help = await ask(editor, '/admin/help');
    expect([help.status, help.headers['cache-control']]).toEqual([200, 'no-cache']);
  });

  test('/api/** on the editor site goes to the Cloud Function after the header rules, like Firebase Hosting; without it, a Japanese 503', async () => {
    const without = await serve({}, editorConfig);
    const missing = await ask(without, '/api/auth');
    expect(missing.status).toBe(503);
    expect(missing.body).toBe(missingFunctionMessage);
    const rewrite = editorConfig.rewrites?.find((rule) => rule.source === '/api/**');
    const name =
      typeof rewrite?.function === 'string' ? rewrite.function : rewrite?.function?.functionId;
    expect(name).toBeTruthy();
    const base = await serve(
      {
        functions: {
          [name ?? '']: (req, res) => {
            res.writeHead(200, {'Content-Type': 'text/plain', 'Cache-Control': 'max-age=60'});
            res.end(`関数: ${req.method} ${req.url}`);
          },
        },
      },
      editorConfig,
    );
    const answer = await ask(base, '/api/callback?code=1&state=2');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('関数: GET /api/callback?code=1&state=2');
    // 規則のヘッダーが、関数の答えの同じ名前のヘッダーを上書きする。
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // ほかのパスは関数に回らない。
    expect((await ask(base, '/docs/intro')).body).toBe('intro');
  });

  test('only malformed percent-encoding in the path is refused', () => {
    for (const good of ['/', '/docs/intro', '/%E9%9B%BB%E9%AC%BC', '/%25', '/%00', '/x?q=%zz#%']) {
      expect(hasValidPercentEncoding(good), good).toBe(true);
    }
    for (const bad of ['/%zz', '/docs/%E0%A4%A', '/%', '/a%2', '/%C0%AF']) {
      expect(hasValidPercentEncoding(bad), bad).toBe(false);
    }
  });

  test('clean URLs serve the .html file and the home page', async () => {
    const base = await serve();
    for (const [page, body] of Object.entries({
      '/': 'home',
      '/docs/intro': 'intro',
      '/docs': 'docs landing',
      '/blog/archive': 'archive',
      '/docs/intro?q=%zz': 'intro',
    })) {
      const answer = await ask(base, page);
      expect(answer.status, page).toBe(200);
      expect(answer.body, page).toBe(body);
      expect(answer.headers['content-type'], page).toBe('text/html; charset=utf-8');
    }
  });

  test('.html and trailing slashes redirect to the clean path, keeping the query', async () => {
    const base = await serve();
    const cases: Record<string, string> = {
      '/docs/intro.html': '/docs/intro',
      '/docs/intro/': '/docs/intro',
      '/index.html': '/',
      '/blog/': '/blog',
      '/docs/intro/?q=1': '/docs/intro?q=1',
      '///docs/intro.html': '/docs/intro',
    };
    for (const [from, to] of Object.entries(cases)) {
      const answer = await ask(base, from);
      expect(answer.status, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
    }
  });

  test('a redirect never points to another host', async () => {
    const base = await serve();
    for (const raw of ['//evil.example/', '//evil.example/docs/intro/', '///docs/intro.html']) {
      const location = (await ask(base, raw)).headers.location;
      if (location !== undefined) expect(location, raw).toMatch(/^\/(?!\/)/);
    }
  });

  test('unknown, traversing and overlong paths get the 404 page, never a 5xx', async () => {
    const base = await serve();
    for (const raw of [
      '/nope',
      '/docs/nope/',
      '/%00',
      '/docs/intro%00.html',
      '/../../etc/passwd',
      '/..%2F..%2Fetc%2Fpasswd',
      '/docs/..%5c..%5cwindows%5cwin.ini',
      `/${'a'.repeat(2000)}`,
      `/docs/${'x/'.repeat(300)}y`,
    ]) {
      const answer = await ask(base, raw);
      expect(answer.status, raw.slice(0, 40)).toBe(404);
      expect(answer.body, raw.slice(0, 40)).toBe('not found');
      expect(answer.headers['cache-control'], raw.slice(0, 40)).toBe('no-cache');
      expect(answer.headers['x-frame-options'], raw.slice(0, 40)).toBe('DENY');
    }
  });

  test('malformed percent-encoding gets 400 with a Japanese message instead of a 500', async () => {
    const base = await serve();
    for (const raw of ['/%zz', '/docs/%E0%A4%A', '/%', '/%zz?x=1']) {
      const answer = await ask(base, raw);
      expect(answer.status, raw).toBe(400);
      expect(answer.headers['content-type'], raw).toBe('text/plain; charset=utf-8');
      expect(answer.body, raw).toBe(malformedPathMessage);
    }
  });

  test('hashed assets are immutable, everything else is revalidated, all with security headers', async () => {
    const base = await serve();
    const asset = await ask(base, '/assets/js/main.0123abcd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe(immutable);
    expect(asset.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    for (const page of ['/', '/docs/intro', '/nope']) {
      expect((await ask(base, page)).headers['cache-control'], page).toBe('no-cache');
    }
    for (const page of ['/', '/docs/intro', '/assets/js/main.0123abcd.js', '/nope']) {
      const {headers} = await ask(base, page);
      expect(headers['strict-transport-security'], page).toMatch(/max-age=\d{8,}/);
      expect(headers['x-content-type-options'], page).toBe('nosniff');
      expect(headers['x-frame-options'], page).toBe('DENY');
      expect(headers['referrer-policy'], page).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], page).toContain('geolocation=()');
      expect(headers['content-security-policy'], page).toContain("frame-ancestors 'none'");
    }
  });

  test('/assets/files/ のファイルは、保存させ（attachment）、sandbox の CSP でスクリプトを止め、型を推し量らせない', async () => {
    const base = await serve();
    for (const file of [...pageDocuments, 'handout-0123abcd.js']) {
      const {status, headers} = await ask(base, `/assets/files/${file}`);
      expect(status, file).toBe(200);
      expect(headers['content-disposition'], file).toBe('attachment');
      expect(headers['x-content-type-options'], file).toBe('nosniff');
      expect(headers['cache-control'], file).toBe(immutable);
      const csp = String(headers['content-security-policy'] ?? '');
      const directives = csp.split(';').map((part) => part.trim());
      expect(directives, file).toContain('sandbox');
      expect(directives, file).toContain("default-src 'none'");
      expect(csp, file).not.toMatch(/allow-scripts|'self'|script-src/);
    }
    // /assets/files/ の外（比べる相手）は、ふつうのページのヘッダー。
    const control = await ask(base, '/control/notes-0123abcd.htm');
    expect(control.headers['content-disposition']).toBeUndefined();
    expect(control.headers['content-security-policy']).toContain("script-src 'self'");
  });

  test('/assets/files/ に置かれた .htm と .svg は、Chromium で開いても読者のオリジンでスクリプトを動かさない', async ({
    page,
  }) => {
    const base = await serve();
    for (const file of pageDocuments) {
      // 比べる相手: /assets/files/ の外なら、文書は同じオリジンのスクリプト（/assets/files/ の .js）を動かす。
      await page.goto(`${base}/control/${file}`);
      await expect(page.locator(':root'), `control/${file}`).toHaveAttribute(ranMark, 'yes');
      // /assets/files/ の文書は、開くとページにならずに保存になる。
      const url = `${base}/assets/files/${file}`;
      const download = page.waitForEvent('download');
      await expect(page.goto(url), file).rejects.toThrow(/Download is starting|ERR_ABORTED/);
      expect((await download).suggestedFilename(), file).toBe(file);
    }
    // 保存の指示を外しても（Content-Disposition を無視するブラウザー）、sandbox の CSP でスクリプトは動かない。
    await page.route(`${base}/assets/files/*.{htm,svg}`, async (route) => {
      const response = await route.fetch();
      const headers = {...response.headers()};
      delete headers['content-disposition'];
      await route.fulfill({response, headers});
    });
    for (const file of pageDocuments) {
      const response = await page.goto(`${base}/assets/files/${file}`);
      expect(response?.status(), file).toBe(200);
      // 文書は描かれた（本文の文字がある）が、スクリプトは動かない。
      await expect(page.locator(file.endsWith('.svg') ? 'text' : 'p'), file).toHaveText(
        file.endsWith('.svg') ? '図' : 'メモ',
      );
      await expect(page.locator(':root'), file).not.toHaveAttribute(ranMark, 'yes');
    }
  });

  test('HEAD answers the headers without a body', async () => {
    const base = await serve();
    const answer = await ask(base, '/docs/intro', {
      method: 'HEAD',
      // 圧縮前のバイト数をたずねる。
      headers: {'Accept-Encoding': 'identity'},
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe(String('intro'.length));
    expect(answer.body).toBe('');
  });

  test('by default, like Firebase Hosting, text is sent as brotli or gzip as the browser asks', async () => {
    const base = await serve();
    const asset = '/assets/js/main.0123abcd.js';
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const {headers} = await ask(base, asset, {headers: {'Accept-Encoding': accepted}});
      expect(headers['content-encoding'], accepted).toBe(encoding);
      expect(headers['vary'], accepted).toMatch(/Accept-Encoding/i);
      // 長さは圧縮しながら決まるので、付けずに送る（chunked）。
      expect(headers['content-length'], accepted).toBeUndefined();
      expect(headers['cache-control'], accepted).toBe(immutable);
      expect(headers['x-content-type-options'], accepted).toBe('nosniff');
    }
    const plain = await ask(base, asset, {headers: {'Accept-Encoding': 'identity'}});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.body).toContain('電鬼電鬼');
    // 読み手が何も言わなければ、圧縮しない。
    expect((await ask(base, asset)).headers['content-encoding']).toBeUndefined();
  });

  test('without compression (for comparison), nothing is compressed', async () => {
    const base = await serve({compression: false});
    const {headers, body} = await ask(base, '/assets/js/main.0123abcd.js', {
      headers: {'Accept-Encoding': 'br, gzip'},
    });
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });
});
