#!/usr/bin/env bash
# Entry point behind `npm start` and `npm test`: brings a supported Node, installs the
# workspace when node_modules is missing or older than the lockfile, then hands over.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

node_bin=$(bash deploy/node/ensure-node.sh)
export PATH="$node_bin:$PATH"
# kafkajs computes some timer delays from a zero timestamp, which Node 24 reports as a
# TimeoutNegativeWarning (Node clamps them to 1 ms, the behaviour kafkajs expects).
export NODE_OPTIONS="--disable-warning=TimeoutNegativeWarning ${NODE_OPTIONS:-}"

if [ ! -d node_modules ] || { [ -f package-lock.json ] && [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
  echo "tradelog: installing dependencies (npm install)" >&2
  npm install --no-audit --no-fund >&2
fi

cmd=${1:-}
shift || true
case "$cmd" in
  start) exec node deploy/start.ts "$@" ;;
  test) exec npx vitest run "$@" ;;
  node) exec node "$@" ;;
  *) echo "usage: deploy/run.sh start|test|node …" >&2; exit 2 ;;
esac
