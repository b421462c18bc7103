/**
 * MDX（.mdx）で書いてよい記事の一覧（blog/ からのパス。例: '2026-01-01-app-demo/index.mdx'）。
 * MDX の記事は本文の {…} や import を JavaScript としてビルドの中で動かすので、記事（事務局がレビューなしで
 * 公開できる blog/）ではなく、コードと同じくレビューの要るこのファイルに載せたものだけを許す（plugins/blog/posts.ts）。
 * いまは MDX の記事は無い。
 */
export const allowedMdxPosts: readonly string[] = [];
