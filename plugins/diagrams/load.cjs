// Docusaurus は設定を jiti で読み込み、import() を require に書き換える。ESM 専用の
// mermaid-isomorphic は本物の動的 import でしか読めないので、jiti が変換しない CommonJS から呼ぶ。
module.exports = () => import('mermaid-isomorphic');
