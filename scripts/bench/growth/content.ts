/**
 * 成長の計測（growth）用の合成コンテンツ。N 倍のサイトは、いまの内容に記事 20×N 本と、新しいフォルダー
 * docs/areas/ の地域ガイド 6×N ページを足したもの（1 倍は足さない）。記事には公開の記事（blog/）と同じだけの
 * メタデータ（題、1 文の説明、著者、タグ 2 つ）、ガイドの 5 ページに
 * 1 ページは図（Mermaid）、7 ページに 1 ページは描いた画面（AppScreen）を入れる。地域ごとに、そこを走る路線だけを
 * 書く。文はページごとに変え、検索の索引や図のキャッシュがページの数だけ働くようにする。
 * 報告の記事は、公開の報告と同じく写真を 3〜5 枚載せる（photos.ts がその場で作る。写真の変換もページの数だけ働く）。
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {growthPhoto} from './photos';

export const postsPerFactor = 20;
export const docsPerFactor = 6;

/** 地域ガイドを並べるサイドバーのカテゴリ。 */
export const areasDir = 'areas';
const areasLabel = '地域ごとの案内';

/** 地域と、そこで使う路線（報告やガイドが書くのは、その地域を走る路線だけ）。 */
const areas: readonly {readonly city: string; readonly lines: readonly [string, string]}[] = [
  {city: '流山', lines: ['つくばエクスプレス', '流鉄流山線']},
  {city: '柏', lines: ['東武野田線', 'JR常磐線']},
  {city: '松戸', lines: ['JR常磐線', '新京成線']},
  {city: '船橋', lines: ['JR総武線', '東武野田線']},
  {city: '千葉', lines: ['JR総武線', '千葉都市モノレール']},
  {city: '大宮', lines: ['JR京浜東北線', '東武野田線']},
  {city: '川越', lines: ['東武東上線', 'JR川越線']},
  {city: '八王子', lines: ['JR中央線', '京王線']},
  {city: '立川', lines: ['JR中央線', '多摩モノレール']},
  {city: '町田', lines: ['小田急線', 'JR横浜線']},
  {city: '横浜', lines: ['横浜市営地下鉄', '京急線']},
  {city: '川崎', lines: ['JR南武線', '京急大師線']},
  {city: '藤沢', lines: ['江ノ島電鉄', '小田急江ノ島線']},
  {city: '宇都宮', lines: ['JR宇都宮線', '宇都宮ライトレール']},
  {city: '前橋', lines: ['JR両毛線', '上毛電気鉄道']},
  {city: '水戸', lines: ['JR常磐線', '鹿島臨海鉄道']},
  {city: 'つくば', lines: ['つくばエクスプレス', '関東鉄道バス']},
  {city: '甲府', lines: ['JR中央線', 'JR身延線']},
  {city: '静岡', lines: ['静岡鉄道', 'JR東海道線']},
  {city: '浜松', lines: ['遠州鉄道', 'JR東海道線']},
  {city: '名古屋', lines: ['名古屋市営地下鉄', '名鉄線']},
  {city: '岐阜', lines: ['名鉄線', '岐阜バス']},
  {city: '大津', lines: ['京阪石山坂本線', 'JR琵琶湖線']},
  {city: '京都', lines: ['京都市営地下鉄', '叡山電車']},
  {city: '大阪', lines: ['大阪メトロ', '阪急線']},
  {city: '神戸', lines: ['神戸市営地下鉄', '山陽電車']},
  {city: '奈良', lines: ['近鉄線', '奈良交通バス']},
  {city: '和歌山', lines: ['南海線', '和歌山電鐵']},
  {city: '岡山', lines: ['岡山電気軌道', 'JR吉備線']},
  {city: '広島', lines: ['広島電鉄', 'アストラムライン']},
];

const seasons = ['春', '夏', '秋', '冬'] as const;

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** 記事 n 本目のタグ（tags.yml にあるものだけ）。公開の記事と同じく 2 つ（タグが 1 つしかなければ 1 つ）。 */
function tagsFor(n: number, tags: readonly string[]): string[] {
  const first = pick(tags, n);
  const second = pick(tags, n + 1);
  return first !== second ? [first, second] : [first];
}

