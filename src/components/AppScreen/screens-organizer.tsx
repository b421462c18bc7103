/**
 * 主催者の画面（「ゲームを編集」と「コントローラ」）の共通部分。図ごとに変わるのは、
 * 選ばれているタブと、番号を付ける部品だけ。部品は parts.tsx のものを使う。
 */
import type {ReactNode} from 'react';
import {Icon} from './icons';
import {Button, Card, Columns, Row, Sample, Select, Stack, Tabs, Text, Title} from './parts';
import styles from './organizer.module.css';

const editorTabs = ['基本情報', 'チーム', 'ミッション', 'アイテム', '参加者', '通知'] as const;
const controllerTabs = ['基本設定', 'チーム', 'ミッション', 'マップ', '履歴'] as const;

/** 狭い幅でタブの列を折り返す（アプリの画面を横にはみ出させない）。 */
function WrappingTabs(props: Parameters<typeof Tabs>[0]): ReactNode {
  return (
    <div className={styles.wrap}>
      <Tabs {...props} />
    </div>
  );
}

/** 「ゲームを編集」（G1〜G6）の見出し、ゲームID、出力・インポート・保存、6つのタブ。 */
export function GameEditorHeader({
  tab,
  tabMark,
  saveMark,
}: {
  readonly tab: (typeof editorTabs)[number];
  readonly tabMark?: number;
  readonly saveMark?: number;
}): ReactNode {
  return (
    <>
      <Title label="ゲームを編集" />
      <Row>
        <span className={styles.inline}>
          <Text label="ゲームID" size="s" />
          <Sample bold>ab12cd</Sample>
        </span>
        <span className={styles.inline}>
          <Button label="出力" icon="download" variant="outline" />
          <Button label="インポート" icon="upload" variant="outline" />
          <Button label="保存" icon="disk" mark={saveMark} />
        </span>
      </Row>
      <WrappingTabs items={editorTabs} selected={tab} mark={tabMark} />
    </>
  );
}

/** 「コントローラ」（M1、M4〜M7）の見出しと5つのタブ。 */
export function ControllerHeader({
  tab,
  tabMark,
}: {
  readonly tab: (typeof controllerTabs)[number];
  readonly tabMark?: number;
}): ReactNode {
  return (
    <>
      <Title label="コントローラ" />
      <WrappingTabs items={controllerTabs} selected={tab} mark={tabMark} />
    </>
  );
}

/** 見出しの右の丸い「?」。 */
function Help(): ReactNode {
  return (
    <span className={styles.help}>
      <Text label="?" size="s" bold />
    </span>
  );
}

/** 「?」付きの小見出し。 */
export function Section({label}: {readonly label: string}): ReactNode {
  return (
    <span className={styles.inline}>
      <Text label={label} bold />
      <Help />
    </span>
  );
}

export type BasicSettingsMarks = {
  readonly credits?: number;
  readonly activate?: number;
  readonly status?: number;
  readonly update?: number;
};

/** コントローラの「基本設定」（M1）: ゲームの概要、アクティベート、ゲームステータス。 */
export function BasicSettings({marks = {}}: {readonly marks?: BasicSettingsMarks}): ReactNode {
  return (
    <>
      <ControllerHeader tab="基本設定" />
      <Card>
        <Sample bold>春の街なか鬼ごっこ</Sample>
        <Row>
          <span className={styles.inline}>
            <Text label="時刻" size="s" />
            <Sample size="s">4/29 10:00〜16:00</Sample>
          </span>
          <span className={styles.inline}>
            <Text label="チーム数" size="s" />
            <Sample size="s">6</Sample>
            <Text label="参加者数" size="s" />
            <Sample size="s">18</Sample>
          </span>
        </Row>
        <Row end>
          <Button label="ゲームの履歴を保存" icon="download" variant="link" />
        </Row>
      </Card>
      <Columns>
        <Stack>
          <Section label="アクティベート" />
          <Card>
            <Text label="消費クレジット" size="s" mark={marks.credits} />
            <Sample size="l" bold>
              12 pt
            </Sample>
            <Button label="アクティベート" icon="check" variant="go" wide mark={marks.activate} />
            <Text label="完了の表示が出るまで数秒お待ちください" size="s" tone="muted" />
          </Card>
          <Card>
            <Text label="所有クレジット" size="s" />
            <Sample size="l" bold>
              34 pt
            </Sample>
            <Button label="クレジット追加" icon="card" variant="outline" />
          </Card>
        </Stack>
        <Stack>
          <Section label="ゲームステータス" />
          <Card>
            <Text label="現在" size="s" />
            <Text label="未アクティベート" tone="purple" bold />
            <Select label="ステータス変更" sample="開始前" mark={marks.status} />
            <Button label="更新" icon="disk" wide mark={marks.update} />
          </Card>
        </Stack>
      </Columns>
    </>
  );
}

/** 街路の地図に重ねる、右上の現在地ボタン（文字のないアイコン）。 */
export function MapPin(): ReactNode {
  return (
    <span className={styles.pin}>
      <Icon name="pin" />
    </span>
  );
}

/** 時刻を選ぶスライダー（線と丸だけ。枠線で描くので印刷にも残る）。 */
export function Slider(): ReactNode {
  return <div className={styles.slider} />;
}

/** 長い文字（Webhook のアドレスなど）を枠の中で折り返す。 */
export function Breakable({children}: {readonly children: ReactNode}): ReactNode {
  return <div className={styles.breakable}>{children}</div>;
}

/** 横に並ぶ入力欄を同じ幅にそろえる（狭い幅では折り返す）。 */
export function Fields({children}: {readonly children: ReactNode}): ReactNode {
  return <div className={styles.fields}>{children}</div>;
}
