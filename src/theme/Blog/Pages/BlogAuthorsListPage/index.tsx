// Wrapped: the stock page sets no description, so it repeated the home page's.
import {translate} from '@docusaurus/Translate';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import {withDescription} from '@site/src/components/PageDescription';

export default withDescription(BlogAuthorsListPage, () =>
  translate({
    id: 'theme.blog.authorsList.pageDescription',
    message: '電鬼のブログに記事を書いている著者の一覧です。',
  }),
);
