/** いくつもの手順に出る画面（ホーム、プレイ画面）。番号を付ける部品だけを手順ごとに変える。 */
import type {ReactNode} from 'react';
import {Icon} from './icons';
import {
  Button,
  Card,
  Checkbox,
  Columns,
  ListRow,
  Row,
  Sample,
  Stack,
  Tabs,
  Text,
  Tile,
  Tiles,
  Title,
} from './parts';

export type HomeMarks = {
  readonly join?: number;
  readonly create?: number;
  readonly play?: number;
  readonly tab?: number;
  readonly retry?: number;
};

/** ホーム（A2）。location="denied" で位置情報の警告（A3）を下に出す。 */
export function HomeScreen({
  marks = {},
  location,
}: {
  readonly marks?: HomeMarks;
  readonly location?: 'denied';
}): ReactNode {
  return (
    <>
      <Row>
        <Title label="ホーム" icon="home" />
        <Button label="ヘルプ" icon="book" variant="link" />
      </Row>
      <Tiles>
        <Tile label="参加" icon="people" mark={marks.join} />
        <Tile label="観戦" icon="search" />
        <Tile label="ゲームパックを開封" icon="card" />
        <Tile label="新規作成" icon="plus" mark={marks.create} />
      </Tiles>
      <Tabs items={['あそぶ', 'つくる']} selected="あそぶ" mark={marks.tab} />
      <Row end>
        <Button label="アーカイブ" variant="link" />
      </Row>
      <Card>
        <Row>
          <Sample bold>春の街なか鬼ごっこ</Sample>
          <Text label="⋮" bold />
        </Row>
        <Sample size="s" icon="clock">
          4/29 10:00〜16:00
        </Sample>
        <Sample size="s" icon="people">
          チーム赤
        </Sample>
        <Button label="プレイ" wide mark={marks.play} />
      </Card>
      {location === 'denied' && (
        <Card alert>
          <Text label="位置情報を利用できません" icon="warning" tone="red" bold />
          <Text label="位置情報の取得が許可されていません" size="s" />
          <Button label="クリックして再試行" variant="link" tone="red" mark={marks.retry} />
        </Card>
      )}
    </>
  );
}

/** プレイ画面（P4）。role が鬼になると「つかまえた」と待機の表示（P11）に変わる。 */
export function PlayScreen({
  role = '逃走',
  status = 'ゲーム進行中',
  catchMark,
  waitMark,
}: {
  readonly role?: '逃走' | '鬼';
  readonly status?: 'ゲーム進行中' | '逃走チーム準備';
  readonly catchMark?: number;
  readonly waitMark?: number;
}): ReactNode {
  return (
    <>
      <Card>
        <Sample size="s" tone="green">
          春の街なか鬼ごっこ
        </Sample>
        <Row>
          <Sample icon="people" bold>
            チーム赤
          </Sample>
          <Text label="0 pt" icon="coin" bold />
        </Row>
      </Card>
      <Card title="チームの状態">
        <Text label={role} size="xl" bold />
        {role === '鬼' && <Text label="その場で5分待機" tone="red" bold mark={waitMark} />}
        <Button
          label={role === '鬼' ? 'つかまえた' : 'つかまった'}
          variant="go"
          wide
          mark={catchMark}
        />
      </Card>
      <Card title="ゲームの状態">
        <Text label={status} tone="purple" bold />
        <Text label="00:04:39" size="l" bold />
      </Card>
      <Stack>
        {(['ミッション', 'マップ', '履歴'] as const).map((label) => (
          <ListRow key={label} end={<Icon name="chevron" />}>
            <Text
              label={label}
              icon={label === 'ミッション' ? 'mission' : label === 'マップ' ? 'map' : 'history'}
            />
          </ListRow>
        ))}
      </Stack>
      <Card title="ランキング" icon="trophy">
        <ListRow end={<Sample>120 pt</Sample>}>
          <Text label="1位" bold />
          <Sample>チーム青</Sample>
        </ListRow>
        <Button label="すべてのチーム" variant="outline" wide />
      </Card>
      <Row end>
        <Button label="リタイア" icon="cross" variant="square" />
        <Button label="再読み込み" icon="reload" variant="square" />
        <Button label="アイテム" icon="stack" variant="square" />
      </Row>
    </>
  );
}

/** ミッション一覧（P5）。done で最初のミッションが達成済みの印（P7）になる。 */
export function MissionList({done, mark}: {readonly done?: boolean; readonly mark?: number}) {
  return (
    <>
      <Title label="ミッション" icon="mission" />
      <Columns>
        <Card title="発令中！" mark={mark}>
          <ListRow end={<Sample>00:04:25</Sample>}>
            <Checkbox checked={done} />
            <Sample>公園の位置を送ろう</Sample>
          </ListRow>
          <ListRow end={<Sample>00:18:10</Sample>}>
            <Checkbox />
            <Sample>駅前の写真を撮ろう</Sample>
          </ListRow>
        </Card>
        <Card title="終了済み" />
      </Columns>
    </>
  );
}
