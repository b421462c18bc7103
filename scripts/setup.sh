# shellcheck shell=sh
# プロジェクトの準備。シェルに読み込んで使う: `. scripts/setup.sh && npm ci && npm test`
#
# 1. テストとビルドに使う Debian のパッケージ（ブラウザー、日本語フォント、Xvfb、PDF ツール、Java、ImageMagick）のうち、
#    足りないものだけを apt-get で入れる（root か sudo が必要）。別の Chromium は CHROMIUM_PATH で指定する。
# 2. PATH の node が .nvmrc のメジャー版でなければ、npm レジストリーの `node` パッケージ（tools/node）から
#    Node.js を入れ、その bin を PATH の先頭に足す。以後の npm とスクリプトはその Node.js で動く。
# 3. テストが renovate.json を Renovate 自身の検査で確かめるための renovate（tools/renovate）を、続く npm ci と
#    並べて裏で入れる（検査するテストが入れ終わるのを待つ）。重いネイティブのアドオン（re2）を組まないよう
#    --ignore-scripts で入れる（検査には要らない）。
# 2 と 3 の道具は、マシンのキャッシュ（~/.cache/denki-docs/tools、DENKI_TOOLS_CACHE で変えられる）に
# package-lock.json の中身ごとに 1 度だけ入れ、tools/<名前>/node_modules はそこへのリンクにする。
# 同じマシンの 2 つ目のクローンは入れ直さない。
#
# 呼び出し元のシェルで動くので、呼び出し元の set -e / set -u を元に戻し、作った関数と変数を消して return する。
# bash、zsh、sh（dash）で動く。sh は読み込んだファイルの場所を知らないので、リポジトリーの最上位で読み込む。

denki_setup_packages() {
  local chromium_bin fonts as_root
  chromium_bin=${CHROMIUM_PATH:-/usr/bin/chromium}
  set --
  [ -x "$chromium_bin" ] || set -- "$@" chromium
  # テストの多くは画面を持たない版で走る（lib/chromium.ts）。
  [ -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ] ||
    set -- "$@" chromium-headless-shell
  fonts=$(fc-list 2>/dev/null)
  case $fonts in
    *'Noto Sans CJK'*) ;;
    *) set -- "$@" fonts-noto-cjk ;;
  esac
  command -v firefox-esr >/dev/null 2>&1 || set -- "$@" firefox-esr
  command -v WebKitWebDriver >/dev/null 2>&1 || set -- "$@" webkit2gtk-driver
  command -v Xvfb >/dev/null 2>&1 || set -- "$@" xvfb
  { command -v pdftotext && command -v pdftoppm; } >/dev/null 2>&1 || set -- "$@" poppler-utils
  command -v java >/dev/null 2>&1 || set -- "$@" default-jre-headless
  command -v flock >/dev/null 2>&1 || set -- "$@" util-linux
  # エディターのテストの decap-server（git モード）、短い道の判定（lib/content-path.mts）とそのテストが使う。
  command -v git >/dev/null 2>&1 || set -- "$@" git
  # 本物の HEIC の写真を作る（plugins/images/tests/bad-input.spec.ts）。ImageMagick が libheif で書く。
  # grep -q は見つけた所で読むのをやめ、convert が SIGPIPE で終わる。呼び出し元の set -o pipefail
  # （.ci/run）ではそれが失敗になり、入っている ImageMagick を 2 回に 1 回入れ直していたので、最後まで読む。
  convert -list format 2>/dev/null | grep 'HEIC.*rw' >/dev/null || set -- "$@" imagemagick
  if [ $# -gt 0 ]; then
    echo "足りないパッケージを apt-get で入れます: $*"
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "apt-get がありません。次のパッケージを入れてください: $*" >&2
      return 1
    fi
    as_root=
    [ "$(id -u)" -eq 0 ] || as_root=sudo
    $as_root apt-get update || return 1
    $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@" ||
      return 1
  fi
  echo "ブラウザー、フォント、ツールはそろっています: $("$chromium_bin" --version 2>/dev/null)"
}

