/**
 * Decap CMS の日本語（decap-cms-locales の ja）のうち、事務局の人に分かりにくいところだけを言い換える。
 * ほかの文言は Decap のまま。
 */
import {ja} from 'decap-cms-locales';

export type Phrases = {readonly [key: string]: string | Phrases};

/** base に changes を重ねる（入れ子の文言はキーごとに）。 */
export function merged(base: Phrases, changes: Phrases): Phrases {
  const result: Record<string, string | Phrases> = {...base};
  for (const [key, value] of Object.entries(changes)) {
    const current = base[key];
    result[key] =
      typeof value === 'object' && typeof current === 'object' ? merged(current, value) : value;
  }
  return result;
}

/** 記事の状態の名前（Decap の pending_review と pending_publish。GitHub ではプルリクエストのラベル decap-cms/<状態> になる）。 */
const inReview = 'レビュー待ち';
const ready = '公開待ち';

/** 「この記事を取り下げる」の確かめ（Decap の「公開エントリを削除」。client/takedown.ts がプルリクエストにする）。 */
const takedownConfirm = `この記事をサイトから取り下げますか？

記事と写真を消す変更を作り、「${ready}」にします（まだサイトからは消えません）。テストが通ってから「公開」→「公開する」を押すと、次のデプロイで記事のページ・写真・フィード・検索・サイトマップから消えます。`;

export const japanese = merged(ja as Phrases, {
  editor: {
    editor: {
      onPublishingNotReady: `公開する前に、状態を「${ready}」にしてください。`,
      onDeletePublishedEntry: takedownConfirm,
      onDeleteWithUnsavedChanges: `${takedownConfirm}\n\nこの画面の保存していない変更は捨てます。`,
    },
    editorToolbar: {
      inReview,
      ready,
      statusInfoTooltipDraft: `下書きは、書いた人だけが直している記事です。読んでもらう準備ができたら、状態を「${inReview}」にします。`,
      statusInfoTooltipInReview: `ほかの人が読んで確かめるのを待っています。この間も書き直せます。`,
      deletePublishedEntry: 'この記事を取り下げる',
    },
    editorControlPane: {
      widget: {
        // 既定は「〈欄〉が入力規則（〈説明〉）と一致しません。」。説明はこのサイトが日本語で書いている。
        regexPattern: '%{fieldLabel}: %{pattern}',
      },
    },
    // 日本語の訳が無く、英語（Add 〈項目〉、Collapse）のまま出る（開催事例の使用路線・協力者・参加者の声）。
    editorWidgets: {
      list: {add: '%{item}を足す', addType: '%{item}を足す'},
      object: {collapse: '閉じる', expand: '開く'},
    },
  },
  ui: {
    toast: {
      onFailToPersist:
        '保存できませんでした。書いた内容はこの画面に残っています。つながりを確かめて、もう一度「保存」を押してください。（%{details}）',
      missingRequiredField: '入っていない欄があります。赤く示した欄を確かめてください。',
      // 保存のあとの読み直しがつながらず、保存したばかりの記事を、この端末にある中身で開いたとき（client/saving.ts）。
      denkiOpenedFromMemory:
        '保存しました。保存した記事をサーバーから読み直せなかったので、この端末にある内容を表示しています。もう一度「保存」を押す必要はありません。',
      // 既定は「エントリの読み込みに失敗しました。」。記事の読み直しは数回やり直してから、ここに来る（保存の前に読む、
      // 保存した記事の一覧もここに来る）。
      onFailToLoadEntries:
        '記事を読み込めませんでした。書きかけの内容は、この端末に残っています。つながったら、記事を開き直すか、もう一度「保存」を押してください。（%{details}）',
      entryUpdated: '記事の状態を変えました。',
      // 「この記事を取り下げる」（client/takedown.ts）。既定は「エントリの削除に失敗しました。」と英語の理由。
      onFailToDelete: '記事を取り下げられませんでした。%{details}',
      denkiTakedownOpened: `取り下げを「${ready}」にしました。テストが通ってから「公開」→「公開する」を押すと、記事がサイトから消えます。`,
      // 既定は「エントリの公開に失敗しました。」と英語の理由。GitHub が公開を断ったとき（必須のチェック、コードの
      // 持ち主の承認）は、足りないものを日本語で書いた文が details に入る（client/merge-refusal.ts）。
      onFailToPublishEntry: '公開できませんでした。%{details}',
      // 既定は Decap の英語の理由だけ（書き込めないアカウントなら「Your GitHub user account does not have
      // access to this repo.」）。そういうアカウントはログインの関数（functions/）が先に断るので、ここに来るのは
      // ログインのあとで権限が外されたときか、GitHub につながらないとき。Decap はこのあと「ログインしています...」
      // のまま止まるので、読み込み直すように書く。
      onFailToAuth:
        'ログインできませんでした。GitHub のアカウントに、サイトのリポジトリーへ書き込む権限があるかを確かめてください（権限は事務局が付けます）。ページを読み込み直してから、もう一度ログインしてください。（%{details}）',
    },
  },
  workflow: {
    workflow: {
      description: `%{smart_count}件が${inReview}、%{readyCount}件が${ready}です。`,
    },
    workflowList: {
      onPublishingNotReadyEntry: `公開できるのは「${ready}」の記事だけです。記事を「${ready}」の列に移してください。`,
      inReviewHeader: inReview,
      readyHeader: ready,
    },
  },
});
