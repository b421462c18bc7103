/** firebase.json をローカルで再現するサーバー（scripts/hosting.ts）の規則そのものを試す。 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {request} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  canonicalPath,
  encodeLocation,
  headersFor,
  readHostingConfig,
  resolveRequest,
  serverUrl,
  splitRequestUrl,
  startHostingServer,
  type HostingConfig,
} from '../../scripts/hosting';

const config = readHostingConfig();

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
    'assets/js/main.0123abcd.js': 'js',
    '.secret': 'hidden',
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, content);
  }
  return dir;
}

test.describe('hosting rules', () => {
  let root = '';
  let site: HostingConfig = config;
  test.beforeAll(() => {
    root = makeSite();
    site = {...config, public: root};
  });
  test.afterAll(() => rmSync(root, {recursive: true, force: true}));

  test('firebase.json serves the build with clean URLs and no trailing slash', () => {
    expect(config.public).toBe('build');
    expect(config.cleanUrls).toBe(true);
    expect(config.trailingSlash).toBe(false);
  });

  test('clean URLs serve the .html file and the folder index', () => {
    expect(resolveRequest(site, 'GET', '/')).toEqual({
      kind: 'file',
      status: 200,
      file: path.join(root, 'index.html'),
    });
    expect(resolveRequest(site, 'GET', '/docs/intro')).toMatchObject({
      status: 200,
      file: path.join(root, 'docs/intro.html'),
    });
    expect(resolveRequest(site, 'GET', '/docs')).toMatchObject({
      status: 200,
      file: path.join(root, 'docs.html'),
    });
  });

  test('.html, trailing slashes and doubled slashes redirect to the canonical path', () => {
    const cases: Record<string, string> = {
      '/docs/intro.html': '/docs/intro',
      '/docs/intro/': '/docs/intro',
      '/index.html': '/',
      '/blog/': '/blog',
      '//docs//intro/': '/docs/intro',
      '/docs/intro/?q=1': '/docs/intro?q=1',
    };
    for (const [from, to] of Object.entries(cases)) {
      expect(resolveRequest(site, 'GET', from), from).toEqual({
        kind: 'redirect',
        status: 301,
        location: to,
      });
    }
  });

  test('a redirect never points to another host', () => {
    for (const raw of ['//evil.example/', '//evil.example/docs/intro/', '///docs/intro.html']) {
      const answer = resolveRequest(site, 'GET', raw);
      if (answer.kind === 'redirect') expect(answer.location, raw).toMatch(/^\/(?!\/)/);
    }
    expect(canonicalPath(site, '//docs/intro')).toBe('/docs/intro');
    expect(splitRequestUrl('//evil.example/x?y=1')).toEqual({
      rawPath: '//evil.example/x',
      search: '?y=1',
    });
  });

  test('unknown, malformed, traversing and ignored paths get the 404 page', () => {
    const notFound = {kind: 'file', status: 404, file: path.join(root, '404.html')};
    for (const raw of [
      '/nope',
      '/docs/nope/',
      '/%zz',
      '/docs/%E0%A4%A',
      '/%00',
      '/../../etc/passwd',
      '/..%2F..%2Fetc%2Fpasswd',
      '/.secret',
      '/firebase.json',
    ]) {
      expect(resolveRequest(site, 'GET', raw), raw).toEqual(notFound);
    }
  });

  test('only GET and HEAD are allowed', () => {
    expect(resolveRequest(site, 'POST', '/')).toEqual({kind: 'error', status: 405});
    expect(resolveRequest(site, 'HEAD', '/')).toMatchObject({status: 200});
  });

  test('header rules match the request path and later rules win', () => {
    const rules: HostingConfig = {
      public: root,
      headers: [
        {source: '**', headers: [{key: 'Cache-Control', value: 'no-cache'}]},
        {source: '/assets/**', headers: [{key: 'Cache-Control', value: 'immutable'}]},
        {source: '**/*.html', headers: [{key: 'X-Html', value: '1'}]},
      ],
    };
    expect(headersFor(rules, '/assets/js/main.js')).toEqual({'Cache-Control': 'immutable'});
    // クリーン URL のまま照合するので、*.html の規則は /docs/intro には当たらない（本番と同じ）。
    expect(headersFor(rules, '/docs/intro')).toEqual({'Cache-Control': 'no-cache'});
    expect(headersFor(rules, '/docs/intro.html')).toEqual({
      'Cache-Control': 'no-cache',
      'X-Html': '1',
    });
  });

  test('firebase.json caches hashed assets forever and revalidates everything else', () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect(headersFor(config, '/assets/js/main.0123abcd.js')['Cache-Control']).toBe(immutable);
    expect(headersFor(config, '/assets/css/styles.0123abcd.css')['Cache-Control']).toBe(immutable);
    for (const page of ['/', '/docs/intro', '/sw.js', '/manifest.json', '/404.html', '/nope']) {
      expect(headersFor(config, page)['Cache-Control'], page).toBe('no-cache');
    }
  });

  test('firebase.json sends the security headers on every path', () => {
    for (const page of ['/', '/docs/intro', '/assets/js/main.js', '/nope', '/sw.js']) {
      const headers = headersFor(config, page);
      expect(headers['Strict-Transport-Security'], page).toMatch(/max-age=\d{8,}/);
      expect(headers['X-Content-Type-Options'], page).toBe('nosniff');
      expect(headers['X-Frame-Options'], page).toBe('DENY');
      expect(headers['Referrer-Policy'], page).toBe('strict-origin-when-cross-origin');
      expect(headers['Permissions-Policy'], page).toContain('geolocation=()');
      expect(headers['Content-Security-Policy'], page).toContain("frame-ancestors 'none'");
    }
  });

  test('Location headers are percent-encoded', () => {
    expect(encodeLocation('/docs/アプリ/a b?#%')).toBe(
      '/docs/%E3%82%A2%E3%83%97%E3%83%AA/a%20b%3F%23%25',
    );
  });

  test('the server answers over HTTP with status, headers and body', async () => {
    const server = await startHostingServer(site, 0);
    try {
      const base = serverUrl(server);
      const get = (rawPath: string) =>
        new Promise<{status: number; headers: Record<string, unknown>; body: string}>(
          (resolve, reject) => {
            const req = request(`${base}${rawPath}`, (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () =>
                resolve({status: res.statusCode ?? 0, headers: res.headers, body}),
              );
            });
            req.on('error', reject);
            req.end();
          },
        );
      const home = await get('/');
      expect(home.status).toBe(200);
      expect(home.body).toBe('home');
      expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(home.headers['x-frame-options']).toBe('DENY');
      const missing = await get('/%zz');
      expect(missing.status).toBe(404);
      expect(missing.body).toBe('not found');
      expect(missing.headers['cache-control']).toBe('no-cache');
      const moved = await get('/docs/intro/');
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('/docs/intro');
      const asset = await get('/assets/js/main.0123abcd.js');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
