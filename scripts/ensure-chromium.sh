#!/usr/bin/env bash
# テストとビルドに使う Debian のブラウザー（Chromium、Firefox ESR、WebKitGTK の WebDriver と Xvfb）、
# 日本語フォント、PDF を読む poppler-utils を、足りないときだけ apt で入れる（root か sudo が必要）。
set -euo pipefail
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=(chromium fonts-noto-cjk firefox-esr webkit2gtk-driver xvfb poppler-utils)
has_all() {
  [ -x "$chromium_bin" ] || return 1
  local fonts
  fonts="$(fc-list 2>/dev/null || true)"
  grep -qi 'Noto Sans CJK' <<<"$fonts" || return 1
  local command
  for command in firefox-esr WebKitWebDriver xvfb-run pdftotext pdftoppm; do
    command -v "$command" >/dev/null || return 1
  done
}
if has_all; then
  echo "ブラウザーとフォントはインストール済みです: $("$chromium_bin" --version)"
  exit 0
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${packages[@]}"
"$chromium_bin" --version
