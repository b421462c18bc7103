/** ページと写真の Worker（worker.ts）が送り合うもの。 */
import type {PhotoProblem} from './messages';

/** 整える写真 1 枚（File は複製されずに渡る）。 */
export type PhotoRequest = {readonly id: number; readonly file: File};

/** 1 枚の結果: 整えた JPEG と見える向きの大きさか、使えない理由。 */
export type PhotoReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly file: File;
      readonly width: number;
      readonly height: number;
      /** file の SHA-256（16 進。Decap が写真の id にする値を Worker で計算したもの）。 */
      readonly sha256: string;
    }
  | {
      readonly id: number;
      readonly ok: false;
      readonly problem: PhotoProblem;
      /** 開発者向けの原因（コンソールに出す）。 */
      readonly cause: string;
    };
