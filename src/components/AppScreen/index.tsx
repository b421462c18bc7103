/**
 * 電鬼２の画面の図。スクリーンショットの代わりに、画面の事実（app-screens.md）から
 * HTML と CSS で描いた簡略図を <figure> に入れる。図そのものは支援技術から隠し
 * （aria-hidden）、意味は <figcaption> の文で伝える。図の文言はサイト内検索に入れない。
 *
 * MDX での使い方:
 *   <AppScreen device="phone" screen="P2" caption="「ゲームID」を入力し、「参加する」を押します。">
 *     <Title label="ゲームに参加" />
 *     <Input label="ゲームID" sample="12345" mark={1} />
 *     <Button label="参加する" wide mark={2} />
 *   </AppScreen>
 * 文言（label, value, title, items）は app-screens.md のその画面の「」から選ぶ（テストが照らし合わせる）。
 * 例の値は sample に書く。
 */
import clsx from 'clsx';
import Phrases from '@theme/Phrases';
import type {ReactNode} from 'react';
import type {ScreenId} from './ids';
import {Text} from './parts';
import styles from './styles.module.css';

export type Device = 'phone' | 'window';

export type AppScreenProps = {
  /** phone は参加者の画面、window は主催者の PC の画面。 */
  readonly device: Device;
  /** app-screens.md の画面 ID（A1〜M7）。図の文言はこの画面の文言と照合される。 */
  readonly screen: ScreenId;
  /** 読者がすることを書いた日本語の説明。 */
  readonly caption: string;
  /** caption の文節（plugins/phrases の rehype がビルド時に足す）。 */
  readonly captionPhrases?: readonly string[];
  readonly children: ReactNode;
};

export function AppScreen({
  device,
  screen,
  caption,
  captionPhrases,
  children,
}: AppScreenProps): ReactNode {
  return (
    <figure className={styles.figure} data-screen={screen}>
      <div
        className={clsx(styles.frame, styles[device])}
        aria-hidden="true"
        data-pagefind-ignore="all">
        <div className={styles.bar}>
          <Text label="電鬼2" tone="purple" bold />
        </div>
        <div className={styles.page}>{children}</div>
      </div>
      <figcaption className={styles.caption}>
        <Phrases text={caption} phrases={captionPhrases} optional />
      </figcaption>
    </figure>
  );
}

// MDX から使う部品の一覧。
export {
  Button,
  Card,
  Checkbox,
  Chip,
  Columns,
  Input,
  ListRow,
  MapArea,
  Radar,
  Radio,
  Row,
  Sample,
  Select,
  Stack,
  Tabs,
  Text,
  Tile,
  Tiles,
  Title,
  type Mark,
} from './parts';
export {HomeScreen, MissionList, PlayScreen, type HomeMarks} from './screens';
export {Icon, type IconName} from './icons';
export type {ScreenId} from './ids';
