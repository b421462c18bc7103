/** firebase.json の Content-Security-Policy が、いまのビルドのインラインスクリプトを許しているか。 */
import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {
  buildScriptHashes,
  contentSecurityPolicy,
  cspInConfig,
  editorContentSecurityPolicy,
  editorCspInConfig,
  editorRule,
  filesContentSecurityPolicy,
  filesCspInConfig,
  filesRule,
  headersAt,
  inlineScripts,
  loopbackSources,
  readerRule,
  sha256Source,
  signInCspInConfig,
  signInRule,
  withCsp,
  withLoopbackEditorCsp,
  type FirebaseJson,
} from '../../lib/csp';
import {readHostingConfig} from '../../lib/hosting';
import {hostingTargets} from '../../src/constants/editor-sign-in';
import {signInContentSecurityPolicy, signInHeaders} from '../../functions/src/sign-in';

const buildDir = process.env.BUILD_DIR ?? 'build';
const configText = readFileSync('firebase.json', 'utf8');
const deployedCsp = cspInConfig(JSON.parse(configText)) ?? '';

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

test('only executable inline scripts are hashed', () => {
  const html = [
    '<script>a()</script>',
    '<script data-rh=true>b()</script>',
    '<script type="module">c()</script>',
    '<script src=/assets/js/main.js defer></script>',
    '<script type=application/ld+json>{"@type":"Thing"}</script>',
    '<SCRIPT type="text/javascript">d()</SCRIPT >',
  ].join('');
  expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()', 'd()']);
  // echo -n 'a()' | openssl dgst -sha256 -binary | base64
  expect(sha256Source('a()')).toBe("'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='");
});

test('firebase.json allows every inline script of the current build (run npm run csp)', async () => {
  const hashes = await buildScriptHashes(buildDir);
  expect(hashes.length).toBeGreaterThan(0);
  const allowed = directive(deployedCsp, 'script-src');
  const missing = hashes.filter((hash) => !allowed.includes(hash));
  expect(missing, `firebase.json に無いハッシュ（${buildDir} のビルド）`).toEqual([]);
  expect(deployedCsp).toBe(contentSecurityPolicy(hashes));
});

test('the policy forbids inline scripts, eval, framing, plugins and foreign origins', () => {
  const scripts = directive(deployedCsp, 'script-src');
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(directive(deployedCsp, 'default-src')).toEqual(["'self'"]);
  expect(directive(deployedCsp, 'img-src')).toEqual(["'self'", 'data:']);
  expect(directive(deployedCsp, 'connect-src')).toEqual(["'self'"]);
  expect(directive(deployedCsp, 'worker-src')).toEqual(["'self'"]);
  expect(directive(deployedCsp, 'frame-ancestors')).toEqual(["'none'"]);
  expect(directive(deployedCsp, 'base-uri')).toEqual(["'self'"]);
  expect(directive(deployedCsp, 'object-src')).toEqual(["'none'"]);
  expect(directive(deployedCsp, 'form-action')).toEqual(["'self'"]);
  expect(deployedCsp).not.toMatch(/https?:|\*/);
});

test('npm run csp rewrites only the policy and keeps firebase.json formatted', async () => {
  const rewritten = await withCsp(configText, "default-src 'none'", 'firebase.json');
  const before = JSON.parse(configText) as object;
  const after = JSON.parse(rewritten) as object;
  expect(cspInConfig(after as never)).toBe("default-src 'none'");
  const restored = await withCsp(rewritten, deployedCsp, 'firebase.json');
  expect(JSON.parse(restored)).toEqual(before);
  expect(restored).toBe(configText);
});

test('the deployed editor site has its own policy: no inline scripts, no eval, the GitHub API only, and no loopback source', () => {
  const config = JSON.parse(configText) as FirebaseJson;
  const editorCsp = editorCspInConfig(config) ?? '';
  expect(editorCsp).toBe(editorContentSecurityPolicy());
  expect(directive(editorCsp, 'script-src')).toEqual(["'self'"]);
  expect(directive(editorCsp, 'frame-ancestors')).toEqual(["'none'"]);
  expect(directive(editorCsp, 'object-src')).toEqual(["'none'"]);
  expect(directive(editorCsp, 'connect-src')).toEqual([
    "'self'",
    'blob:',
    'https://api.github.com',
  ]);
  // 公開したエディターから、事務局の端末の手元のサーバー（localhost、127.0.0.1）にはつながせない。
  expect(editorCsp).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]/);
  // 読者のページの規則とは別のサイトの規則。
  expect(editorCsp).not.toBe(deployedCsp);
});

