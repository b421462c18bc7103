#!/usr/bin/env bash
# テストに使う Debian の Chromium と日本語フォントを、無ければ入れる（root か sudo が必要）。
set -euo pipefail
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_bin" ] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
  echo "Chromium と日本語フォントはインストール済みです: $("$chromium_bin" --version)"
  exit 0
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk
"$chromium_bin" --version
