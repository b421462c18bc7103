// budoux の中のファイル（package.json の exports に無い）。plugins/search/index.ts の別名で解決する。
declare module 'budoux/module/parser.js' {
  export {Parser} from 'budoux';
}
declare module 'budoux/module/data/models/ja.js' {
  export {jaModel as model} from 'budoux';
}
