#!/usr/bin/env bash
# Times .ci/run as CI runs it: on a fresh clone of HEAD with no folder beside it, so that
# nothing is built already and ../shared is absent. Prints each step's start, as .ci/run logs it,
# and the whole script's wall time. About 3 minutes on an idle 2-core machine.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/main"
cd "$work/main"
start=$SECONDS
CI=true bash .ci/run > "$work/log" 2>&1 || { tail -40 "$work/log"; echo "ci-time: .ci/run failed"; exit 1; }
grep -E '^== |Test run with|CI passed' "$work/log"
echo "ci-time: .ci/run took $((SECONDS - start)) s"
