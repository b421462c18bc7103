/**
 * 開催事例の見出しの id の欄。新しい回だけが書け、ほかの回がもう使っている id は保存の前に日本語で知らせる
 * （Decap の既定は、同じ名前のファイルがあると黙って「-1」を付けた別のファイルにする）。使っている id は、
 * エディターを組んだときの src/data/events（欄の設定の taken）。保存した回の id は、ページの中のリンクが
 * 切れないよう変えられない。
 */
import React, {Component, type ChangeEvent, type ReactNode} from 'react';
import {AsciiInput} from './AsciiInput';
import type {ControlProps} from './props';

export class AnchorControl extends Component<ControlProps<string>> {
  private isNew(): boolean {
    return this.props.getEntry?.().get('newRecord') === true;
  }

  private taken(): readonly string[] {
    const taken = this.props.field.get('taken') as {toJS?: () => unknown} | undefined;
    const list = taken?.toJS?.();
    return Array.isArray(list) ? list.map(String) : [];
  }

  /** Decap は this を結び付けずに呼ぶので、アロー関数で持つ。 */
  readonly isValid = (): true | {error: {message: string}} => {
    const {value} = this.props;
    if (!this.isNew() || !value || !this.taken().includes(value)) return true;
    return {
      error: {
        message: `見出しの id「${value}」は、ほかの回がもう使っています。ほかの id にしてください。`,
      },
    };
  };

  private readonly change = (event: ChangeEvent<HTMLInputElement>): void => {
    this.props.onChange(event.target.value.toLowerCase().trim());
  };

  override render(): ReactNode {
    const {forID, classNameWrapper, value, setActiveStyle, setInactiveStyle} = this.props;
    if (!this.isNew()) {
      return (
        <p id={forID} className={`${classNameWrapper} denki-url-name__fixed`}>
          {value}
          <span className="denki-hint">
            （保存した回の見出しの id は、リンクが切れないよう変えられません）
          </span>
        </p>
      );
    }
    return (
      <div className={classNameWrapper}>
        <AsciiInput
          id={forID}
          value={value ?? ''}
          onChange={this.change}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
        />
      </div>
    );
  }
}
