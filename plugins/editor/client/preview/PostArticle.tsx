/**
 * 記事のページ（/blog/YYYY/MM/DD/名前）の本文の列: テーマの BlogPostPage → BlogLayout → BlogPostItem と
 * 同じ要素と class（container・row・col、article、header、.markdown）で、題・日付・書いた人と本文を描く。
 * サイドバー（最近の記事）と前後の記事へのリンクは、書いている記事には関係ないので描かない。
 */
import React, {useMemo, type ReactNode} from 'react';
import {formatJapaneseDate} from '../../../../src/utils/japaneseDate';
import {renderMarkdown, type ResolveAsset} from './markdown';
import {PhraseText} from './phrases';

export type PostArticleProps = {
  readonly title: string;
  /** YYYY-MM-DD（日本時間の日付。サイトは UTC の 0 時として扱う）。 */
  readonly date: string;
  readonly authors: readonly string[];
  readonly body: string;
  /** 本文の画像のパス → 表示に使う URL（読み込み中は空）を JSON にしたもの（変わったときだけ描き直す）。 */
  readonly assetsJson: string;
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function PostArticle({title, date, authors, body, assetsJson}: PostArticleProps): ReactNode {
  // 本文と写真の URL が変わったときだけ、Markdown を読み直す（ほかの欄を打つたびには読まない）。
  const content = useMemo(() => {
    const assets = JSON.parse(assetsJson) as Record<string, string>;
    const resolveAsset: ResolveAsset = (path) =>
      assets[path] ?? (/^https?:/i.test(path) ? path : '');
    return renderMarkdown(body, resolveAsset);
  }, [body, assetsJson]);
  return (
    <div className="container margin-vert--lg denki-preview">
      <div className="row">
        <main className="col col--7 denki-preview__main">
          <article>
            <header>
              <h1 className="denki-preview__title">
                {title.trim() ? (
                  <PhraseText text={title} />
                ) : (
                  <span className="denki-preview__empty">（題がまだありません）</span>
                )}
              </h1>
              <div className="margin-vert--md denki-preview__info">
                {isoDate.test(date) ? (
                  <time dateTime={`${date}T00:00:00.000Z`}>{formatJapaneseDate(date)}</time>
                ) : (
                  <span className="denki-preview__empty">（日付がまだありません）</span>
                )}
              </div>
              {authors.length > 0 && (
                <div className="margin-top--md margin-bottom--sm row">
                  {authors.map((name) => (
                    <div
                      key={name}
                      className={`col ${authors.length === 1 ? 'col--12' : 'col--6'} denki-preview__author-col`}>
                      <div className="avatar margin-bottom--sm">
                        <div className="avatar__intro denki-preview__author">
                          <div className="avatar__name">
                            <span className="denki-preview__author-name" translate="no">
                              {name}
                            </span>
                          </div>
                        </div>
                      </div>
                    </div>
                  ))}
                </div>
              )}
            </header>
            <div id="__blog-post-container" className="markdown">
              {content}
            </div>
          </article>
        </main>
      </div>
    </div>
  );
}
