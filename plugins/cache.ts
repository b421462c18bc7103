/**
 * ビルドの後処理が使う、中身のハッシュで引くファイルのキャッシュ（node_modules/.cache/<name>/）。
 * 同じ入力なら同じ鍵なので、サイトの複製（テスト）とキャッシュを共有しても取り合わない。
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export type FileCache = {
  read(key: string): Buffer | null;
  write(key: string, data: string | Buffer): void;
  /** 鍵のファイルの場所（あるとは限らない）。 */
  file(key: string): string;
};

/** 値（JSON にできるもの）から鍵を作る。描き方が変わったら、値に入れた版の番号を上げる。 */
export const contentKey = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** 処理を書いたファイル（絶対パス）の中身からの鍵。鍵に入れれば、処理を直したときに古い結果を使わない。 */
export const sourceKey = (...files: readonly string[]): string =>
  contentKey(files.map((file) => readFileSync(file, 'utf8')));

export function fileCache(name: string, extension: string): FileCache {
  const dir = path.resolve(__dirname, '../node_modules/.cache', name);
  const fileOf = (key: string): string => path.join(dir, `${key}.${extension}`);
  return {
    file: fileOf,
    read(key) {
      try {
        return readFileSync(fileOf(key));
      } catch {
        return null;
      }
    },
    // 書きかけのファイルを別のビルドが読まないよう、書いてから名前を付ける。
    write(key, data) {
      mkdirSync(dir, {recursive: true});
      const partial = `${fileOf(key)}.${process.pid}.tmp`;
      writeFileSync(partial, data);
      renameSync(partial, fileOf(key));
    },
  };
}
