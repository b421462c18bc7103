/**
 * Decap の画面の読み上げの名前を日本語にする（issue 61）。decap-cms-locales の ja に無い文言は英語のまま残り
 * （「Account options dropdown」「List view option」）、ボタンの名前が見える文字と違うと（「＋ 記事」が
 * 「記事タイプのエントリを作成」）、音声で「記事」と言っても押せない。見える文字のあるボタンは、名前がその文字で
 * 始まるようにする。ここにあるのは、en にあって ja に無い文言と、見える文字を含まない名前だけ。
 */
import {merged, type Phrases} from './locale';

export const japaneseLabels = {
  auth: {loginWithForgejo: 'Forgejo でログイン'},
  collection: {
    collectionTop: {
      // 見える文字は「＋ 記事」。名前は「記事を新しく書く」（「記事」で見つかる）。
      newButtonAriaLabel: '%{collectionLabel}を新しく書く',
      viewAsList: '一覧を行で表示',
      viewAsGrid: '一覧をカードで表示',
    },
    entries: {unpublishedHeader: 'まだ公開していない記事'},
  },
  editor: {
    editorControl: {
      // 欄の入れ物（div）の名前。Decap は欄の種類の内部名（string、denki-body）を入れるので、名前には使わない。
      field: {widgetLabel: '入力欄'},
    },
    editorControlPane: {
      i18n: {
        copyFromLocale: 'ほかの言語から写す',
        copyFromLocaleConfirm:
          '%{locale} の内容を写しますか？\nいま入っている内容は、すべて置き換わります。',
      },
    },
    editorInterface: {toggleNotes: 'メモの表示を切り替える'},
    editorNotesPane: {
      title: 'メモ',
      emptyState: 'メモはまだありません。下で最初のメモを書けます。',
      addNote: 'メモを足す',
      addPlaceholder: 'メモを書く…',
      editPlaceholder: 'メモを直す…',
      save: '保存',
      cancel: 'やめる',
      edit: '直す',
      delete: '削除',
      resolve: '済みにする',
      unresolve: '済みを取り消す',
      confirmDelete: 'このメモを削除しますか？',
      shortcut: 'Ctrl+Enter でもメモを足せます',
    },
    editorWidgets: {
      markdown: {
        strikethrough: '取り消し線',
        toggleMode: {rich: 'リッチテキストに切り替える', markdown: 'Markdown に切り替える'},
      },
      image: {chooseMultiple: '画像を選ぶ', addMore: '画像を足す', removeAll: '画像をすべて外す'},
      file: {
        chooseMultiple: 'ファイルを選ぶ',
        addMore: 'ファイルを足す',
        removeAll: 'ファイルをすべて外す',
      },
      datetime: {setToNow: '%{fieldLabel}を今にする'},
      list: {add: '%{item}を足す', addType: '%{item}を足す'},
      object: {expand: '開く', collapse: '閉じる'},
    },
  },
  mediaLibrary: {mediaLibraryModal: {close: '閉じる'}},
  ui: {
    settingsDropdown: {account: 'アカウントのメニュー'},
    toast: {
      noteAdded: 'メモを足しました',
      onFailToAddNote: 'メモを足せませんでした（%{details}）',
      noteUpdated: 'メモを直しました',
      onFailToUpdateNote: 'メモを直せませんでした（%{details}）',
      noteDeleted: 'メモを削除しました',
      onFailToDeleteNote: 'メモを削除できませんでした（%{details}）',
      noteResolved: 'メモを済みにしました',
      noteReopened: 'メモを開き直しました',
      onFailToToggleNote: 'メモの状態を変えられませんでした（%{details}）',
    },
  },
} as const satisfies Phrases;

/** Decap の日本語（locale）に、このファイルの名前を重ねたもの。 */
export function withJapaneseLabels<Locale extends object>(locale: Locale): Locale {
  return merged(locale as Phrases, japaneseLabels) as Locale;
}

/** react-select（書いた人・タグの欄）が、選んだものを外す「×」に付ける英語の名前の始まり。 */
const removePrefix = 'Remove ';

function renameRemove(element: Element): void {
  const label = element.getAttribute('aria-label');
  if (label?.startsWith(removePrefix))
    element.setAttribute('aria-label', `${label.slice(removePrefix.length)}を外す`);
}

/**
 * 選んだものを外す「×」の名前「Remove まつり（matsuri）」を「まつり（matsuri）を外す」にする。react-select は
 * この名前を部品の中で英語の固定の文で作り、Decap の locale では変えられないので、ページに出たときに書き換える
 * （React は値が変わらない限り属性を書き直さない）。
 */
export function watchRemoveLabels(root: Element = document.body): void {
  const selector = `[aria-label^="${removePrefix}"]`;
  const renameAll = (node: Element): void => {
    renameRemove(node);
    for (const element of Array.from(node.querySelectorAll(selector))) renameRemove(element);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target instanceof Element) renameRemove(record.target);
      for (const node of Array.from(record.addedNodes))
        if (node instanceof Element) renameAll(node);
    }
  }).observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  renameAll(root);
}