function isoDate(start: Date, days: number): string {
  return new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** 記事 n 本目に載せる写真の枚数（3〜5 枚）。 */
export const photosInPost = (n: number): number => 3 + (n % 3);

const photoScenes = [
  '駅の改札の前で、参加者が次の行き先を相談している様子',
  'ホームで電車を待ちながら、アプリの地図を見ている逃走チーム',
  '商店街の入り口で、ミッションの札を探す参加者',
  '結果発表で、鬼チームと逃走チームが並んだ集合写真',
  '受付で、ゲームIDの紙を受け取る参加者',
] as const;

function photoSection(n: number, city: string): string {
  return Array.from(
    {length: photosInPost(n)},
    (_, index) => `![${city}の${pick(photoScenes, n + index)}](./photo-${index + 1}.jpg)`,
  ).join('\n\n');
}

/** 開催レポートの記事（記事のフォルダーの index.md。CommonMark。写真 photo-1.jpg… は同じフォルダーに置く）。 */
export function syntheticPost(n: number, tags: readonly string[], author: string): string {
  const {city, lines} = pick(areas, n);
  const line = pick(lines, n);
  const season = pick(seasons, n);
  const round = Math.floor(n / areas.length) + 1;
  const players = 40 + ((n * 17) % 160);
  const missions = 8 + ((n * 5) % 24);
  return `---
title: ${city}の大規模鬼ごっこ 第${round}回 ${season}の開催レポート（${n + 1}）
description: ${season}に${city}で開いた第${round}回の大規模鬼ごっこの様子を、${line}での逃げ方と参加者${players}人の声と一緒に紹介します。
authors: [${author}]
tags: [${tagsFor(n, tags).join(', ')}]
---

${season}の${city}で、第${round}回の大規模鬼ごっこを開きました。
${line}を中心に、${players}人が街じゅうを逃げ回りました。

<!-- truncate -->

## 当日の様子 {#day}

朝の受付から始まり、ルールの説明のあと、${line}の駅を拠点にゲームを始めました。
ミッションは全部で${missions}個あり、駅前の広場や商店街の中にも用意しました。
鬼チームは${Math.max(3, players % 11)}人で、逃走チームの動きを地図で追いかけました。

## 参加者の声 {#voices}

- ${city}の街を、いつもと違う目線で歩けたのが楽しかったです。
- ${line}の乗り換えを考えながら逃げるのが、思っていたより頭を使いました。
- 次の${pick(seasons, n + 1)}の開催にも参加したいです。

## 当日の写真 {#photos}

${photoSection(n, city)}

## 次回に向けて {#next}

今回の反省を生かして、次回は集合場所の案内を増やします。
電鬼アプリのミッションの数も、参加者の人数に合わせて見直す予定です。
`;
}

function diagram(n: number, city: string, line: string): string {
  return `
## 当日の流れ {/* #flow */}

\`\`\`mermaid
flowchart LR
  accTitle: ${city}での当日の流れ
  accDescr: ${city}駅で受付をしてから、${line}を使うゲームを経て、結果発表まで進みます。
  reception${n}["${city}駅で受付"] --> game${n}["${line}でゲーム"]
  game${n} --> result${n}["結果発表"]
\`\`\`
`;
}

function drawnScreen(city: string): string {
  return `
## アプリでの参加 {/* #join */}

<AppScreen device="phone" screen="P2" caption="${city}のゲームでは、配られた「ゲームID」を入力してから「参加する」を押します。">
  <Title label="ゲームに参加" />
  <Input label="ゲームID" sample="12345" mark={1} />
  <Button label="参加する" wide mark={2} />
</AppScreen>
`;
}

/** 地域ガイドのドキュメント。 */
export function syntheticDoc(n: number): string {
  const {city, lines} = pick(areas, n);
  const line = pick(lines, n);
  const round = Math.floor(n / areas.length) + 1;
  const withScreen = n % 7 === 3;
  return `---
title: ${city}エリアの遊び方 その${round}
sidebar_label: ${city} ${round}
description: ${city}エリアで大規模鬼ごっこを開くときの拠点駅、使える路線、注意する場所をまとめました（その${round}）。
---
${withScreen ? "\nimport {AppScreen, Button, Input, Title} from '@site/src/components/AppScreen';\n" : ''}
${city}エリアで遊ぶときの案内です。
拠点にする駅と、ゲームで使える${line}の乗り方をまとめました。

## 拠点にする駅 {/* #base */}

| 項目 | 内容 |
|---|---|
| 拠点駅 | ${city}駅 |
| 使える路線 | ${lines.join('、')} |
| おすすめの人数 | ${30 + ((n * 13) % 120)}人 |

## 注意する場所 {/* #caution */}

駅の改札の中では走らないように、参加者に伝えてください。
${city}の商店街は人が多いので、ミッションの場所にするときはお店の人に一言かけておきます。
${n % 5 === 1 ? diagram(n, city, line) : ''}${withScreen ? drawnScreen(city) : ''}`;
}

/** sidebars.ts の docs サイドバーの最後に、地域ガイドのカテゴリを足す。 */
export function withAreasCategory(sidebars: string): string {
  const end = /\n {2}\],\n\} satisfies SidebarsConfig;/;
  if (!end.test(sidebars)) {
    throw new Error(
      'sidebars.ts の形が変わったので、地域ガイドのカテゴリを足せません（growth/content.ts）',
    );
  }
  const category = `
    {
      type: 'category',
      label: '${areasLabel}',
      items: [{type: 'autogenerated', dirName: '${areasDir}'}],
    },`;
  return sidebars.replace(end, `${category}\n  ],\n} satisfies SidebarsConfig;`);
}

