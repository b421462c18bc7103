/**
 * 「公開」を GitHub が断ったとき（405）の日本語の知らせ（client/merge-refusal.ts）。GitHub の理由の文ごとに、足りない
 * ものを言い当てること。画面に出ることは github-workflow.spec.ts が確かめる。費用: 1 秒かからない（ブラウザーを使わない）。
 */
import {expect, test} from '@playwright/test';
import {mergeRefusal} from '../client/merge-refusal';

const cases: readonly {readonly gitHub: string; readonly says: readonly string[]}[] = [
  {gitHub: 'Required status check "build" is expected.', says: ['まだ終わっていません']},
  {gitHub: 'Required status check "build" is failing.', says: ['通っていません']},
  {gitHub: '2 of 3 required status checks are expected.', says: ['まだ終わっていません']},
  {
    gitHub: 'Waiting on code owner review from sandaime-RM.',
    says: ['コードの持ち主（CODEOWNERS）'],
  },
  {
    gitHub: 'At least 1 approving review is required by reviewers with write access.',
    says: ['ほかの人の承認（レビュー）'],
  },
  {gitHub: 'Pull Request is not mergeable', says: ['食い違っています']},
  {
    gitHub:
      'Repository rule violations found\n\nReview from a code owner is required.\n\nRequired status check "test" is failing.\n',
    says: ['通っていません', 'コードの持ち主（CODEOWNERS）'],
  },
  {gitHub: 'Something new from GitHub', says: ['GitHub のルールで、まだ公開できません']},
];

for (const {gitHub, says} of cases) {
  test(`GitHub's 405 "${gitHub.split('\n').join(' ').trim()}" is told in Japanese`, () => {
    const refusal = mergeRefusal(gitHub);
    for (const part of says) expect(refusal.message).toContain(part);
    expect(refusal.message).toContain('main には何も書き込んでいません');
    // Decap は知らせに error を文字にして差し込む。日本語の文だけが出る（API_ERROR: などが付かない）。
    expect(String(refusal)).toBe(refusal.message);
    expect(refusal.message).toContain(gitHub.split('\n')[0] ?? '');
  });
}

test('the refusal names only what GitHub said is missing', () => {
  const checksOnly = mergeRefusal('Required status check "build" is expected.').message;
  expect(checksOnly).not.toContain('承認');
  expect(checksOnly).not.toContain('食い違って');
  const reviewOnly = mergeRefusal('Waiting on code owner review from sandaime-RM.').message;
  expect(reviewOnly).not.toContain('チェック');
});
