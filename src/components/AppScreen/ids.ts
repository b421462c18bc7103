/**
 * 電鬼２の画面 ID: 事実シート app-screens.md の見出し（### A1 …）と同じ並び。図の文言は、事実シートの
 * その画面の「」にある文言から選ぶ。tests/node/app-screen-labels.spec.ts がこの一覧と事実シートの見出しを、
 * tests/e2e/app-screens.spec.ts が描いた図の文言と事実シートを、テストのときに照らし合わせる。
 */
export const screenIds = [
  'A1',
  'A2',
  'A3',
  'P1',
  'P2',
  'P3',
  'P4',
  'P5',
  'P6',
  'P7',
  'P8',
  'P9',
  'P10',
  'P11',
  'G1',
  'G2',
  'G3',
  'G4',
  'G5',
  'G6',
  'M1',
  'M2',
  'M3',
  'M4',
  'M5',
  'M6',
  'M7',
] as const;

export type ScreenId = (typeof screenIds)[number];
