// theme-classic の起動時モジュール prism-include-languages の代わり: Prism を読み込まない（index.ts）。
export {};