/** blog/tags.yml のキー（行頭の「キー:」）。 */
function tagKeys(siteDir: string): string[] {
  const yaml = readFileSync(path.join(siteDir, 'blog/tags.yml'), 'utf8');
  return [...yaml.matchAll(/^([\w-]+):\s*$/gm)].map((match) => match[1] as string);
}

function firstAuthor(siteDir: string): string {
  const yaml = readFileSync(path.join(siteDir, 'blog/authors.yml'), 'utf8');
  const key = /^([\w-]+):\s*$/m.exec(yaml)?.[1];
  if (!key) throw new Error('blog/authors.yml に著者がいません');
  return key;
}

export type GrowthContent = {
  readonly posts: number;
  readonly docs: number;
  /** 記事に載せた写真の枚数と、その JPEG の合計のバイト数。 */
  readonly photos: number;
  readonly photoBytes: number;
};

const postsStart = new Date('2025-04-01T00:00:00Z');
const postDir = (n: number): string => `blog/${isoDate(postsStart, n)}-report-${n + 1}`;
const postRoute = (n: number): string =>
  `/blog/${isoDate(postsStart, n).replaceAll('-', '/')}/report-${n + 1}`;
const docName = (n: number): string => `${areasDir}/area-${String(n + 1).padStart(4, '0')}`;

/**
 * factor 倍で足したページのルートと、そのページが主題にする路線（地域ガイドは地域を走る路線、報告は
 * 中心にした路線）。路線の名前で検索したとき、その路線を主題にしたページも正しい答えになる。
 */
export function growthSubjects(factor: number): ReadonlyMap<string, readonly string[]> {
  const subjects = new Map<string, readonly string[]>();
  if (factor <= 1) return subjects;
  for (let n = 0; n < postsPerFactor * factor; n++) {
    subjects.set(postRoute(n), [pick(pick(areas, n).lines, n)]);
  }
  for (let n = 0; n < docsPerFactor * factor; n++) {
    subjects.set(`/docs/${docName(n)}`, pick(areas, n).lines);
  }
  return subjects;
}

/** siteDir（サイトの複製）に factor 倍の内容を書く。書いたページと写真の数を返す。 */
export async function writeGrowthContent(
  siteDir: string,
  factor: number,
  write: (relativePath: string, content: string) => void,
): Promise<GrowthContent> {
  if (factor <= 1) return {posts: 0, docs: 0, photos: 0, photoBytes: 0};
  const posts = postsPerFactor * factor;
  const docs = docsPerFactor * factor;
  const tags = tagKeys(siteDir);
  const author = firstAuthor(siteDir);
  let photos = 0;
  let photoBytes = 0;
  for (let n = 0; n < posts; n++) {
    write(`${postDir(n)}/index.md`, syntheticPost(n, tags, author));
    for (let index = 0; index < photosInPost(n); index++) {
      const jpeg = await growthPhoto();
      writeFileSync(path.join(siteDir, postDir(n), `photo-${index + 1}.jpg`), jpeg);
      photos += 1;
      photoBytes += jpeg.length;
    }
  }
  for (let n = 0; n < docs; n++) write(`docs/${docName(n)}.mdx`, syntheticDoc(n));
  const sidebars = path.join(siteDir, 'sidebars.ts');
  writeFileSync(sidebars, withAreasCategory(readFileSync(sidebars, 'utf8')));
  return {posts, docs, photos, photoBytes};
}
