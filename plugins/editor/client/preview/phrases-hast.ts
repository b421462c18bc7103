/**
 * プレビューの本文（hast）に、サイトのビルドと同じ文節の印を付ける（plugins/phrases/shared-hast.ts）。
 * 文節はブラウザーの BudouX で分ける（phrases.tsx）。
 */
import type {Root} from 'hast';
import {phraseMarker, type Parent} from '../../../phrases/shared-hast';
import {splitPhrases} from './phrases';

const markPhrases = phraseMarker(splitPhrases);

/** unified のプラグイン（rehype の段階）。 */
export default function rehypePreviewPhrases() {
  return (tree: Root): void => markPhrases(tree as unknown as Parent);
}
