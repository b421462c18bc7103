/**
 * 写真を整える Worker（エディターのバンドルとは別の入口。photo-worker.ts が組む）。ページの操作（本文の入力）を
 * 止めないよう、読み込み・縮小・JPEG の符号化をここで行う。Chromium のページの中の符号化は、アイドルの時間に
 * 少しずつ進める作りで、ページが忙しいと 1 枚に数秒待たされる（Worker の中では、すぐ符号化する）。
 */
import {sha256Hex} from './digest';
import {PhotoError, preparePhoto} from './prepare';
import type {PhotoReply, PhotoRequest} from './protocol';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PhotoRequest>) => void) | null;
  postMessage(message: PhotoReply): void;
};

scope.onmessage = ({data: {id, file}}) => {
  preparePhoto(file, file.name)
    .then(async (photo) => ({...photo, sha256: await sha256Hex(photo.file)}))
    .then(
      (photo) => scope.postMessage({id, ok: true, ...photo}),
      (error: unknown) =>
        scope.postMessage({
          id,
          ok: false,
          problem: error instanceof PhotoError ? error.problem : 'encode-failed',
          cause: String(error instanceof PhotoError ? (error.cause ?? error) : error),
        }),
    );
};
