/**
 * 手元のクローンで編集するとき（npm run editor）の decap-server。Decap が使うのは、ページを localhost か
 * 127.0.0.1 で開いたときだけ（公開したサイトの /admin/ は GitHub を使う）。
 */
import {localBackendParam, localBackendPort} from '../shared';

const loopbackHosts = new Set(['localhost', '127.0.0.1']);

export function localBackend(location: Location): {url: string} | false {
  if (!loopbackHosts.has(location.hostname)) return false;
  const requested = Number(new URLSearchParams(location.search).get(localBackendParam));
  const port = Number.isInteger(requested) && requested > 0 ? requested : localBackendPort;
  return {url: `http://${location.hostname}:${port}/api/v1`};
}
