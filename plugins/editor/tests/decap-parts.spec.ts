/**
 * エディターに組む Decap の部分（issue 61。ブラウザーを使わない。エディターを一時フォルダーに 1 度組むので、
 * 2 コアのマシンで約 5〜15 秒）: 欄は設定から（list・object の中まで）選ばれ、知らない欄なら組むのが止まり、
 * 組んだエディターには使わない Decap の部分（CodeMirror、リッチテキスト、地図、ほかのバックエンド、ajv、GraphQL）
 * が無く、最初の画面の JS は Decap を動的にだけ読み込む。
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, test} from './fixture';
import {bundleEditor} from '../bundle';
import {editorConfig} from '../config';
import {decapEntrySource, usedWidgets} from '../decap-parts';
import type {CmsConfig} from '../shared';

const projectRoot = path.resolve(__dirname, '../../..');
const config = editorConfig(projectRoot);
const appDir = path.dirname(require.resolve('decap-cms-app/package.json'));

const withCollection = (fields: CmsConfig['collections'][number]['fields']): CmsConfig => ({
  ...config,
  collections: [
    ...config.collections,
    {name: 'events', label: '開催事例', folder: 'src/data/events', format: 'denki-json', fields},
  ],
});

test('the widgets come from the collections, through list and object fields; a field without a widget is a string', () => {
  expect([...usedWidgets(config)].sort()).toEqual(
    [
      ...['denki-anchor', 'denki-body', 'denki-date', 'denki-url-name'],
      ...['list', 'number', 'relation', 'select', 'string', 'text'],
    ].sort(),
  );
  const nested = withCollection([
    {
      name: 'sessions',
      label: '回',
      widget: 'list',
      fields: [
        {
          name: 'place',
          label: '場所',
          widget: 'object',
          fields: [{name: 'x', label: 'x'} as never],
        },
        {name: 'players', label: '人数', widget: 'number'},
      ],
    },
    {
      name: 'photos',
      label: '写真',
      widget: 'list',
      field: {name: 'p', label: 'p', widget: 'image'},
    },
    {
      name: 'parts',
      label: '部分',
      widget: 'list',
      types: [
        {
          name: 'note',
          label: 'メモ',
          widget: 'object',
          fields: [{name: 'open', label: '公開', widget: 'boolean'}],
        },
      ],
    },
  ]);
  const widgets = usedWidgets(nested);
  for (const name of ['list', 'object', 'number', 'image', 'boolean', 'string'])
    expect(widgets.has(name), name).toBe(true);
  const source = decapEntrySource(nested, appDir);
  for (const pkg of ['list', 'object', 'number', 'image', 'boolean'])
    expect(source).toContain(`'decap-cms-widget-${pkg}'`);
  expect(source).not.toContain('decap-cms-widget-markdown');
  // Decap は足りない文言を英語から取るので、英語の文言はいつも登録する。
  expect(source).toContain("CMS.registerLocale('en', en);");
  const markdown = decapEntrySource(
    withCollection([{name: 'body', label: '本文', widget: 'markdown'}]),
    appDir,
  );
  for (const pkg of [
    'decap-cms-widget-markdown',
    'decap-cms-widget-code',
    'decap-cms-editor-component-image',
  ])
    expect(markdown).toContain(`'${pkg}'`);
});

test('the post form widgets load with the editor; widgets only other collections use load when first drawn', () => {
  const source = decapEntrySource(config, appDir);
  const post = usedWidgets({collections: config.collections.slice(0, 1)});
  expect(post.has('select')).toBe(true);
  expect(source).toMatch(/import Widget\d+ from 'decap-cms-widget-select';/);
  for (const name of ['list', 'relation', 'number']) {
    expect(post.has(name), name).toBe(false);
    expect(source).toContain(
      `registerLazyWidget(CMS, '${name}', () => import('decap-cms-widget-${name}'));`,
    );
    expect(source).not.toMatch(new RegExp(`import Widget\\d+ from 'decap-cms-widget-${name}'`));
  }
});

test('an unknown widget stops the build with a Japanese message naming it', () => {
  const typo = withCollection([{name: 'when', label: '日時', widget: 'date-time'}]);
  expect(() => decapEntrySource(typo, appDir)).toThrow(/知らない欄（「date-time」）/);
});

test('the built editor carries none of the Decap parts it does not use, and its first script loads Decap only on demand', async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'denki-decap-parts-'));
  try {
    const metafile = await bundleEditor(projectRoot, out, {siteImages: false});
    const inputs = Object.keys(metafile.inputs).join('\n');
    for (const unused of [
      'codemirror',
      'decap-cms-widget-markdown',
      'node_modules/slate',
      'node_modules/ol/',
      'decap-cms-backend-gitlab',
      'decap-cms-backend-git-gateway',
      'node_modules/ajv/',
      'graphql',
      'apollo-client',
      '@iarna/toml',
    ]) {
      expect(inputs, unused).not.toContain(unused);
    }
    const [entryFile, entry] = Object.entries(metafile.outputs).find(([, output]) =>
      output.entryPoint?.endsWith('client/start.ts'),
    ) ?? ['', {imports: []}];
    expect(entryFile).not.toBe('');
    expect(entry.imports.find((i) => i.path.includes('/admin-'))?.kind).toBe('dynamic-import');
    // 最初の画面の JS（入口と、それが静的に読み込むチャンク）は、Decap を持たない。
    const firstScripts = [
      entryFile,
      ...entry.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
    ];
    for (const file of firstScripts) {
      const inputsOfFile = Object.keys(metafile.outputs[file]?.inputs ?? {});
      expect(
        inputsOfFile.filter((input) => input.includes('decap-cms')),
        file,
      ).toEqual([]);
    }
    const firstGzip = firstScripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.resolve(projectRoot, file))).length,
      0,
    );
    expect(firstGzip).toBeLessThan(20 * 1024);
  } finally {
    rmSync(out, {recursive: true, force: true});
  }
});
