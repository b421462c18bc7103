/** 日付の欄: [2026]年[11]月[27]日 と数字で入れる（Decap の日付の欄は mm/dd/yyyy で、時差で日がずれる）。 */
import React, {Component, type ChangeEvent, type ReactNode} from 'react';
import {digitsOnly, isoDate, japaneseDate, partsOf, type DateParts} from './japanese-date';
import {scheduleNote} from '../schedule';
import type {ControlProps} from './props';
import {publishDate} from './url-name';

type State = DateParts;

export class DateControl extends Component<ControlProps<string>, State> {
  override state: State = partsOf(this.props.value);

  override componentDidMount(): void {
    // 新しい記事の日付の初めは設定の default（defaults.ts）。URL の名前の欄に、いまの日付を知らせる。
    if (this.props.value) publishDate(this.props.value);
  }

  override componentDidUpdate(previous: ControlProps<string>): void {
    if (previous.value !== this.props.value && this.props.value) {
      const current = isoDate(this.state);
      if (!('value' in current) || current.value !== this.props.value) {
        this.setState(partsOf(this.props.value));
      }
    }
  }

  /** Decap は this を結び付けずに呼ぶので、アロー関数で持つ。 */
  readonly isValid = (): true | {error: {message: string}} => {
    const result = isoDate(this.state);
    return 'problem' in result ? {error: {message: result.problem}} : true;
  };

  private readonly change =
    (part: keyof DateParts) =>
    (event: ChangeEvent<HTMLInputElement>): void => {
      const next = {
        ...this.state,
        [part]: digitsOnly(event.target.value).slice(0, part === 'year' ? 4 : 2),
      };
      this.setState(next);
      const result = isoDate(next);
      const value = 'value' in result ? result.value : '';
      this.props.onChange(value);
      publishDate(value);
    };

  override render(): ReactNode {
    const {forID, classNameWrapper, setActiveStyle, setInactiveStyle} = this.props;
    const input = (part: keyof DateParts, unit: string, width: string): ReactNode => (
      <label className="denki-date__part">
        <input
          id={part === 'year' ? forID : `${forID}-${part}`}
          className="denki-date__input"
          style={{width}}
          inputMode="numeric"
          autoComplete="off"
          value={this.state[part]}
          aria-label={unit}
          onChange={this.change(part)}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
        />
        <span aria-hidden="true">{unit}</span>
      </label>
    );
    const result = isoDate(this.state);
    // 日付が今日（日本時間）より後なら、公開予約の知らせ（「12月5日に公開されます」。../schedule.tsx）。
    const scheduled = 'value' in result ? scheduleNote(result.value) : undefined;
    return (
      <div
        className={`${classNameWrapper} denki-date`}
        role="group"
        aria-describedby={`${forID}-shown`}>
        {input('year', '年', '5em')}
        {input('month', '月', '3.2em')}
        {input('day', '日', '3.2em')}
        <p id={`${forID}-shown`} className="denki-date__shown" aria-live="polite">
          {'value' in result ? `記事の日付: ${japaneseDate(result.value)}` : result.problem}
          {scheduled ? (
            <>
              <br />
              <span className="denki-scheduled">{scheduled}</span>
            </>
          ) : null}
        </p>
      </div>
    );
  }
}

export function DatePreview({value}: {value?: string}): ReactNode {
  return <span>{japaneseDate(value)}</span>;
}
