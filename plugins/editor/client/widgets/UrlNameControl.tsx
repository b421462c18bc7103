/**
 * URL の名前の欄。新しい記事だけが書け、同じ日付と名前の記事がすでにあれば、保存の前に日本語で知らせる
 * （Decap の既定は黙って「-1」を付けて別の URL にする）。
 */
import React, {Component, type ChangeEvent, type ReactNode} from 'react';
import {blogCollectionName} from '../../shared';
import type {ControlProps} from './props';
import {defaultUrlName, entrySlug, postUrl, subscribeDate, urlNameProblem} from './url-name';

type State = {readonly date: string; readonly checked: string | null};

export class UrlNameControl extends Component<ControlProps<string>, State> {
  override state: State = {date: this.entryDate(), checked: null};
  private unsubscribe: (() => void) | null = null;

  private entryDate(): string {
    const date = this.props.getEntry?.().getIn(['data', 'date']);
    return typeof date === 'string' ? date : '';
  }

  private isNew(): boolean {
    return this.props.getEntry?.().get('newRecord') === true;
  }

  override componentDidMount(): void {
    this.unsubscribe = subscribeDate((date) => this.setState({date}, () => this.check()));
    if (this.isNew() && !this.props.value) this.props.onChange(defaultUrlName);
    else this.check();
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
    if (previous.value !== this.props.value) this.check();
  }

  override componentWillUnmount(): void {
    this.unsubscribe?.();
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
    this.props.onChange(event.target.value.trim().toLowerCase());
  };

  override render(): ReactNode {
    const {forID, classNameWrapper, value, setActiveStyle, setInactiveStyle} = this.props;
    if (!this.isNew()) {
      const slug = String(this.props.getEntry?.().get('slug') ?? '').replace(/\/index$/, '');
      const match = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(slug);
      return (
        <p id={forID} className={`${classNameWrapper} denki-url-name__fixed`}>
          {match ? postUrl(match[1] ?? '', match[2] ?? '') : slug}
          <span className="denki-hint">（公開した記事の URL は変えられません）</span>
        </p>
      );
    }
    const shown = value && !urlNameProblem(value) && this.state.date;
    return (
      <div className={classNameWrapper}>
        <input
          id={forID}
          className="denki-text-input"
          value={value ?? ''}
          inputMode="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          onChange={this.change}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
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
