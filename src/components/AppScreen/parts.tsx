/**
 * 電鬼２の画面を描く部品。文言は画面の表記どおりの「文言」（data-label、画面ごとに
 * 事実シート app-screens.md と照合される）と、図のための「例」（sample、data-sample）に分けて受け取る。
 * mark={n} を付けた部品は手順の対象として枠で囲み、番号を左に添える。
 */
import clsx from 'clsx';
import type {ReactNode} from 'react';
import {Icon, type IconName} from './icons';
import styles from './styles.module.css';

/** 手順の対象にする番号。1, 2, 3 の順に押す。 */
export type Mark = {readonly mark?: number};

type Tone = 'purple' | 'green' | 'red' | 'muted';
type Size = 's' | 'l' | 'xl';

/** 手順の対象の枠と番号。label はその部品の文言で、本文の「」と照合される。 */
function marked(mark: number | undefined, label?: string) {
  if (mark === undefined) return {className: undefined, attributes: {}, badge: null};
  return {
    className: styles.marked,
    attributes: {'data-mark': mark, 'data-mark-label': label},
    badge: (
      <span className={styles.badge} data-badge="">
        {mark}
      </span>
    ),
  };
}

type TextProps = {readonly tone?: Tone; readonly size?: Size; readonly bold?: boolean};

function textClass({tone, size, bold}: TextProps): string {
  return clsx(tone && styles[tone], size && styles[size], bold && styles.bold);
}

/** 画面に書かれている文言。 */
export function Text({
  label,
  icon,
  mark,
  ...style
}: TextProps & Mark & {readonly label: string; readonly icon?: IconName}): ReactNode {
  const m = marked(mark, label);
  return (
    <span className={clsx(styles.text, textClass(style), m.className)} {...m.attributes}>
      {m.badge}
      {icon && <Icon name={icon} />}
      <span data-label="">{label}</span>
    </span>
  );
}

/** 例として描く値（チーム名、点数、時刻など）。画面の文言ではない。 */
export function Sample({
  children,
  icon,
  ...style
}: TextProps & {readonly children: string; readonly icon?: IconName}): ReactNode {
  return (
    <span className={clsx(styles.text, textClass(style))}>
      {icon && <Icon name={icon} />}
      <span data-sample="">{children}</span>
    </span>
  );
}

/** 画面の見出し（「ホーム」「ゲームに参加」など）。 */
export function Title({label, icon}: {readonly label: string; readonly icon?: IconName}) {
  return (
    <div className={styles.title}>
      <Text label={label} icon={icon} size="l" bold />
    </div>
  );
}

/** 縦に並べる。center は中央ぞろえ。 */
export function Stack({
  children,
  center,
}: {
  readonly children: ReactNode;
  readonly center?: boolean;
}) {
  return <div className={clsx(styles.stack, center && styles.center)}>{children}</div>;
}

/** 横に並べる。end は右端に寄せる。 */
export function Row({children, end}: {readonly children: ReactNode; readonly end?: boolean}) {
  return <div className={clsx(styles.row, end && styles.end)}>{children}</div>;
}

/** PC では左右の2列、スマートフォンでは同じ順に縦に積む。 */
export function Columns({children}: {readonly children: ReactNode}): ReactNode {
  return <div className={styles.columns}>{children}</div>;
}

/** 白い角丸のカード。alert は赤い枠（位置情報の警告）。 */
export function Card({
  title,
  icon,
  alert,
  mark,
  children,
}: Mark & {
  readonly title?: string;
  readonly icon?: IconName;
  readonly alert?: boolean;
  readonly children?: ReactNode;
}): ReactNode {
  const m = marked(mark, title);
  return (
    <div className={clsx(styles.card, alert && styles.alert, m.className)} {...m.attributes}>
      {m.badge}
      {title && <Text label={title} icon={icon} bold />}
      {children}
    </div>
  );
}

/** ホームの大きなタイル（アイコンの下に文言）。 */
export function Tiles({children}: {readonly children: ReactNode}): ReactNode {
  return <div className={styles.tiles}>{children}</div>;
}

export function Tile({
  label,
  icon,
  mark,
}: Mark & {readonly label: string; readonly icon: IconName}) {
  const m = marked(mark, label);
  return (
    <div className={clsx(styles.tile, m.className)} {...m.attributes}>
      {m.badge}
      <Icon name={icon} />
      <span data-label="">{label}</span>
    </div>
  );
}

/** タブの列。mark は選ばれているタブに付く。 */
export function Tabs({
  items,
  selected,
  mark,
}: Mark & {readonly items: readonly string[]; readonly selected: string}): ReactNode {
  return (
    <div className={styles.tabs}>
      {items.map((item) => {
        const m = marked(item === selected ? mark : undefined, item);
        return (
          <span
            key={item}
            className={clsx(styles.tab, item === selected && styles.selected, m.className)}
            {...m.attributes}>
            {m.badge}
            <span data-label="">{item}</span>
          </span>
        );
      })}
    </div>
  );
}

