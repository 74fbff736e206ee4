#!/usr/bin/env bash
# Prints a directory whose `node` is a supported Node (>= 22.22), to be put first on PATH.
# Machines here ship Node 20, which is past end of life and too old for pg-boss, vitest and
# testcontainers; the npm registry's `node-linux-*` packages carry the official binary, so we
# fetch the current LTS into deploy/.cache/node once and reuse it afterwards.
set -euo pipefail

want_major=${TRADELOG_NODE_MAJOR:-24}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache="$here/../.cache/node"

supported() { # $1: path to a node binary
  "$1" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)' 2>/dev/null
}

if command -v node >/dev/null 2>&1 && supported "$(command -v node)"; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "ensure-node: no Node binary package for $(uname -m); install Node >= 22.22 yourself" >&2; exit 1 ;;
esac
pkg="node-linux-$arch"
bin="$cache/node_modules/$pkg/bin"

if [ ! -x "$bin/node" ] || ! supported "$bin/node"; then
  command -v npm >/dev/null 2>&1 || { echo "ensure-node: npm is needed to fetch Node $want_major" >&2; exit 1; }
  echo "ensure-node: fetching Node $want_major ($pkg) into deploy/.cache/node" >&2
  mkdir -p "$cache"
  npm install --silent --no-save --no-package-lock --no-audit --no-fund --prefix "$cache" "$pkg@$want_major" >&2
fi
supported "$bin/node" || { echo "ensure-node: $bin/node is not a supported Node" >&2; exit 1; }
echo "$bin"