test('only the local serving of the editor site (decap-server on loopback) adds loopback sources, and only to connect-src', () => {
  const deployed = readHostingConfig(hostingTargets.editor);
  const local = withLoopbackEditorCsp(deployed);
  const localCsp = editorCspInConfig({hosting: [local]} as FirebaseJson) ?? '';
  expect(directive(localCsp, 'connect-src')).toEqual([
    "'self'",
    'blob:',
    'https://api.github.com',
    ...loopbackSources,
  ]);
  expect(localCsp.replace(` ${loopbackSources.join(' ')}`, '')).toBe(editorContentSecurityPolicy());
  // firebase.json の中身（デプロイするもの）は変えない。読者のサイトの設定には触れない。
  expect(editorCspInConfig({hosting: [deployed]} as FirebaseJson)).toBe(
    editorContentSecurityPolicy(),
  );
  const reader = readHostingConfig(hostingTargets.site);
  expect(withLoopbackEditorCsp(reader)).toBe(reader);
});

const firebaseJson = JSON.parse(configText) as FirebaseJson;
const headersOf = (at: typeof readerRule): Record<string, string> =>
  Object.fromEntries(headersAt(firebaseJson, at).map(({key, value}) => [key, value]));
const rulesOf = (target: string): string[] =>
  (firebaseJson.hosting.find((hosting) => hosting.target === target)?.headers ?? []).map(
    (rule) => rule.source,
  );

test('/api/** (the sign-in function, on the editor site) gets the same headers from firebase.json as from the function, and no opener policy', () => {
  // Hosting の規則は関数の答えの同じ名前のヘッダーを上書きするので、関数の値と同じでなければならない。
  expect(signInCspInConfig(firebaseJson)).toBe(signInContentSecurityPolicy);
  const rule = headersOf(signInRule);
  const effective = {...headersOf(editorRule), ...rule};
  for (const [key, value] of Object.entries(signInHeaders)) expect(effective[key], key).toBe(value);
  expect(directive(signInContentSecurityPolicy, 'default-src')).toEqual(["'none'"]);
  expect(directive(signInContentSecurityPolicy, 'script-src')).toHaveLength(1);
  expect(signInContentSecurityPolicy).not.toMatch(/unsafe|https?:|\*/);
  // 読者のページは same-origin。エディターはポップアップとのつながりを残し、/api/** は付けない。
  expect(headersOf(readerRule)['Cross-Origin-Opener-Policy']).toBe('same-origin');
  expect(headersOf(editorRule)['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  expect(rule['Cross-Origin-Opener-Policy']).toBe('unsafe-none');
  // 後の規則が前の規則の同じヘッダーを上書きする順（Firebase Hosting と superstatic）。
  const order = rulesOf(hostingTargets.editor);
  expect(order.indexOf(signInRule.source)).toBeGreaterThan(order.indexOf(editorRule.source));
});

// issue 65: Docusaurus がリンクの指すファイルを写す /assets/files/ は、開いてもページとして動かない（2 つ目の備え）。
test('/assets/files/** は sandbox（スクリプトなし）の CSP・attachment・nosniff で、読者のページの規則より後にある（npm run csp も保つ）', async () => {
  expect(filesCspInConfig(firebaseJson)).toBe(filesContentSecurityPolicy);
  const files = headersOf(filesRule);
  expect(files['Content-Disposition']).toBe('attachment');
  expect(files['X-Content-Type-Options']).toBe('nosniff');
  const directives = filesContentSecurityPolicy.split(';').map((part) => part.trim());
  expect(directives[0]).toBe('sandbox');
  expect(directive(filesContentSecurityPolicy, 'default-src')).toEqual(["'none'"]);
  expect(filesContentSecurityPolicy).not.toMatch(/allow-|script-src|'self'|https?:|\*/);
  // 後の規則が前の規則の同じヘッダーを上書きする順（Firebase Hosting と superstatic）。
  const order = rulesOf(hostingTargets.site);
  expect(order.indexOf(filesRule.source)).toBeGreaterThan(order.indexOf(readerRule.source));
  expect(order.indexOf(filesRule.source)).toBeGreaterThan(order.indexOf('/assets/**'));
  // npm run csp は、この規則の値を書き戻す（消えていれば止まる）。
  const rewritten = JSON.parse(await withCsp(configText, "default-src 'none'", 'firebase.json'));
  expect(filesCspInConfig(rewritten as FirebaseJson)).toBe(filesContentSecurityPolicy);
});
