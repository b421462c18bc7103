/**
 * 本文の写真（![説明](./photo-1.jpg) だけの段落）。サイトの <Photo>（plugins/images/theme/Photo）と同じ枠
 * （.denki-photo、縦横の比を先に決める枠）で描く。ビルドの下絵と縦横の比はまだ無いので、写真が届くまでは
 * 下絵の代わりの淡い色の 4:3 の枠を見せ、届いたら写真の縦横の比にする。説明の無い写真は目立つように知らせる
 * （ビルドは説明の無い写真で止まる: plugins/images/remark.ts）。
 */
import React, {useCallback, useState, type ReactNode, type SyntheticEvent} from 'react';

type Props = {
  /** 本文に書いたパス（./photo-1.jpg）。 */
  readonly src: string;
  readonly alt: string;
  /** 表示に使う URL（保存前の写真は blob:）。まだ読み込み中なら空。 */
  readonly url: string;
};

type Loaded = {readonly url: string; readonly width: number; readonly height: number};

/** 写真が届くまでの枠の縦横の比（スマートフォンの写真の多くは 4:3）。 */
const placeholderRatio = '4 / 3';

export function PreviewPhoto({src, alt, url}: Props): ReactNode {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const size = loaded?.url === url ? loaded : null;
  const broken = failed === url && url !== '';

  const measure = useCallback(
    (image: HTMLImageElement | null) => {
      // 前に読み込んだ写真（キャッシュ）は、load が React より先に届くことがある。
      if (image?.complete && image.naturalWidth > 0) {
        setLoaded({url, width: image.naturalWidth, height: image.naturalHeight});
      }
    },
    [url],
  );
  const onLoad = (event: SyntheticEvent<HTMLImageElement>): void => {
    const image = event.currentTarget;
    setLoaded({url, width: image.naturalWidth, height: image.naturalHeight});
  };
  const missingAlt = alt.trim() === '';

  return (
    <div className="denki-preview-photo" data-missing-alt={missingAlt || undefined}>
      <div
        className="denki-photo"
        data-loaded={size ? true : undefined}
        style={{aspectRatio: size ? `${size.width} / ${size.height}` : placeholderRatio}}>
        {url !== '' && !broken && (
          <div className="denki-photo__open">
            <picture>
              <img
                ref={measure}
                key={url}
                src={url}
                alt={alt}
                width={size?.width}
                height={size?.height}
                decoding="async"
                onLoad={onLoad}
                onError={() => setFailed(url)}
              />
            </picture>
          </div>
        )}
        {broken && (
          <p className="denki-preview-photo__failed">
            写真 {src.replace(/^\.\//, '')} を読み込めませんでした。
          </p>
        )}
      </div>
      {missingAlt && (
        <p className="denki-preview-note" role="note">
          説明がありません（{src.replace(/^\.\//, '')}
          ）。写真の欄の「説明」に、何が写っているかを書いてください。
        </p>
      )}
    </div>
  );
}
