/**
 * 新しい記事の欄の初めの値。Decap は設定の default で新しい記事を作るので、欄が開いたときに値を書き換えない
 * （書き換えると「変更あり」になり、保存していない記事の控えを、開き直したときに空の記事で上書きしてしまう）。
 * 日付の初めは、エディターを開いた日の日本時間の今日。
 */
import {blogCollectionName, type CmsConfig} from '../shared';
import {todayInJapan} from './widgets/japanese-date';

export function withTodayAsDefault(config: CmsConfig, now: Date = new Date()): CmsConfig {
  return {
    ...config,
    collections: config.collections.map((collection) =>
      collection.name !== blogCollectionName
        ? collection
        : {
            ...collection,
            fields: collection.fields?.map((field) =>
              field.name === 'date' ? {...field, default: todayInJapan(now)} : field,
            ),
          },
    ),
  };
}
