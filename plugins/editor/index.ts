/**
 * エディター（/admin/）。事務局がブラウザーで記事を書き、写真を選び、お知らせバーを直す（Decap CMS）。
 * 読者のページとは別に組んで静的ファイルとして出すので、読者のページには何も足さない（bundle.ts）。
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheFolder} from '../cache';
import {bundleEditor} from './bundle';
import {editorConfig} from './config';

/** 組んだエディターの置き場。docusaurus.config.ts の staticDirectories に足し、Docusaurus が出力に写す。 */
export const editorStaticDir = path.join(cacheFolder('denki-editor'), 'static');

export default function editorPlugin(context: LoadContext): Plugin {
  return {
    name: 'denki-editor',
    async loadContent() {
      await bundleEditor(context.siteDir, editorStaticDir, editorConfig(context.siteDir));
    },
    getPathsToWatch() {
      return [path.join(__dirname, 'client/**/*'), path.join(context.siteDir, 'blog/*.yml')];
    },
  };
}
