/** WCAG 2.x のコントラスト比。ブラウザで要素の文字色と実際の背景色を読み、Node 側で計算する。 */
import type {Locator} from '@playwright/test';

export type Rgba = readonly [number, number, number, number];

/** WCAG AA の通常文字の基準。 */
export const AA_NORMAL_TEXT = 4.5;

export function parseColor(css: string): Rgba {
  const match = css.match(/rgba?\(([^)]+)\)/);
  if (!match) throw new Error(`色を読めません: ${css}`);
  const parts = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** 半透明の色を下の不透明な色に重ねる。 */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  const mix = (i: 0 | 1 | 2) => top[i] * a + bottom[i] * (1 - a);
  return [mix(0), mix(1), mix(2), 1];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export type ColorPair = {
  readonly foreground: string;
  /** 背景の候補（グラデーションなら各色）。最も悪い組み合わせで判定する。 */
  readonly backgrounds: readonly string[];
};

/** 要素の文字色と、祖先をさかのぼって見つけた背景色（半透明は重ねる前の層ごと）を返す。 */
export async function readColors(locator: Locator): Promise<ColorPair> {
  return locator
    .evaluate((element) => {
      const foreground = getComputedStyle(element).color;
      const layers: string[] = [];
      for (let el: Element | null = element; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        const gradientColors = style.backgroundImage.match(/rgba?\([^)]+\)/g);
        if (gradientColors) return {foreground, backgrounds: gradientColors, layers};
        const color = style.backgroundColor;
        if (!/rgba\(\s*0,\s*0,\s*0,\s*0\s*\)|transparent/.test(color)) {
          layers.push(color);
          if (!/rgba/.test(color) || /,\s*1\s*\)$/.test(color)) break;
        }
      }
      return {foreground, backgrounds: ['rgb(255, 255, 255)'], layers};
    })
    .then(({foreground, backgrounds, layers}) => ({
      foreground,
      backgrounds: backgrounds.map((bg) =>
        toCss(
          [...layers]
            .reverse()
            .reduce<Rgba>((under, layer) => composite(parseColor(layer), under), parseColor(bg)),
        ),
      ),
    }));
}

function toCss([r, g, b]: Rgba): string {
  return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
}

/** 文字色と背景の候補の中で最も低いコントラスト比。 */
export function worstContrast({foreground, backgrounds}: ColorPair): number {
  return Math.min(
    ...backgrounds.map((bg) => {
      const base = parseColor(bg);
      return contrastRatio(composite(parseColor(foreground), base), base);
    }),
  );
}
