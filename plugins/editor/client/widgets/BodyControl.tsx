/**
 * 本文の欄: 日本語の入力（IME）で文字が重ならない、ふつうのテキストエリア（Decap のリッチテキストの欄は
 * 変換中の文字を二重に入れることがある）と、写真の追加。写真はブラウザーの中で向きを画素に当て、
 * 縮め、メタデータを除いた JPEG にしてから記事のフォルダーに足す（photos/prepare.ts）。整えるのはページの外
 * （Worker）で、そのコードは写真を初めて選んだときに読み込む（photos/off-thread.ts）。整えている間も本文は書ける。
 */
import React, {Component, createRef, type ChangeEvent, type ReactNode} from 'react';
import {rememberSha256} from '../photos/digest';
import {heldPhoto, missingPhotoPaths, subscribe} from '../saving';
import {
  nextPhotoNumber,
  photosIn,
  photosWithoutAlt,
  withAlt,
  withoutPhoto,
  withPhotos,
  type BodyPhoto,
} from './body-photos';
import type {ControlProps} from './props';

type Progress = {readonly done: number; readonly total: number};

type State = {
  readonly progress: Progress | null;
  readonly problems: readonly string[];
  /** このページで用意した写真の表示用の URL（保存前の写真も見せる）。 */
  readonly previews: Readonly<Record<string, string>>;
  /** 本文にあるのに、つながらなくて読めていない写真（photo-2.jpg）。 */
  readonly missing: readonly string[];
};

const photoAccept = 'image/*,.heic,.heif';

/**
 * ページにほかの仕事（打った文字の処理）をさせてから続ける。写真 1 枚を記事に足すと Decap の画面が描き直され、
 * 続けて進み具合と本文を変えると、それが 1 つの長い仕事になって入力が止まる（issue 61）。
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** 保存した記事を開いたが、つながらなくて写真を読めていないとき。 */
const unreadPhotosMessage = (names: readonly string[]): string =>
  `写真 ${names.length} 枚（${names.join('、')}）を、つながらないためまだ読み込めていません。` +
  '書いた内容はこの画面にあり、写真はつながったときに自動で表示します。表示されてから「保存」を押してください。';

export class BodyControl extends Component<ControlProps<string>, State> {
  override state: State = {progress: null, problems: [], previews: {}, missing: []};
  private readonly textarea = createRef<HTMLTextAreaElement>();
  private unsubscribe: (() => void) | null = null;

  /** 記事のフォルダー（blog/2026-11-27-shibuya-report）。新しい記事はまだ無い。 */
  private entryFolder(): string | null {
    const file = this.props.getEntry?.().get('path');
    return typeof file === 'string' && file.includes('/')
      ? file.slice(0, file.lastIndexOf('/'))
      : null;
  }

  /** 本文の写真のうち、つながらなくてまだ読めていないもの（photo-2.jpg）。 */
  private missingInBody(): string[] {
    const folder = this.entryFolder();
    if (!folder) return [];
    const missing = new Set(missingPhotoPaths());
    return photosIn(this.props.value ?? '')
      .map((photo) => photo.src.slice(2))
      .filter((name) => missing.has(`${folder}/${name}`));
  }

  /**
   * 読めていなかった写真が、つながって読めたら、記事に戻す（戻さずに保存すると、その写真はブランチから消える）。
   */
  private readonly syncMissing = (): void => {
    const missing = this.missingInBody();
    const folder = this.entryFolder();
    for (const name of this.state.missing.filter((before) => !missing.includes(before))) {
      const held = folder ? heldPhoto(`${folder}/${name}`) : undefined;
      if (!held) continue;
      const file = new File([held], name, {type: 'image/jpeg'});
      void this.props.onPersistMedia(file, {field: this.props.field});
      this.setState((state) => ({
        previews: {...state.previews, [`./${name}`]: URL.createObjectURL(file)},
      }));
    }
    this.setState({missing});
  };

  override componentDidMount(): void {
    this.unsubscribe = subscribe(this.syncMissing);
    this.syncMissing();
  }

  /** Decap は this を結び付けずに呼ぶので、アロー関数で持つ。 */
  readonly isValid = (): true | {error: {message: string}} => {
    const unread = this.missingInBody();
    if (unread.length > 0) return {error: {message: unreadPhotosMessage(unread)}};
    const missing = photosWithoutAlt(this.props.value ?? '');
    if (missing === 0) return true;
    return {
      error: {
        message: `説明のない写真が ${missing} 枚あります。写真が見えない人のために、何が写っているかを書いてください。`,
      },
    };
  };

  override componentWillUnmount(): void {
    this.unsubscribe?.();
    for (const url of Object.values(this.state.previews)) URL.revokeObjectURL(url);
  }

  private mediaNames(): string[] {
    const files = this.props.getEntry?.().get('mediaFiles') as
      {toArray(): {get(key: string): unknown}[]} | undefined;
    const stored = files?.toArray().map((file) => String(file.get('name') ?? '')) ?? [];
    return [...stored, ...photosIn(this.props.value ?? '').map((photo) => photo.src)];
  }

