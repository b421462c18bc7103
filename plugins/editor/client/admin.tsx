/**
 * エディター（/admin/）の Decap CMS。このサイトの書き方・欄・プレビューを登録し、startEditor で開く。最初の画面
 * （start.ts）が、ログインを始めたとき（ログインしたままなら、すぐ）に読み込む。`decap-cms-app` は、組むときに
 * Decap のうち設定が使うバックエンドと欄だけを登録したものに換わる（../decap-parts.ts）。
 */
import type {ComponentType} from 'react';
import CMS from 'decap-cms-app';
import {
  blogCollectionName,
  dataFormat,
  eventFormat,
  eventsCollectionName,
  postFormat,
  type EditorSetup,
  type SiteWidgetName,
} from '../shared';
import {withTodayAsDefault} from './defaults';
import {eventToFile} from './event-format';
import {dataFromFile, dataToFile, postFromFile, postToFile} from './format';
import {watchHelpLink} from './help-link';
import {watchRemoveLabels, withJapaneseLabels} from './labels';
import {watchPublishing} from './live/watch-merges';
import {japanese} from './locale';
import {localBackend} from './local-backend';
import {noMediaLibrary} from './media-library';
import {startEntriesWithoutPreview} from './preview/narrow-screen';
import {EventPreview} from './preview/EventPreview';
import {PostPreview} from './preview/PostPreview';
import {AnchorControl} from './widgets/AnchorControl';
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
CMS.registerCustomFormat(eventFormat, 'json', {fromFile: dataFromFile, toFile: eventToFile});
type WidgetPreview = Parameters<typeof CMS.registerWidget>[2];
/** サイトの欄（shared.ts の siteWidgetNames。名前が足りなければ型の検査が止める）。 */
const siteWidgets: Record<SiteWidgetName, readonly [WidgetControl, WidgetPreview?]> = {
  'denki-date': [asWidget(DateControl), DatePreview],
  'denki-url-name': [asWidget(UrlNameControl)],
  'denki-anchor': [asWidget(AnchorControl)],
  'denki-body': [asWidget(BodyControl)],
};
for (const [name, [control, preview]] of Object.entries(siteWidgets)) {
  CMS.registerWidget(name, control, preview);
}
CMS.registerMediaLibrary(noMediaLibrary);
CMS.registerPreviewStyle(setup.previewStyle);
CMS.registerPreviewTemplate(blogCollectionName, PostPreview);
CMS.registerPreviewTemplate(eventsCollectionName, EventPreview);

startEntriesWithoutPreview();
watchHelpLink();

// 「公開」のあと、記事がサイトに出るまでを追って知らせる（live/watch-merges.ts）。
watchPublishing({
  repo: String(setup.config.backend.repo),
  branch: String(setup.config.backend.branch),
  siteUrl: String(setup.config.display_url),
  collectionLabels: Object.fromEntries(
    setup.config.collections.map((collection) => [collection.name, collection.label]),
  ),
});

type DecapConfig = NonNullable<Parameters<typeof CMS.init>[0]>['config'];
/** Decap を開く（1 度だけ呼ぶ）。 */
export function startEditor(): void {
  // Decap の型定義はカスタムの欄を知らない（設定は Decap が読み込むときに確かめる）。
  const config = {
    ...withTodayAsDefault(setup.config),
    local_backend: localBackend(window.location),
    media_library: {name: noMediaLibrary.name},
  };
  CMS.init({config: config as unknown as DecapConfig});
}
