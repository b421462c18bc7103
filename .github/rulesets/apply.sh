#!/bin/sh
# main のルールセット（このフォルダーの main.json）を GitHub のリポジトリーに当てる（issue 60 の 2）。
# リポジトリーの管理者が、手元で一度（main.json を変えたらそのたびに）実行する（README の「デプロイ」）。
#
#   gh auth login   # 管理者のアカウントで
#   sh .github/rulesets/apply.sh [owner/name]
#
# 同じ名前のリポジトリーのルールセットがあれば書き換え（PUT）、無ければ作る（POST）。
set -eu
repo="${1:-sandaime-RM/traffic-tag-docs}"
file="$(dirname "$0")/main.json"
name=main
id=$(gh api --paginate "repos/$repo/rulesets" \
  --jq ".[] | select(.name == \"$name\" and .source_type == \"Repository\") | .id")
if [ -n "$id" ]; then
  gh api --method PUT "repos/$repo/rulesets/$id" --input "$file" > /dev/null
  echo "ルールセット「$name」（$id）を書き換えました: https://github.com/$repo/rules/$id"
else
  gh api --method POST "repos/$repo/rulesets" --input "$file" > /dev/null
  echo "ルールセット「$name」を作りました: https://github.com/$repo/settings/rules"
fi
