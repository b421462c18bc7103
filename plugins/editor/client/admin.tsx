/** エディター（/admin/）の入口。Decap CMS に、このサイトの書き方・欄・プレビューを登録して開く。 */
import type {ComponentType} from 'react';
import CMS from 'decap-cms-app';
import {blogCollectionName, dataFormat, postFormat, type EditorSetup} from '../shared';
import {withTodayAsDefault} from './defaults';
import {dataFromFile, dataToFile, postFromFile, postToFile} from './format';
import {watchRemoveLabels, withJapaneseLabels} from './labels';
import {japanese} from './locale';
import {localBackend} from './local-backend';
import {noMediaLibrary} from './media-library';
import {startEntriesWithoutPreview} from './preview/narrow-screen';
import {PostPreview} from './preview/PostPreview';
import {watchSessionExpiry} from './session-expiry';
import {BodyControl} from './widgets/BodyControl';
import {DateControl, DatePreview} from './widgets/DateControl';
import {UrlNameControl} from './widgets/UrlNameControl';
import './admin.css';

type WidgetControl = Parameters<typeof CMS.registerWidget>[1];
/** Decap がカスタムの欄に渡すもの（widgets/props.ts）は、型定義の CmsWidgetControlProps より多い。 */
const asWidget = <Props,>(control: ComponentType<Props>): WidgetControl =>
  control as unknown as WidgetControl;

declare const __DENKI_EDITOR__: EditorSetup;
const setup = __DENKI_EDITOR__;

CMS.registerLocale('ja', withJapaneseLabels(japanese));
watchRemoveLabels();
CMS.registerCustomFormat(postFormat, 'md', {fromFile: postFromFile, toFile: postToFile});
CMS.registerCustomFormat(dataFormat, 'json', {fromFile: dataFromFile, toFile: dataToFile});
CMS.registerWidget('denki-date', asWidget(DateControl), DatePreview);
CMS.registerWidget('denki-url-name', asWidget(UrlNameControl));
CMS.registerWidget('denki-body', asWidget(BodyControl));
CMS.registerMediaLibrary(noMediaLibrary);
CMS.registerPreviewStyle(setup.previewStyle);
CMS.registerPreviewTemplate(blogCollectionName, PostPreview);

startEntriesWithoutPreview();

// GitHub App のトークンは 8 時間で切れる。切れたら日本語で知らせ、その場でログインし直させる。
const authBase = String(setup.config.backend.base_url);
const authEndpoint = String(setup.config.backend.auth_endpoint);
watchSessionExpiry({
  authUrl: `${authBase}/${authEndpoint}?provider=github&site_id=${window.location.hostname}`,
  origin: authBase,
});

type DecapConfig = NonNullable<Parameters<typeof CMS.init>[0]>['config'];
// Decap の型定義はカスタムの欄を知らない（設定は Decap が読み込むときに確かめる）。
const config = {
  ...withTodayAsDefault(setup.config),
  local_backend: localBackend(window.location),
  media_library: {name: noMediaLibrary.name},
};
CMS.init({config: config as unknown as DecapConfig});
