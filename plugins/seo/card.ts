import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {renderAsync} from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import {splitPhrases} from '../phrases/split';
import {colors, site} from '../../src/constants/site';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

type Node = {type: string; props: Record<string, unknown> & {children?: unknown}};

/** フォントはサイトの node_modules から探す（設定は jiti、スクリプトは tsx と読み込み方が違うため）。 */
const requireFromSite = createRequire(path.resolve('package.json'));

function font(weight: 400 | 700): Buffer {
  const name =
    weight === 700 ? '700Bold/NotoSansJP_700Bold.ttf' : '400Regular/NotoSansJP_400Regular.ttf';
  const pkg = path.dirname(requireFromSite.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
  return readFileSync(path.join(pkg, name));
}

let fonts: {name: string; data: Buffer; weight: 400 | 700; style: 'normal'}[] | undefined;

function loadFonts(): NonNullable<typeof fonts> {
  fonts ??= [
    {name: 'Noto Sans JP', data: font(400), weight: 400, style: 'normal'},
    {name: 'Noto Sans JP', data: font(700), weight: 700, style: 'normal'},
  ];
  return fonts;
}

function el(type: string, style: Record<string, unknown>, children?: unknown): Node {
  return {type, props: {style, children}};
}

export type CardInput = {
  /** カードの大きな見出し（ページタイトル）。 */
  readonly title: string;
  /** 見出しの上の小さなラベル（例: ドキュメント、ブログ）。 */
  readonly section: string;
  /** 右下に出すサイトのホスト名。 */
  readonly host: string;
  /** ロゴの SVG 文字列。 */
  readonly logoSvg: string;
};

/** カードの色。題だけのカードは淡い地に濃い字、写真のカードは写真に重ねた暗い帯に白い字。 */
type Palette = {
  readonly background: string;
  readonly section: string;
  readonly title: string;
  readonly name: string;
  readonly host: string;
};

const titlePalette: Palette = {
  background: 'linear-gradient(150deg, #efe3f7 0%, #ffffff 70%)',
  section: colors.deep,
  title: '#3d2266',
  name: '#3d2266',
  host: '#4a4a55',
};

/**
 * 上は写真が見え、題とロゴのある下半分は暗い帯（白い字のコントラストが写真によらず保てる）。字に影は付けない:
 * resvg のぼかしはカード 1 枚に約 85 ms かかり（写真のカードの時間の 3 分の 1）、暗い帯があれば要らない。
 */
const photoPalette: Palette = {
  background:
    'linear-gradient(180deg, rgba(18, 10, 32, 0.62) 0%, rgba(18, 10, 32, 0.12) 28%, rgba(18, 10, 32, 0.74) 55%, rgba(18, 10, 32, 0.9) 100%)',
  section: '#ffffff',
  title: '#ffffff',
  name: '#ffffff',
  host: '#f0e8f7',
};

/**
 * 題を折り返せる所で分けた片（並べて flex-wrap で折り返す）。satori は仮名の間でも改行する（「開催レ／ポート」）
 * ので、文節（BudouX）と空白の所でだけ改行させる。空白は前の片の終わりに残す。
 */
const titlePieces = (title: string): string[] =>
  splitPhrases(title).flatMap((phrase) => phrase.split(/(?<= )/));

/** 字の幅の見積もり（em）。和文は全角、ほかは半角ほど。 */
const ems = (text: string): number =>
  [...text].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.6), 0);

/** 片を左から詰めたときの行数（見積もり）。 */
function lineCount(pieces: readonly string[], fontSize: number, width: number): number {
  let lines = 1;
  let used = 0;
  for (const piece of pieces) {
    const pieceWidth = ems(piece) * fontSize;
    if (used > 0 && used + pieceWidth > width) {
      lines += 1;
      used = 0;
    }
    used += pieceWidth;
  }
  return lines;
}

/** 題の字の大きさ: 2 行に収まるうちでいちばん大きいもの。 */
const titleSizes = [72, 58, 48] as const;

