/**
 * Decap の保存の前の確かめに、このサイトの確かめをはさむ書き換え（decap-patches.ts が、ほかの書き換えと同じく、
 * 書き換える前の文が 1 度だけあることを確かめて当てる）。
 * - 欄ごとの確かめ（Widget の validate）のあとに、コレクションの決まり（client/entry-rules.ts。開催事例は、ビルドと
 *   同じ決まり）。決まりの JS は、欄を初めて描くときに読み込み始める。
 * - 保存を断ったとき（persistEntry・persistUnpublishedEntry）は、理由を問わず、最初の断った欄の名前と理由を知らせ、
 *   その欄へ動いて入力を移す（client/refusal.ts）。Decap は入っていない必須の欄のときだけ知らせていた。
 */
import path from 'node:path';

const importFrom = (names: string, file: string): string =>
  `import ${names} from ${JSON.stringify(path.join(__dirname, file))};`;
const importEntryRules = importFrom('* as denkiEntryRules', 'client/entry-rules.ts');
const importRefusal = importFrom('{ showRefusal as denkiShowRefusal }', 'client/refusal.ts');

/** Decap が保存を断るところ（actions/entries.js と actions/editorialWorkflow.js に同じ文がある）。 */
const refusal = {
  original: [
    '    if (!fieldsErrors.isEmpty()) {',
    '      const hasPresenceErrors = fieldsErrors.some(errors => errors.some(error => error.type && error.type === ValidationErrorTypes.PRESENCE));',
    '      if (hasPresenceErrors) {',
    '        dispatch(addNotification({',
    '          message: {',
    "            key: 'ui.toast.missingRequiredField'",
    '          },',
    "          type: 'error',",
    '          dismissAfter: 8000',
    '        }));',
    '      }',
    '      return Promise.reject();',
  ].join('\n'),
  // 知らせは、欄を直し終えるまで読めるよう長めに出す（閉じる「×」もある）。
  replacement: [
    '    if (!fieldsErrors.isEmpty()) {',
    '      denkiShowRefusal(fieldsErrors, message => dispatch(addNotification({',
    '        message,',
    "        type: 'error',",
    '        dismissAfter: 30000',
    '      })));',
    '      return Promise.reject();',
  ].join('\n'),
};

export const validationPatches = [
  {
    file: 'components/Editor/EditorControlPane/Widget.js',
    original: "import ValidationErrorTypes from '../../../constants/validationErrorTypes';",
    replacement: `import ValidationErrorTypes from '../../../constants/validationErrorTypes';\n${importEntryRules}`,
  },
  {
    file: 'components/Editor/EditorControlPane/Widget.js',
    original: "    PropTypes.checkPropTypes(Widget.propTypes, this.props, 'prop', 'Widget');",
    replacement: [
      "    PropTypes.checkPropTypes(Widget.propTypes, this.props, 'prop', 'Widget');",
      '    denkiEntryRules.prepare(this.props.collection);',
    ].join('\n'),
  },
  // 欄の形などに違いが無いいちばん外の欄だけ（list の中の欄は、その list の欄が受け持つ）。
  {
    file: 'components/Editor/EditorControlPane/Widget.js',
    original: [
      '      if (wrappedError.error) errors.push(wrappedError.error);',
      '    }',
      '    this.props.onValidate(errors);',
    ].join('\n'),
    replacement: [
      '      if (wrappedError.error) errors.push(wrappedError.error);',
      '    }',
      '    if (errors.length === 0 && (this.props.parentIds ?? []).length === 0) {',
      '      const denkiMessage = denkiEntryRules.fieldError(this.props.collection, field, this.props.getEntry?.());',
      '      if (denkiMessage) errors.push({',
      '        type: ValidationErrorTypes.CUSTOM,',
      '        parentIds: this.props.parentIds,',
      '        message: denkiMessage',
      '      });',
      '    }',
      '    this.props.onValidate(errors);',
    ].join('\n'),
  },
  {
    file: 'actions/entries.js',
    original: "import isEqual from 'lodash/isEqual';",
    replacement: `import isEqual from 'lodash/isEqual';\n${importRefusal}`,
  },
  {file: 'actions/entries.js', ...refusal},
  {
    file: 'actions/editorialWorkflow.js',
    original: "import { EDITORIAL_WORKFLOW_ERROR } from 'decap-cms-lib-util';",
    replacement: `import { EDITORIAL_WORKFLOW_ERROR } from 'decap-cms-lib-util';\n${importRefusal}`,
  },
  {file: 'actions/editorialWorkflow.js', ...refusal},
  // 知らせ（react-toastify）を「知らせ」という名前の目印（section）に入れる（axe の region。読み上げで知らせに
  // 飛べる）。知らせは画面に固定して出るので、並びは変わらない。
  {
    file: 'components/UI/Notifications.js',
    original: '  return _jsx(_Fragment, {\n    children: _jsx(ToastContainer, {',
    replacement:
      '  return _jsx("section", {\n    "aria-label": "知らせ",\n    children: _jsx(ToastContainer, {',
  },
] as const;
