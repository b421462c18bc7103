/**
 * URL の名前の欄。新しい記事だけが書け、同じ日付と名前の記事がすでにあれば、保存の前に日本語で知らせる
 * （Decap の既定は黙って「-1」を付けて別の URL にする）。
 */
import React, {Component, type ChangeEvent, type ReactNode} from 'react';
import {blogCollectionName} from '../../shared';
import {AsciiInput} from './AsciiInput';
import type {ControlProps} from './props';
import {entrySlug, postUrl, subscribeDate, urlNameProblem} from './url-name';

type State = {
  readonly date: string;
  /** 探した（探している）スラッグ。 */
  readonly checked: string | null;
  /** 欄に見せる文字。打っている間は、これが元（Decap の値は少し遅れて届くので、それで欄を書き戻さない）。 */
  readonly text: string;
};

/** 打ち終えてから探すまでの間（打つたびに探すと、届いた結果で描き直すたびに打った文字が落ちることがある）。 */
const checkDelayMs = 300;

export class UrlNameControl extends Component<ControlProps<string>, State> {
  override state: State = {date: this.entryDate(), checked: null, text: this.props.value ?? ''};
  private unsubscribe: (() => void) | null = null;
  private pendingCheck: number | undefined;

  private entryDate(): string {
    const date = this.props.getEntry?.().getIn(['data', 'date']);
    return typeof date === 'string' ? date : '';
  }

  private isNew(): boolean {
    return this.props.getEntry?.().get('newRecord') === true;
  }

  override componentDidMount(): void {
    this.unsubscribe = subscribeDate((date) => this.setState({date}, () => this.check()));
    this.check();
  }

  /**
   * Decap の欄の枠（Widget）は、値が変わったときしか描き直さず、欄がこれを持てばそれに従う。探した結果
   * （queryHits）が届いたときも描き直す。React が欄そのものに尋ねるときは、状態の変化も見る。
   */
  override shouldComponentUpdate(
    next: Readonly<ControlProps<string>>,
    nextState: Readonly<State> | undefined,
  ): boolean {
    return (
      next.value !== this.props.value ||
      next.queryHits !== this.props.queryHits ||
      next.classNameWrapper !== this.props.classNameWrapper ||
      (nextState !== undefined && nextState !== this.state)
    );
  }

  override componentDidUpdate(previous: ControlProps<string>): void {
    const {value = ''} = this.props;
    if (previous.value === value) return;
    // ほかから変わった値（控えを戻したときなど）だけを欄に写す。
    if (value !== this.state.text) this.setState({text: value});
    this.scheduleCheck();
  }

  override componentWillUnmount(): void {
    this.unsubscribe?.();
    window.clearTimeout(this.pendingCheck);
  }

  private scheduleCheck(): void {
    window.clearTimeout(this.pendingCheck);
    this.pendingCheck = window.setTimeout(() => this.check(), checkDelayMs);
  }

  /** 同じ日付と名前の記事を探す（結果は queryHits に届く）。 */
  private check(): void {
    const {value, forID, query} = this.props;
    if (!this.isNew() || !this.state.date || urlNameProblem(value) || !value) return;
    const slug = entrySlug(this.state.date, value);
    if (slug === this.state.checked) return;
    this.setState({checked: slug});
    query(forID, blogCollectionName, ['title'], '', slug);
  }

  private duplicate(): boolean {
    const {value, queryHits} = this.props;
    return (
      Boolean(value) &&
      this.state.checked === entrySlug(this.state.date, value ?? '') &&
      queryHits.length > 0
    );
  }

  /** 保存した記事のフォルダーの名前（blog/2026-11-27-shibuya-report/ の shibuya-report）。 */
  private savedName(): string | null {
    const slug = String(this.props.getEntry?.().get('slug') ?? '').replace(/\/index$/, '');
    return /^\d{4}-\d{2}-\d{2}-(.+)$/.exec(slug)?.[1] ?? null;
  }

  /**
   * Decap が「入れなければならない欄」かを確かめる値。URL の名前は front matter に書かないので、保存した記事を
   * 開くと欄の値は空になる。保存した記事では、フォルダーの名前を値として確かめさせる（Decap の Widget が読む）。
   */
  readonly getValidateValue = (): string | undefined =>
    this.isNew() ? this.props.value : (this.savedName() ?? this.props.value);

  /** Decap は this を結び付けずに呼ぶので、アロー関数で持つ。 */
  readonly isValid = (): true | {error: {message: string}} => {
    if (!this.isNew()) return true;
    const problem = urlNameProblem(this.props.value);
    if (problem) return {error: {message: problem}};
    if (this.duplicate()) {
      return {
        error: {
          message: `同じ日付で「${this.props.value}」という URL の名前の記事が、もうあります。URL の名前を変えてください。`,
        },
      };
    }
    return true;
  };

  private readonly change = (event: ChangeEvent<HTMLInputElement>): void => {
    const text = event.target.value.toLowerCase();
    this.setState({text});
    this.props.onChange(text.trim());
  };

  private readonly blur = (): void => {
    window.clearTimeout(this.pendingCheck);
    this.check();
    this.props.setInactiveStyle();
  };

  override render(): ReactNode {
    const {forID, classNameWrapper, value, setActiveStyle} = this.props;
    if (!this.isNew()) {
      const slug = String(this.props.getEntry?.().get('slug') ?? '').replace(/\/index$/, '');
      const match = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(slug);
      return (
        <p id={forID} className={`${classNameWrapper} denki-url-name__fixed`}>
          {match ? postUrl(match[1] ?? '', match[2] ?? '') : slug}
          <span className="denki-hint">（保存した記事の URL は変えられません）</span>
        </p>
      );
    }
    const shown = value && !urlNameProblem(value) && this.state.date;
    return (
      <div className={classNameWrapper}>
        <AsciiInput
          id={forID}
          value={this.state.text}
          onChange={this.change}
          onFocus={setActiveStyle}
          onBlur={this.blur}
        />
        <p className="denki-hint" aria-live="polite">
          {this.duplicate()
            ? `同じ日付で「${value}」という記事がもうあります。ほかの名前にしてください。`
            : shown
              ? `記事の URL: ${postUrl(this.state.date, value ?? '')}`
              : urlNameProblem(value)}
        </p>
      </div>
    );
  }
}