/** カードの画面の木（satori に渡す）。題だけのカードは titlePalette、写真に重ねる層は photoPalette。 */
export function cardTree(
  {title, section, host, logoSvg}: CardInput,
  palette: Palette = titlePalette,
): Node {
  const logo = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`;
  const border = 18;
  const padX = 72;
  const pieces = titlePieces(title);
  const titleSize =
    titleSizes.find((size) => lineCount(pieces, size, CARD_WIDTH - padX * 2) <= 2) ?? titleSizes[2];
  const padY = 56;
  const text = (color: string, style: Record<string, unknown>): Record<string, unknown> => ({
    display: 'flex',
    color,
    ...style,
  });
  const inner = el(
    'div',
    {
      width: CARD_WIDTH - padX * 2,
      height: CARD_HEIGHT - border - padY * 2,
      margin: `${padY}px ${padX}px`,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
    },
    [
      el('div', text(palette.section, {fontSize: 34, fontWeight: 700}), section),
      el(
        'div',
        text(palette.title, {
          fontSize: titleSize,
          fontWeight: 700,
          lineHeight: 1.3,
          flexWrap: 'wrap',
        }),
        pieces.map((piece) => el('div', {display: 'flex', whiteSpace: 'pre'}, piece)),
      ),
      el('div', {display: 'flex', alignItems: 'center', justifyContent: 'space-between'}, [
        el('div', {display: 'flex', alignItems: 'center'}, [
          {type: 'img', props: {src: logo, width: 80, height: 80, style: {marginRight: 24}}},
          el('div', text(palette.name, {fontSize: 44, fontWeight: 700}), site.title),
        ]),
        el('div', text(palette.host, {fontSize: 28}), host),
      ]),
    ],
  );
  return el(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      background: palette.background,
      borderBottom: `${border}px solid ${colors.deep}`,
      fontFamily: 'Noto Sans JP',
      color: '#1c1e21',
    },
    [inner],
  );
}

/**
 * 描いた画素。resvg の asPng は PNG の圧縮をメインスレッドで行い（1 枚 40〜50 ms。10 倍のサイトのキャッシュなしの
 * ビルドでは、カードだけで 20 秒メインスレッドを止めた）、写真のカードはそれをまた sharp で読み直していた。
 * 画素（resvg の乗算済みの RGBA）のまま sharp に渡し、圧縮と重ね合わせは libvips のスレッドで行う。
 */
export type CardPixels = {
  readonly input: Buffer;
  readonly raw: {
    readonly width: number;
    readonly height: number;
    readonly channels: 4;
    readonly premultiplied: true;
  };
};

async function renderTree(tree: Node): Promise<CardPixels> {
  const svg = await satori(tree as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  });
  // satori は文字を輪郭（path）で書くので、resvg に端末のフォントを探させない（1 枚ごとに数十 ms かかる）。
  const image = await renderAsync(svg, {
    fitTo: {mode: 'width', value: CARD_WIDTH},
    font: {loadSystemFonts: false},
  });
  return {
    input: image.pixels,
    raw: {width: image.width, height: image.height, channels: 4, premultiplied: true},
  };
}

/**
 * 1200×630 の PNG カードを描く。SVG を画素にする resvg と PNG の圧縮（sharp）は libuv のスレッドで動くので、
 * 何枚かを同時に描けば CPU の数だけ速くなる。
 */
export async function renderCard(input: CardInput): Promise<Buffer> {
  const {input: pixels, raw} = await renderTree(cardTree(input, titlePalette));
  return sharp(pixels, {raw}).png().toBuffer();
}

/** 写真に重ねる、題のカードと同じ配置の層（透明な地に暗い帯と白い字。sharp の composite にそのまま渡す）。 */
export const renderPhotoOverlay = (input: CardInput): Promise<CardPixels> =>
  renderTree(cardTree(input, photoPalette));
