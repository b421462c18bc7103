/** bench のスクリプトが使う場所（リポジトリの根、結果を書く .bench、予算の bench/budgets.json）。 */
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '../..');
export const benchDir = path.join(projectRoot, '.bench');
export const budgetsFile = path.join(projectRoot, 'bench/budgets.json');
