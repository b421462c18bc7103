/** トップページの「電鬼の特長」のカード。文字だけを置き、絵は src/components/HomepageFeatures が id から選ぶ。見出しの文節はビルド時に分ける（plugins/phrases）。 */
/** トップページの見出しの下のリード文。 */
export const homeLead =
  '電車やバスを乗り継いで、街全体を舞台に逃げて追いかける大規模鬼ごっこです。';

/** カードの並びの見出し。 */
export const featuresHeading = '電鬼の特長';

export type FeatureId = 'easy' | 'wide-area' | 'host';

export type Feature = {
  readonly id: FeatureId;
  readonly title: string;
  readonly points: readonly string[];
};

export const features: readonly Feature[] = [
  {
    id: 'easy',
    title: '誰でもかんたんに参加',
    points: [
      '必要なのはスマートフォンだけです。',
      'Webアプリなのでインストールは不要です。',
      'アカウントを作れば、すぐにゲームへ参加できます。',
    ],
  },
  {
    id: 'wide-area',
    title: '街全体で遊ぶ広域鬼ごっこ',
    points: [
      '駅もバス停も、街全体がフィールドです。',
      '電車やバスを乗り継いで移動します。',
      '逃げ切るルートも追い詰めるルートも、作戦しだいです。',
    ],
  },
  {
    id: 'host',
    title: '誰でも主催できる',
    points: [
      'ルールやミッションを自由に設計できます。',
      '友だち同士の小さな遊びにも使えます。',
      '大勢が集まる公開イベントも開けます。',
    ],
  },
];
