#!/bin/sh
# 鍵を持つジョブ（.github/workflows/ci.yml の functions と deploy）が出すのは、main の今の head のコミットだけ（issue 65）。
# 古い実行をやり直しても（GitHub は 30 日まで許す）、サイトと関数を前のコミットに戻させない。
#
#   sh scripts/main-head.sh check     # main-head ジョブ: GITHUB_OUTPUT に current=true か current=false を書き、0 で終わる
#   sh scripts/main-head.sh require   # 鍵を使う直前: head でなければ 1 で終わる（check のあとで main が進んだとき）
#
# 環境変数: GITHUB_REPOSITORY、GITHUB_SHA（この実行のコミット）、GH_TOKEN（gh api。contents: read で足りる）。
# head でないのは、あとのコミットが main に入ったから。main は force push を断るので、そのコミットはこのコミットを
# 含み、その実行がこのコミットの内容もいっしょに出す。だから check は失敗にせず、出すジョブを飛ばして、日本語で知らせる。
set -eu
mode="${1:-}"
case $mode in
  check | require) ;;
  *)
    echo "使い方: sh scripts/main-head.sh check|require" >&2
    exit 2
    ;;
esac
head=$(gh api "repos/$GITHUB_REPOSITORY/git/ref/heads/main" --jq .object.sha)
if [ "$head" = "$GITHUB_SHA" ]; then
  echo "このコミット（$GITHUB_SHA）は main の今の head です。出します。"
  if [ "$mode" = check ]; then echo current=true >> "$GITHUB_OUTPUT"; fi
  exit 0
fi
message="このコミット（$GITHUB_SHA）は main の今の head（$head）ではないので、出しません（古いコミットでサイトと関数を戻さないため）。あとのコミットの実行が、このコミットの内容も含めて出します。"
if [ "$mode" = check ]; then
  echo current=false >> "$GITHUB_OUTPUT"
  echo "::notice title=あとのコミットの実行が出します::$message"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then echo "$message" >> "$GITHUB_STEP_SUMMARY"; fi
  exit 0
fi
echo "::error title=main の head ではありません::$message"
exit 1
