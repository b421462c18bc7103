/**
 * 壊れたパーセントエンコード（/%zz、/docs/%E0%A4%A）のパスで開かれると、Docusaurus の起動処理
 * （preload の decodeURI と history の createLocation）が "URI malformed" を投げ、ページが動かない。
 * 起動より先に評価されるクライアントモジュールで、% を %25 に直した URL に置き換える（404 ページが動く）。
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  try {
    decodeURI(pathname);
  } catch {
    window.history.replaceState(
      window.history.state,
      '',
      pathname.replace(/%/g, '%25') + search + hash,
    );
  }
}
