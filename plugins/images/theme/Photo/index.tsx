/**
 * ビルド時に作った写真（plugins/images/remark.ts）を描く。幅ごとの AVIF と予備の JPEG、表示する向きの
 * 縦横の比、届くまでのぼかした下絵。写真はどれも画面に近づいてから取る（最初の 1 枚は優先して取る）。
 * - データセーバーの端末（<html data-save-data>、<head> の小さなスクリプトが付ける）: 下絵と
 *   「写真を表示（約 N KB）」のボタンだけを見せ、押すまで何も取らない。
 * - ほかの端末: 写真を押すと <dialog> で大きく表示する（大きいファイルはそのときに取る）。
 */
import React, {useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import {candidatesOf, saveDataAttribute, type PhotoProps} from '../../shared';

/** 幅 cssWidth の枠に、この画面の DPR で描くときにブラウザーが選ぶ候補（srcset の w と sizes の規則）。 */
function chosenCandidate(props: PhotoProps, cssWidth: number): {url: string; bytes: number} {
  const candidates = candidatesOf(props.avif).map((candidate, index) => ({
    ...candidate,
    bytes: props.avifBytes[index] ?? 0,
  }));
  const needed = cssWidth * window.devicePixelRatio;
  const chosen = candidates.find(({width}) => width >= needed) ?? candidates.at(-1);
  return chosen ?? {url: props.src, bytes: 0};
}

/** srcset のいちばん大きい候補（「URL 幅w」のまま。picture の中では w と sizes がないと HTML として誤り）。 */
const largest = (srcset: string): string => srcset.split(', ').at(-1) ?? '';

const kilobytes = (bytes: number): number => Math.max(1, Math.round(bytes / 1024));

/** 写真の枠の幅で選ばれるファイル（データセーバーのボタンが示し、押すとこれだけを取る）。 */
function useSaveData(frame: React.RefObject<HTMLDivElement | null>, props: PhotoProps) {
  const [chosen, setChosen] = useState<{url: string; bytes: number} | null>(null);
  useEffect(() => {
    const element = frame.current;
    if (!document.documentElement.hasAttribute(saveDataAttribute) || !element) return undefined;
    // 枠の幅が決まるたび（画面の向きが変わったときも）選び直す。
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setChosen(chosenCandidate(props, entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, props]);
  return chosen;
}

/**
 * 印刷の直前に、画面用の候補をいちばん大きい幅だけにし、印刷が終われば元に戻す。Chromium は印刷のときに
 * <source media="print"> を選び直さず、画面で選んだ幅のまま紙に載せる（720 px なら A4 の本文の幅で約 100 ppi）。
 * beforeprint で始めた読み込みは印刷が待つので、紙にはいちばん大きい幅（約 200 ppi）が載る。
 */
function usePrintResolution(
  source: RefObject<HTMLSourceElement | null>,
  img: RefObject<HTMLImageElement | null>,
  {avif, jpeg}: Pick<PhotoProps, 'avif' | 'jpeg'>,
): void {
  useEffect(() => {
    let screen: {source: string; img: string} | null = null;
    const beforePrint = (): void => {
      if (!source.current || !img.current) return;
      screen = {source: source.current.srcset, img: img.current.srcset};
      source.current.srcset = largest(avif);
      img.current.srcset = largest(jpeg);
    };
    const afterPrint = (): void => {
      if (!screen || !source.current || !img.current) return;
      source.current.srcset = screen.source;
      img.current.srcset = screen.img;
      screen = null;
    };
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
    };
  }, [source, img, avif, jpeg]);
}

/**
 * 初めて開くときに描き（大きいファイルはそのときに取る）、閉じても残す。opens が増えるたびに開く。
 * Esc で閉じた直後の close イベントより先に次の Enter が来ても、開き直せるように。
 */
function PhotoDialog({
  props,
  opens,
  onClose,
}: {
  props: PhotoProps;
  opens: number;
  onClose: () => void;
}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, [opens]);
  return (
    <dialog ref={dialog} className="denki-photo__dialog" aria-label={props.alt} onClose={onClose}>
      <form method="dialog">
        <button type="submit" className="button button--secondary denki-photo__close">
          閉じる
        </button>
      </form>
      <picture>
        <source type="image/avif" srcSet={props.avif} sizes="min(100vw, 1440px)" />
        <img
          src={props.src}
          srcSet={props.jpeg}
          sizes="min(100vw, 1440px)"
          alt={props.alt}
          width={props.width}
          height={props.height}
          decoding="async"
        />
      </picture>
    </dialog>
  );
}

export default function Photo(props: PhotoProps): ReactNode {
  const {alt, width, height, placeholder, avif, jpeg, src, sizes, first} = props;
  const frame = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const screenSource = useRef<HTMLSourceElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [opens, setOpens] = useState(0);
  const [requested, setRequested] = useState(false);
  const saveData = useSaveData(frame, props);
  usePrintResolution(screenSource, image, props);
  // ページの中の移動で開いたとき（<head> のスクリプトは動かない）も、最初の写真はすぐ取る。
  useEffect(() => {
    if (first && image.current && !document.documentElement.hasAttribute(saveDataAttribute))
      image.current.loading = 'eager';
  }, [first]);
  return (
    <div
      ref={frame}
      className="denki-photo"
      data-loaded={requested || undefined}
      style={{aspectRatio: `${width} / ${height}`, backgroundImage: `url(${placeholder})`}}>
      <button
        ref={opener}
        type="button"
        className="denki-photo__open"
        aria-haspopup="dialog"
        title="大きく表示"
        onClick={() => setOpens((count) => count + 1)}>
        <picture>
          {/* 紙（A4 の本文の幅 約 180 mm）には、いちばん大きい幅（約 200 ppi）を載せる。印刷のときに
              選び直すブラウザー向け。Chromium には usePrintResolution が同じ幅を渡す。 */}
          <source type="image/avif" media="print" srcSet={largest(avif)} sizes={sizes} />
          {/* データセーバーで押したときは、ボタンが示した大きさのファイルだけを取る。 */}
          <source
            ref={screenSource}
            type="image/avif"
            srcSet={saveData ? saveData.url : avif}
            sizes={sizes}
          />
          <img
            ref={image}
            src={src}
            srcSet={jpeg}
            sizes={sizes}
            alt={alt}
            width={width}
            height={height}
            loading="lazy"
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
          />
        </picture>
      </button>
      <button
        type="button"
        className="button button--primary denki-photo__load"
        onClick={() => setRequested(true)}>
        写真を表示（約 {kilobytes(saveData?.bytes ?? props.avifBytes.at(-2) ?? 0)} KB）
      </button>
      {opens > 0 && (
        <PhotoDialog props={props} opens={opens} onClose={() => opener.current?.focus()} />
      )}
    </div>
  );
}
