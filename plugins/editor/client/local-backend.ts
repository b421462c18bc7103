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

/**
 * decap-server が答えるか（Decap の detectProxyServer と同じ問い合わせと確かめ。答えれば、Decap はバックエンドを
 * それに切り替える）。最初の画面が、どちらのログインのボタンを出すかを決めるのに使う。
 */
export async function hasLocalBackend(location: Location): Promise<boolean> {
  const backend = localBackend(location);
  if (!backend) return false;
  try {
    const response = await fetch(backend.url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({action: 'info'}),
    });
    const info = (await response.json()) as {
      repo?: unknown;
      publish_modes?: unknown;
      type?: unknown;
    };
    return (
      typeof info.repo === 'string' &&
      Array.isArray(info.publish_modes) &&
      typeof info.type === 'string'
    );
  } catch {
    return false;
  }
}