# PATH の node のメジャー版（node が無ければ空）。
denki_node_major() {
  local version
  version=$(node --version 2>/dev/null)
  version=${version#v}
  echo "${version%%.*}"
}

# tools/<名前> の依存を入れておくキャッシュの場所（package-lock.json の sha256 の先頭 16 桁ごと）。
denki_tool_cache() {
  local hash
  hash=$(sha256sum "$1/tools/$2/package-lock.json" | cut -c1-16) || return 1
  echo "${DENKI_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/denki-docs/tools}/$2-$hash"
}

# tools/<名前>/node_modules を、キャッシュの node_modules へのリンクにする。キャッシュに無ければ（入れ終わった
# 印 .complete が無ければ）そこに npm ci で入れる。3 つ目からの引数は npm ci に渡す。同じマシンの別のクローンが
# 同時に入れても、flock で 1 つずつ入れる。
denki_tool_install() {
  local root name cache
  root=$1
  name=$2
  shift 2
  cache=$(denki_tool_cache "$root" "$name") || return 1
  mkdir -p "${cache%/*}" || return 1
  (
    flock 9 || exit 1
    [ -f "$cache/.complete" ] && exit 0
    rm -rf "$cache" && mkdir "$cache" &&
      cp "$root/tools/$name/package.json" "$root/tools/$name/package-lock.json" "$cache/" &&
      (cd "$cache" && npm ci --no-audit --no-fund --loglevel=error "$@") &&
      touch "$cache/.complete"
  ) 9>"$cache.lock" || return 1
  rm -rf "$root/tools/$name/node_modules" &&
    ln -s "$cache/node_modules" "$root/tools/$name/node_modules"
}

denki_setup_node() {
  local wanted tools pinned headers
  wanted=$(cat "$1/.nvmrc") || return 1
  wanted=${wanted#v}
  wanted=${wanted%%[!0-9]*}
  if [ "$(denki_node_major)" != "$wanted" ]; then
    tools="$1/tools/node"
    pinned=$(sed -n 's/^ *"node": "\([0-9.]*\)".*/\1/p' "$tools/package.json")
    if [ "$("$tools/node_modules/.bin/node" --version 2>/dev/null)" != "v$pinned" ]; then
      echo "Node.js $pinned を用意します（無ければ npm レジストリーから $(denki_tool_cache "$1" node) に入れます）"
      denki_tool_install "$1" node >/dev/null || return 1
    fi
    case ":$PATH:" in
      *":$tools/node_modules/.bin:"*) ;;
      *) PATH="$tools/node_modules/.bin:$PATH" && export PATH ;;
    esac
    hash -r 2>/dev/null
    if [ "$(denki_node_major)" != "$wanted" ]; then
      echo "Node.js $wanted を PATH に用意できませんでした: $(command -v node)" >&2
      return 1
    fi
    # ネイティブのアドオン（re2 など）は、この Node.js に付いてきたヘッダーで組む。
    # npmrc の nodedir がマシンの古い Node.js を指していても、それで組まれたものは読み込めないため。
    headers="$tools/node_modules/node/node_modules/node-$(node -p 'process.platform + "-" + process.arch')"
    if [ -f "$headers/include/node/node_version.h" ]; then
      npm_config_nodedir=$headers && export npm_config_nodedir
    fi
  fi
  echo "Node.js $(node --version)（$(command -v node)）"
}

denki_setup_renovate() {
  local tools pinned installed
  tools="$1/tools/renovate"
  pinned=$(node -p "require('$tools/package.json').dependencies.renovate") || return 1
  installed=$(node -p "require('$tools/node_modules/renovate/package.json').version" 2>/dev/null)
  [ "$installed" = "$pinned" ] && return 0
  # 裏で入れている最中（印 install.pending の PID が生きている）なら、もう 1 つは始めない。
  kill -0 "$(cat "$tools/install.pending" 2>/dev/null)" 2>/dev/null && return 0
  if [ -f "$(denki_tool_cache "$1" renovate)/.complete" ]; then
    denki_tool_install "$1" renovate && return 0
  fi
  echo "Renovate $pinned（設定の検査に使う）を裏で $(denki_tool_cache "$1" renovate) に入れます（ログは tools/renovate/install.log）"
  # 続く npm ci と並べて入れる。印（install.pending、中身は入れているプロセスの PID）は入れ終わると消え、
  # 検査するテストはそれを待つ。二重に fork して、呼び出し元のシェルのジョブにしない。
  (
    (
      denki_tool_install "$1" renovate --ignore-scripts >"$tools/install.log" 2>&1
      echo "exit $?" >>"$tools/install.log"
      rm -f "$tools/install.pending"
    ) </dev/null >/dev/null 2>&1 &
    echo $! >"$tools/install.pending"
  )
}

denki_setup() {
  local root
  root=$(cd "$(dirname "$1")/.." && pwd) || return 1
  if [ ! -f "$root/.nvmrc" ] || [ ! -f "$root/tools/node/package.json" ]; then
    echo "リポジトリーの最上位で読み込んでください: . scripts/setup.sh" >&2
    return 1
  fi
  denki_setup_packages && denki_setup_node "$root" && denki_setup_renovate "$root"
}

denki_setup_flags=$-
set +eu
if [ -n "${BASH_SOURCE:-}" ]; then
  denki_setup_file=$BASH_SOURCE
elif [ -n "${ZSH_VERSION:-}" ]; then
  eval 'denki_setup_file=${(%):-%x}'
else
  denki_setup_file=scripts/setup.sh
fi
denki_setup "$denki_setup_file"
denki_setup_status=$?
unset -f denki_setup denki_setup_packages denki_setup_node denki_setup_renovate denki_node_major \
  denki_tool_cache denki_tool_install
case $denki_setup_flags in *e*) set -e ;; esac
case $denki_setup_flags in *u*) set -u ;; esac
# 読み込まれたときは return で呼び出し元に戻る。`bash scripts/setup.sh` のように実行されたときだけ exit に届く。
eval "unset denki_setup_flags denki_setup_file denki_setup_status
  return $denki_setup_status 2>/dev/null || exit $denki_setup_status"
