/** テーマの翻訳（i18n/ja/code.json）の文面を読む。見出しにする文面は、文節を用意するためにビルド時に要る。 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {site} from '../../src/constants/site';
import {phraseBreaks} from './shared';

export type Translations = {
  readonly file: string;
  readonly messages: Readonly<Record<string, {readonly message: string}>>;
};

export async function readTranslations(siteDir: string): Promise<Translations> {
  const file = path.join(siteDir, 'i18n', site.locale, 'code.json');
  const messages = JSON.parse(await readFile(file, 'utf8')) as Translations['messages'];
  return {file, messages};
}

/** 翻訳の文面。見出しの文節を用意できないので、無ければビルドを止める。 */
export function messageOf({file, messages}: Translations, id: string): string {
  const message = messages[id]?.message;
  if (!message) throw new Error(`[${phraseBreaks.pluginName}] ${file} に ${id} がありません`);
  return message;
}