  private readonly addPhotos = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const input = event.target;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    const at = this.textarea.current?.selectionStart ?? (this.props.value ?? '').length;
    let number = nextPhotoNumber(this.mediaNames());
    const added: string[] = [];
    const problems: string[] = [];
    this.setState({progress: {done: 0, total: files.length}, problems: []});
    try {
      const {preparedPhotos} = await import('../photos/off-thread');
      let done = 0;
      for await (const outcome of preparedPhotos(files)) {
        done += 1;
        if ('error' in outcome) {
          problems.push(outcome.error.message);
        } else {
          const name = `photo-${number}.jpg`;
          const file = new File([outcome.photo.file], name, {type: 'image/jpeg'});
          if (outcome.photo.sha256) rememberSha256(file, outcome.photo.sha256);
          try {
            await this.props.onPersistMedia(file, {field: this.props.field});
            await nextTask();
            added.push(name);
            number += 1;
            this.setState((state) => ({
              previews: {...state.previews, [`./${name}`]: URL.createObjectURL(file)},
            }));
          } catch (error) {
            problems.push(
              `「${outcome.source.name}」を記事に足せませんでした（${String(error)}）。`,
            );
          }
        }
        this.setState({progress: {done, total: files.length}, problems: [...problems]});
      }
    } catch (error) {
      // 写真を整えるコードを読み込めなかった（つながらない）。
      problems.push(
        `写真を用意できませんでした（${String(error)}）。つながっていることを確かめて、もう一度選んでください。`,
      );
      this.setState({problems: [...problems]});
    }
    await nextTask();
    if (added.length > 0) this.props.onChange(withPhotos(this.props.value ?? '', added, at));
    this.setState({progress: null});
  };

  private readonly changeAlt = (photo: BodyPhoto) => (event: ChangeEvent<HTMLInputElement>) => {
    this.props.onChange(withAlt(this.props.value ?? '', photo.index, event.target.value));
  };

  private thumbnail(src: string): string | undefined {
    const prepared = this.state.previews[src];
    if (prepared) return prepared;
    const asset = this.props.getAsset(src, this.props.field);
    return asset instanceof Promise ? undefined : asset.toString() || undefined;
  }

  private renderPhotos(photos: readonly BodyPhoto[]): ReactNode {
    if (photos.length === 0) return null;
    const {forID} = this.props;
    return (
      <fieldset className="denki-photos">
        <legend>写真の説明（{photos.length} 枚）</legend>
        <p className="denki-hint">
          写真が見えない人や、読み込めなかったときのために、何が写っているかを書きます（例:
          駅の改札の前で、次の行き先を相談する参加者）。
        </p>
        <ol className="denki-photos__list">
          {photos.map((photo) => (
            <li key={`${photo.index}-${photo.src}`} className="denki-photos__item">
              <img
                className="denki-photos__thumb"
                src={this.thumbnail(photo.src)}
                alt=""
                decoding="async"
              />
              <label className="denki-photos__label" htmlFor={`${forID}-alt-${photo.index}`}>
                写真 {photo.index + 1} の説明
                <span className="denki-hint">{photo.src.replace('./', '')}</span>
              </label>
              <input
                id={`${forID}-alt-${photo.index}`}
                className="denki-text-input"
                value={photo.alt}
                aria-invalid={photo.alt.trim() === ''}
                onChange={this.changeAlt(photo)}
              />
              {photo.alt.trim() === '' && (
                <p className="denki-photos__missing">説明を書いてください。</p>
              )}
              <button
                type="button"
                className="denki-photos__remove"
                aria-label={`この写真を外す（写真 ${photo.index + 1}、${photo.src.replace('./', '')}）`}
                onClick={() =>
                  this.props.onChange(withoutPhoto(this.props.value ?? '', photo.index))
                }>
                この写真を外す
              </button>
            </li>
          ))}
        </ol>
      </fieldset>
    );
  }

  override render(): ReactNode {
    const {forID, classNameWrapper, value, onChange, setActiveStyle, setInactiveStyle} = this.props;
    const {progress, problems} = this.state;
    return (
      <div className={`${classNameWrapper} denki-body`}>
        <div className="denki-body__tools">
          <label className="denki-button">
            写真を追加
            <input
              type="file"
              accept={photoAccept}
              multiple
              className="denki-visually-hidden"
              disabled={progress !== null}
              onChange={(event) => void this.addPhotos(event)}
            />
          </label>
          <span className="denki-hint" role="status">
            {progress
              ? `写真を用意しています（${progress.done} / ${progress.total} 枚）…`
              : '何枚でもまとめて選べます。選んだ順に、カーソルの位置へ入ります。'}
          </span>
        </div>
        {this.state.missing.length > 0 && (
          <p className="denki-problems" role="status">
            {unreadPhotosMessage(this.state.missing)}
          </p>
        )}
        {problems.length > 0 && (
          <ul className="denki-problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <textarea
          id={forID}
          ref={this.textarea}
          className="denki-textarea"
          lang="ja"
          rows={14}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
        />
        <p className="denki-hint">
          空行で段落を分けます。見出しは行の初めに「## 」。最初の段落はブログの一覧にも出ます。
        </p>
        {this.renderPhotos(photosIn(value ?? ''))}
      </div>
    );
  }
}
