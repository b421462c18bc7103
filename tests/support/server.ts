/** テスト用サーバーの場所（lib/test-server.ts。エディターのテストの複製も同じ場所を使う）。 */
export {testServer} from '../../lib/test-server';
