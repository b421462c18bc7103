/** 手元で編集するとき（npm run editor）の開発サーバー: 組んだエディターを静的ファイルとして配る。 */
import path from 'node:path';
import {cacheFolder} from '../cache';

/** これが 1 のときだけ、docusaurus.config.ts が editorDevDir を静的ファイルのフォルダーに足す。 */
export const editorDevVariable = 'DENKI_EDITOR_DEV';

/** 開発サーバーのためにエディターを組む先（この中の admin/ が /admin/ になる）。 */
export const editorDevDir = path.join(cacheFolder('denki-editor'), 'static');
