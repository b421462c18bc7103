/**
 * 選んだ写真を、ページの外（Worker）で整える入口（本文の欄が写真を選んだときに読み込む）。Worker は 2 つまで、
 * それぞれ 1 枚ずつ整えるので、同時に記憶に載る写真は 2 枚まで（スマートフォンでも足りる）。結果は選んだ順に返す。
 * Worker で OffscreenCanvas を使えないブラウザーでは、ページの中で 1 枚ずつ整える（prepare.ts の <canvas>）。
 */
import {PhotoError, preparePhoto, type PreparedPhoto} from './prepare';
import type {PhotoReply, PhotoRequest} from './protocol';

/** 写真の Worker のスクリプトの URL（bundle.ts が、組んだファイルの名前を埋め込む）。 */
declare const __DENKI_PHOTO_WORKER__: string;

/** 同時に整える写真の数。 */
export const photoWorkerCount = 2;

/** Worker で整えた写真には、その SHA-256（16 進）も付く。 */
export type OffThreadPhoto = PreparedPhoto & {readonly sha256?: string};

/** 1 枚の結果（選んだ元の File と、整えた写真か使えない理由）。 */
export type PhotoOutcome =
  | {readonly source: File; readonly photo: OffThreadPhoto}
  | {readonly source: File; readonly error: PhotoError};

/** Worker の中で OffscreenCanvas に描いて JPEG にできるか（Safari 16.4 以降と Chromium）。 */
export function canPrepareOffThread(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof OffscreenCanvas.prototype.convertToBlob === 'function' &&
    new OffscreenCanvas(1, 1).getContext('2d') !== null
  );
}

type Prepare = (file: File) => Promise<OffThreadPhoto>;

type Waiting = {
  readonly source: File;
  readonly resolve: (photo: OffThreadPhoto) => void;
  readonly reject: (error: unknown) => void;
};

/**
 * Worker 1 つ: 1 枚ずつ整える。Worker が落ちたら（スクリプトを読めない、記憶が足りないなど）、待っている写真も
 * そのあとに渡す写真も断る（返事の来ない Worker を待ち続けない）。
 */
function photoWorker(): {readonly prepare: Prepare; readonly stop: () => void} {
  const worker = new Worker(__DENKI_PHOTO_WORKER__, {name: '写真の準備'});
  const waiting = new Map<number, Waiting>();
  let next = 0;
  let failure: string | null = null;
  worker.onmessage = ({data}: MessageEvent<PhotoReply>) => {
    const pending = waiting.get(data.id);
    if (!pending) return;
    waiting.delete(data.id);
    if (data.ok) {
      pending.resolve({
        file: data.file,
        width: data.width,
        height: data.height,
        sha256: data.sha256,
      });
    } else {
      pending.reject(new PhotoError(data.problem, pending.source.name, {cause: data.cause}));
    }
  };
  worker.onerror = (event) => {
    failure = event.message || '写真の Worker が止まりました';
    for (const [, pending] of waiting)
      pending.reject(new PhotoError('encode-failed', pending.source.name, {cause: failure}));
    waiting.clear();
  };
  return {
    prepare: (file) =>
      new Promise((resolve, reject) => {
        if (failure !== null) {
          reject(new PhotoError('encode-failed', file.name, {cause: failure}));
          return;
        }
        const id = next++;
        waiting.set(id, {resolve, reject, source: file});
        worker.postMessage({id, file} satisfies PhotoRequest);
      }),
    stop: () => worker.terminate(),
  };
}

const outcome = async (source: File, prepare: Prepare): Promise<PhotoOutcome> => {
  try {
    return {source, photo: await prepare(source)};
  } catch (error) {
    const photoError =
      error instanceof PhotoError
        ? error
        : new PhotoError('encode-failed', source.name, {cause: error});
    return {source, error: photoError};
  }
};

/**
 * files を整え、1 枚ずつ選んだ順に返す（使えない写真も、理由とともにその位置で返す）。整えた写真の名前は選んだ
 * ファイルの名前のままなので、呼び出し側が付け直す。
 */
export async function* preparedPhotos(files: readonly File[]): AsyncGenerator<PhotoOutcome> {
  if (!canPrepareOffThread()) {
    for (const file of files)
      yield await outcome(file, (source) => preparePhoto(source, source.name));
    return;
  }
  const workers = Array.from({length: Math.min(photoWorkerCount, files.length)}, photoWorker);
  // 写真ごとの結果。空いた Worker が、まだ渡していない最初の写真を取る。
  const results = files.map(() => {
    let settle: (result: PhotoOutcome) => void = () => undefined;
    const promise = new Promise<PhotoOutcome>((resolve) => (settle = resolve));
    return {promise, settle};
  });
  let taken = 0;
  const work = async (prepare: Prepare): Promise<void> => {
    while (taken < files.length) {
      const index = taken++;
      results[index].settle(await outcome(files[index], prepare));
    }
  };
  try {
    void Promise.all(workers.map(({prepare}) => work(prepare)));
    for (const {promise} of results) yield await promise;
  } finally {
    for (const worker of workers) worker.stop();
  }
}
