/**
 * 読みの辞書（plugins/search/readings.ts がビルドのときに作る）の遅延読み込み。ひらがなを含む検索語の
 * ときだけ読む。読めなければ辞書なしで探す（打ったとおりの字と、かなの書き換え・言い換えで探す）。
 */
import {READINGS_FILE, type ReadingDictionary} from '../../shared-kana';

let loading: Promise<ReadingDictionary | undefined> | undefined;

export function loadReadings(baseUrl: string): Promise<ReadingDictionary | undefined> {
  loading ??= fetch(`${baseUrl}${READINGS_FILE}`)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return (await response.json()) as ReadingDictionary;
    })
    .catch(() => {
      loading = undefined;
      return undefined;
    });
  return loading;
}
