// tslib の ES モジュール版（名前で選んで読み込めば、使わない補助関数はバンドルに入らない）。plugins/perf/client/tslib-helpers.ts が読む。
declare module 'tslib/tslib.es6.mjs' {
  export * from 'tslib';
}
