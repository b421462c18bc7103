/**
 * Pagefind 1.5.2 の、索引の分かれ目（chunk）での取りこぼしを、書き出したメタデータ（*.pf_meta）で避ける。
 *
 * Pagefind は語を文字コード順に並べて約 2 万語の位置ごとに index/*.pf_index に分け、メタデータに
 * 各ファイルの範囲（from〜to。隣と区別できる長さに切った語）を書く。ブラウザーは検索語が範囲に入る
 * ファイルだけを読み、そこにある「検索語で始まる語」を探す（前方一致）。ところが、範囲に入るファイルが
 * 見つかるとそれしか読まない（pagefind_web の request_indexes）。「分」で探すと、「分」で終わるファイルだけを
 * 読み、次のファイルの先頭にある「分かれ」「分間」を見落とす。1 文字の語が多い日本語の索引では、
 * サイトが育って分かれ目が増えるほど起きる（50 倍の合成サイトでは「分」「し」「の」「を」「鬼」で起きた）。
 *
 * 回避: 2 つ目からのファイルの from を、その先頭の語の 1 文字目だけにする。検索語がその文字で始まれば、
 * 範囲の判定でこのファイルも読む。読むファイルが増えることはあっても、減ることはない。
 * メタデータの形が想定と違えば、書き換えずにビルドを止める。
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';

const SIGNATURE = 'pagefind_dcd';

function fail(what: string): never {
  throw new Error(
    `[denki-search] Pagefind の索引のメタデータ（${what}）が想定した形ではありません。` +
      'Pagefind の版が変わったなら、plugins/search/chunks.ts の回避がまだ要るか確かめてください。',
  );
}

type Head = {readonly major: number; readonly value: number; readonly next: number};

/** CBOR の項目の頭（種類と、長さまたは値）を読む。 */
function head(bytes: Buffer, at: number): Head {
  const first = bytes[at] ?? fail('途中で終わっている');
  const major = first >> 5;
  const info = first & 31;
  if (info < 24) return {major, value: info, next: at + 1};
  if (info === 24) return {major, value: bytes.readUInt8(at + 1), next: at + 2};
  if (info === 25) return {major, value: bytes.readUInt16BE(at + 1), next: at + 3};
  if (info === 26) return {major, value: bytes.readUInt32BE(at + 1), next: at + 5};
  return fail(`CBOR の長さ ${info}`);
}

/** CBOR の項目を一つ読み飛ばし、次の位置を返す（Pagefind のメタデータが使う種類だけ）。 */
function skip(bytes: Buffer, at: number): number {
  const {major, value, next} = head(bytes, at);
  if (major === 0 || major === 1) return next;
  if (major === 2 || major === 3) return next + value;
  if (major === 4) {
    let end = next;
    for (let i = 0; i < value; i++) end = skip(bytes, end);
    return end;
  }
  return fail(`CBOR の種類 ${major}`);
}

function text(bytes: Buffer, at: number): {readonly value: string; readonly next: number} {
  const item = head(bytes, at);
  if (item.major !== 3) fail('文字列');
  return {
    value: bytes.toString('utf8', item.next, item.next + item.value),
    next: item.next + item.value,
  };
}

function encodeText(value: string): Buffer {
  const body = Buffer.from(value, 'utf8');
  if (body.length >= 24) fail('書き直す文字列の長さ');
  return Buffer.concat([Buffer.from([0x60 | body.length]), body]);
}

export type IndexChunk = {readonly from: string; readonly to: string; readonly hash: string};

type ChunkAt = IndexChunk & {readonly fromAt: number; readonly fromEnd: number};

/**
 * 展開したメタデータ（署名の後ろの CBOR）から、索引のファイルの一覧を読む。
 * MetaIndex = [version, pages, index_chunks: [[from, to, hash], …], …]（pagefind/src/index/index_metadata.rs）
 */
function readChunks(cbor: Buffer): ChunkAt[] {
  const top = head(cbor, 0);
  if (top.major !== 4 || top.value < 3) fail('全体');
  const version = text(cbor, top.next);
  const chunksHead = head(cbor, skip(cbor, version.next));
  if (chunksHead.major !== 4) fail('index_chunks');
  const chunks: ChunkAt[] = [];
  let at = chunksHead.next;
  for (let i = 0; i < chunksHead.value; i++) {
    const entry = head(cbor, at);
    if (entry.major !== 4 || entry.value !== 3) fail('index_chunks の要素');
    const from = text(cbor, entry.next);
    const to = text(cbor, from.next);
    const hash = text(cbor, to.next);
    chunks.push({
      from: from.value,
      to: to.value,
      hash: hash.value,
      fromAt: entry.next,
      fromEnd: from.next,
    });
    at = hash.next;
  }
  return chunks;
}

function decompress(file: Buffer): Buffer {
  const plain = gunzipSync(file);
  if (plain.toString('utf8', 0, SIGNATURE.length) !== SIGNATURE) fail('署名');
  return plain.subarray(SIGNATURE.length);
}

/** 索引のファイルの一覧（メタデータのファイルから）。 */
export function indexChunks(metaFile: Buffer): IndexChunk[] {
  return readChunks(decompress(metaFile)).map(({from, to, hash}) => ({from, to, hash}));
}

/** 2 つ目からのファイルの from を、先頭の 1 文字にしたメタデータ。 */
export function widenChunkStarts(metaFile: Buffer): Buffer {
  const cbor = decompress(metaFile);
  const pieces: Buffer[] = [];
  let copied = 0;
  for (const [i, chunk] of readChunks(cbor).entries()) {
    const first = [...chunk.from][0];
    if (i === 0 || first === undefined || first === chunk.from) continue;
    pieces.push(cbor.subarray(copied, chunk.fromAt), encodeText(first));
    copied = chunk.fromEnd;
  }
  pieces.push(cbor.subarray(copied));
  return gzipSync(Buffer.concat([Buffer.from(SIGNATURE), ...pieces]), {level: 9});
}

/**
 * outputDir（Pagefind の出力）のメタデータを書き換える。メタデータが挙げる索引のファイルがすべて
 * あることも確かめる。書き換えたファイルの数を返す。
 */
export function fixChunkStarts(outputDir: string): number {
  const entry = JSON.parse(readFileSync(path.join(outputDir, 'pagefind-entry.json'), 'utf8')) as {
    languages?: Record<string, {hash?: string}>;
  };
  const hashes = Object.values(entry.languages ?? {}).map((language) => language.hash);
  if (hashes.length === 0) fail('pagefind-entry.json の languages');
  for (const hash of hashes) {
    const file = path.join(outputDir, `pagefind.${hash ?? fail('言語の hash')}.pf_meta`);
    const meta = readFileSync(file);
    for (const chunk of indexChunks(meta)) {
      readFileSync(path.join(outputDir, 'index', `${chunk.hash}.pf_index`));
    }
    writeFileSync(file, widenChunkStarts(meta));
  }
  return hashes.length;
}
