declare module 'remark-join-cjk-lines' {
  import type {Plugin} from 'unified';
  const joinCjkLines: Plugin;
  export default joinCjkLines;
}
