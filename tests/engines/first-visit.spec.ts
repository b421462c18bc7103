/**
 * Gecko（Firefox ESR）と WebKit（WebKitGTK の MiniBrowser）で、すべてのルートへの初めての訪問（first-visit.ts）。
 * 2 つのエンジンは同じファイルで順に走る（CPU を忙しくするのは、いつも 1 つのワーカーだけ）。
 * 所要: 約 2 分（Gecko 約 45 秒、WebKit 約 75 秒。2 コアのマシンでこのファイルだけを走らせたとき）。
 */
import {test} from '@playwright/test';
import {defineFirstVisitSuite} from './first-visit';

test.describe('gecko', () => defineFirstVisitSuite('gecko'));
test.describe('webkit', () => defineFirstVisitSuite('webkit'));
