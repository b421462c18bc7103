// Wrapped: the stock page sets no description, so it repeated the home page's.
import {translate} from '@docusaurus/Translate';
import BlogAuthorsPostsPage from '@theme-original/Blog/Pages/BlogAuthorsPostsPage';
import type {Props} from '@theme/Blog/Pages/BlogAuthorsPostsPage';
import {withDescription} from '@site/src/components/PageDescription';

export default withDescription<Props>(BlogAuthorsPostsPage, ({author}) =>
  translate(
    {
      id: 'theme.blog.author.pageDescription',
      message: '{authorName}が書いた電鬼のブログ記事の一覧です。',
    },
    {authorName: author.name ?? author.key},
  ),
);
