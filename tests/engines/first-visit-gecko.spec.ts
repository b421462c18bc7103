/**
 * Gecko（Firefox ESR）で、すべてのルートへの初めての訪問（first-visit.ts）。
 * 所要: 約 45 秒（19 ルート。2 コアのマシンでこのファイルだけを走らせたとき。テストの間、コアの数だけ CPU を回す）。
 */
import {defineFirstVisitSuite} from './first-visit';

defineFirstVisitSuite('gecko');
