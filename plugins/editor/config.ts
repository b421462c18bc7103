/** エディターの設定（Decap CMS の config）を、サイトの定数と blog/authors.yml・blog/tags.yml から作る。 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {editorOrigin, previewStatusContext, signInPath} from '../../src/constants/editor-sign-in';
import {site, siteUrl, sourceRepository} from '../../src/constants/site';
import {eventSiteFacts} from '../events/load';
import {blogCollection, eventsCollection, siteCollection} from './collections';
import type {CmsConfig, EditorOption} from './shared';

type YamlEntries = Record<string, {readonly name?: string; readonly label?: string}>;

/** authors.yml（name）と tags.yml（label）の、キーと表示名。 */
function optionsFrom(file: string, labelKey: 'name' | 'label'): EditorOption[] {
  const entries = parse(readFileSync(file, 'utf8')) as YamlEntries;
  return Object.entries(entries).map(([value, entry]) => ({
    value,
    label: `${entry[labelKey] ?? value}（${value}）`,
  }));
}

export function editorConfig(siteDir: string): CmsConfig {
  const blogDir = path.join(siteDir, 'blog');
  return {
    backend: {
      name: 'github',
      repo: sourceRepository.repo,
      branch: sourceRepository.branch,
      // GitHub でのログインは、エディターのサイト自身の /api/auth（Firebase Hosting が回す Cloud Function、
      // functions/）がポップアップで行う。Decap はそのオリジンからの postMessage だけを受け取る。権限は GitHub App
      // が決める（scope は使わない）。
      base_url: editorOrigin,
      auth_endpoint: signInPath.replace(/^\//, ''),
      // ワークフローがプルリクエストに付ける状態の名前。「プレビューを見る」がその URL を開く。
      preview_context: previewStatusContext,
      commit_messages: {
        create: '{{collection}}「{{slug}}」を足す（エディター、{{author-name}}）',
        update: '{{collection}}「{{slug}}」を直す（エディター、{{author-name}}）',
        delete: '{{collection}}「{{slug}}」を消す（エディター、{{author-name}}）',
        uploadMedia: '写真 {{path}} を足す（エディター、{{author-name}}）',
        deleteMedia: '写真 {{path}} を消す（エディター、{{author-name}}）',
      },
    },
    // 記事ごとにブランチとプルリクエストを作り、テストとプレビューを通ってから公開する（下書き → レビュー待ち → 公開待ち）。
    publish_mode: 'editorial_workflow',
    load_config_file: false,
    locale: 'ja',
    // 上の「サイトを見る」。site_url は置かない: Decap は site_url があると、公開済みの記事に「ライブで見る」を出し、
    // コレクションに preview_path が無いとサイトの最初のページを開く（記事ではない）。
    display_url: siteUrl,
    logo: {src: '/img/logo.svg', show_in_header: true},
    // 写真は記事ごとのフォルダーに置く（コレクションの media_folder）。ここはライブラリーの既定の置き場。
    media_folder: 'static/img/uploads',
    public_folder: '/img/uploads',
    slug: {encoding: 'ascii', clean_accents: true, sanitize_replacement: '-'},
    // 「プレビューを見る」: 記事のプルリクエストの head のコミットの、preview_context の状態のリンク（このプロジェクトの
    // プレビューチャンネルの URL のときだけ。decap-patches.ts）。preview_path は置かないので、そのリンクをそのまま開く。
    show_preview_links: true,
    editor: {preview: true},
    collections: [
      blogCollection(
        optionsFrom(path.join(blogDir, 'authors.yml'), 'name'),
        optionsFrom(path.join(blogDir, 'tags.yml'), 'label'),
      ),
      eventsCollection(eventSiteFacts(siteDir)),
      siteCollection,
    ],
  };
}

export const editorTitle = `${site.title} エディター`;
