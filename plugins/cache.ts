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

/** キャッシュのフォルダー（node_modules/.cache/<name>）。 */
export const cacheFolder = (name: string): string =>
  path.resolve(__dirname, '../node_modules/.cache', name);

/** 書きかけのファイルを別のビルドが読まないよう、書いてから名前を付ける。 */
function writeWhole(file: string, data: string | Buffer): void {
  mkdirSync(path.dirname(file), {recursive: true});
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}

export type ValueCache<T> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  /** このビルドで get か set した鍵だけを書き残す（消えたファイルの値をためない）。 */
  save(): void;
};

/** 小さな値（数など）を、鍵 → 値の 1 つの JSON ファイルに残すキャッシュ（数千の値を 1 回の読み書きで）。 */
export function valueCache<T>(name: string, file: string): ValueCache<T> {
  const location = path.join(cacheFolder(name), file);
  let stored: Record<string, T>;
  try {
    stored = JSON.parse(readFileSync(location, 'utf8')) as Record<string, T>;
  } catch {
    stored = {};
  }
  const used = new Map<string, T>();
  return {
    get(key) {
      const value = Object.hasOwn(stored, key) ? stored[key] : undefined;
      if (value !== undefined) used.set(key, value);
      return value;
    },
    set(key, value) {
      used.set(key, value);
    },
    save() {
      writeWhole(location, JSON.stringify(Object.fromEntries(used)));
    },
  };
}

/** dir は既定のキャッシュのフォルダーの代わり（テストが一時フォルダーを渡す）。 */
export function fileCache(name: string, extension: string, dir = cacheFolder(name)): FileCache {
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
    write(key, data) {
      writeWhole(fileOf(key), data);
    },
  };
}
