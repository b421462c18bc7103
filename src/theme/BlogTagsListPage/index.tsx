// Wrapped: the stock page sets no description, so it repeated the home page's.
import {translate} from '@docusaurus/Translate';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import {withDescription} from '@site/src/components/PageDescription';

export default withDescription(BlogTagsListPage, () =>
  translate({
    id: 'theme.blog.tagsList.pageDescription',
    message: '電鬼のブログのタグの一覧です。タグから記事を探せます。',
  }),
);
