/**
 * BudouX の日本語の文節分け。検索ダイアログを開いたときに動的 import で読み込む（line-breaks.tsx）。
 * 文節分けと日本語のモデルのファイルだけを読む（別名は plugins/search/index.ts）。
 */
import {Parser} from 'budoux/module/parser.js';
import {model} from 'budoux/module/data/models/ja.js';

export const japaneseParser = (): Parser => new Parser(model);
