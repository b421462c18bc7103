#!/bin/sh
# ルールセット（このフォルダーの main.json と branches.json）を GitHub のリポジトリーに当てる（issue 60 の 2、issue 65）。
# リポジトリーの管理者が、手元で一度（JSON を変えたらそのたびに）実行する（README の「デプロイ」）。
#
#   gh auth login   # 管理者のアカウントで
#   sh .github/rulesets/apply.sh [owner/name]
#
# - main.json: main へはプルリクエストだけ。CI のチェックと、持ち主の承認を含む 1 つの承認を求める。
# - branches.json: main と事務局のブランチ（cms/**）と Renovate のブランチのほかは、管理者だけが作り・書き・消せる。
# ルールセットの名前はファイルの名前と同じ。同じ名前のリポジトリーのルールセットがあれば書き換え（PUT）、
# 無ければ作る（POST）。
set -eu
repo="${1:-sandaime-RM/traffic-tag-docs}"
dir="$(dirname "$0")"
for name in main branches; do
  file="$dir/$name.json"
  id=$(gh api --paginate "repos/$repo/rulesets" \
    --jq ".[] | select(.name == \"$name\" and .source_type == \"Repository\") | .id")
  if [ -n "$id" ]; then
    gh api --method PUT "repos/$repo/rulesets/$id" --input "$file" > /dev/null
    echo "ルールセット「$name」（$id）を書き換えました: https://github.com/$repo/rules/$id"
  else
    gh api --method POST "repos/$repo/rulesets" --input "$file" > /dev/null
    echo "ルールセット「$name」を作りました: https://github.com/$repo/settings/rules"
  fi
done
