import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

const sidebars = {
  docs: [
    'index',
    'intro',
    '1_host',
    'event-examples',
    {
      type: 'category',
      label: 'アプリの使用方法',
      collapsible: true,
      collapsed: false,
      // カテゴリ名をアプリ紹介ページへのリンクにすると、開閉は独立したボタンになり Space でも操作できる。
      link: {type: 'doc', id: 'app-usage/intro'},
      items: [
        'app-usage/account-setup',
        'app-usage/participant-guide',
        'app-usage/organizer-game-setup',
        'app-usage/organizer-management',
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
