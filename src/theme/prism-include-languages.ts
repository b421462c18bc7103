// Ejected: the site has no code blocks, and the stock module bundles Prism's language list (~4.6 KiB gzip) into main.
export default function prismIncludeLanguages(): void {}