/** ボタン。primary は紫、danger は赤枠（削除）、go は黄緑（アクティベート、つかまった）。 */
export function Button({
  label,
  icon,
  variant = 'primary',
  wide,
  tone,
  mark,
}: Mark & {
  readonly label: string;
  readonly icon?: IconName;
  readonly variant?: 'primary' | 'danger' | 'go' | 'outline' | 'link' | 'square';
  readonly wide?: boolean;
  /** 文字色（赤いリンク「クリックして再試行」など）。 */
  readonly tone?: Tone;
}): ReactNode {
  const m = marked(mark, label);
  return (
    <span
      className={clsx(
        styles.button,
        styles[variant],
        tone && styles[tone],
        wide && styles.wide,
        m.className,
      )}
      {...m.attributes}>
      {m.badge}
      {icon && <Icon name={icon} />}
      <span data-label="">{label}</span>
    </span>
  );
}

type FieldProps = Mark & {
  /** 欄の名前（「ニックネーム」など）。 */
  readonly label?: string;
  /** 欄の中の例の値。 */
  readonly sample?: string;
  /** 欄の中に画面が書く文言（「取得していません」「MM/YY」など）。 */
  readonly value?: string;
  readonly children?: ReactNode;
};

function Field({label, sample, value, mark, children, kind}: FieldProps & {readonly kind: string}) {
  const m = marked(mark, label ?? value);
  return (
    <div className={clsx(styles.field, m.className)} {...m.attributes}>
      {m.badge}
      {label && <Text label={label} size="s" />}
      <div className={clsx(styles.box, styles[kind])}>
        {sample && <Sample>{sample}</Sample>}
        {value && <Text label={value} tone="muted" />}
        {children}
      </div>
    </div>
  );
}

/** 文字の入力欄。lines を付けると複数行の欄。 */
export function Input(props: FieldProps & {readonly lines?: boolean}): ReactNode {
  return <Field {...props} kind={props.lines ? 'area' : 'input'} />;
}

/** 選択欄（▾ 付き）。 */
export function Select(props: FieldProps): ReactNode {
  return <Field {...props} kind="select" />;
}

/** チェックボックス。checked は黄緑に白いチェック。 */
export function Checkbox({
  label,
  checked,
  mark,
}: Mark & {readonly label?: string; readonly checked?: boolean}) {
  const m = marked(mark, label);
  return (
    <span className={clsx(styles.choice, m.className)} {...m.attributes}>
      {m.badge}
      <span className={clsx(styles.checkbox, checked && styles.checked)}>
        {checked && <Icon name="check" />}
      </span>
      {label && <span data-label="">{label}</span>}
    </span>
  );
}

/** ラジオボタン。 */
export function Radio({label, checked}: {readonly label: string; readonly checked?: boolean}) {
  return (
    <span className={styles.choice}>
      <span className={clsx(styles.radio, checked && styles.checked)} />
      <span data-label="">{label}</span>
    </span>
  );
}

/** 一覧の一行（左に中身、右に値）。 */
export function ListRow({
  children,
  end,
  mark,
}: Mark & {readonly children: ReactNode; readonly end?: ReactNode}): ReactNode {
  const m = marked(mark);
  return (
    <div className={clsx(styles.listRow, m.className)} {...m.attributes}>
      {m.badge}
      <div className={styles.grow}>{children}</div>
      {end}
    </div>
  );
}

/** 小さな札（必須項目、メンバー名など）。 */
export function Chip({label, sample}: {readonly label?: string; readonly sample?: string}) {
  return (
    <span className={styles.chip}>
      {label && <span data-label="">{label}</span>}
      {sample && <Sample>{sample}</Sample>}
    </span>
  );
}

/** 近くのチームを探すレーダーの円。 */
export function Radar(): ReactNode {
  return (
    <svg className={styles.radar} viewBox="0 0 100 100" aria-hidden="true">
      <circle cx="50" cy="50" r="46" />
      <circle cx="50" cy="50" r="30" />
      <circle cx="50" cy="50" r="14" />
      <circle cx="50" cy="50" r="3" className={styles.dot} />
    </svg>
  );
}

/** 地図の代わりに描く架空の街路（実在の地図ではない）。線なので印刷にも残る。 */
export function MapArea({children}: {readonly children?: ReactNode}): ReactNode {
  return (
    <div className={styles.map}>
      <svg viewBox="0 0 300 160" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 40h300M0 95h300M0 140h300M60 0v160M150 0v160M235 0v160M0 160 300 10" />
        <path className={styles.rail} d="M0 120C90 110 170 50 300 60" />
      </svg>
      {children}
    </div>
  );
}
