#!/usr/bin/env bash
# Compares the model alone (run --dry-run on the 10^6-case sweep) between a git revision and the
# working tree, release builds, the two run in turns (noise on a shared machine falls on both
# alike); prints each run, the medians and their ratio. Usage: Benchmarks/model-ab.sh REVISION
# [PAIRS]. BEFORE_BIN=path skips building REVISION (a release binary built from it already).
set -euo pipefail
cd "$(dirname "$0")/.."
revision=${1:?usage: Benchmarks/model-ab.sh REVISION [PAIRS]}
pairs=${2:-7}
work="$(mktemp -d)"
trap 'git worktree remove --force "$work/before" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

before=${BEFORE_BIN:-}
if [ -z "$before" ]; then
  git worktree add --detach "$work/before" "$revision" >/dev/null
  (cd "$work/before" && swift build -c release --product duo-pose >/dev/null)
  before="$work/before/.build/release/duo-pose"
fi
swift build -c release --product duo-pose >/dev/null
after="$(swift build -c release --show-bin-path)/duo-pose"
python3 Benchmarks/generate.py "$work" 1000000 >/dev/null

echo "Model alone (--dry-run), 10^6 cases, $revision against the working tree, $pairs pairs in turns:"
for _ in $(seq "$pairs"); do
  /usr/bin/time -f "%e" -a -o "$work/before.times" "$before" run "$work/sweep-1000000.json" --dry-run --quiet >/dev/null 2>&1 || true
  /usr/bin/time -f "%e" -a -o "$work/after.times" "$after" run "$work/sweep-1000000.json" --dry-run --quiet >/dev/null 2>&1 || true
done
median() { grep -E '^[0-9.]+$' "$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "    before: $(grep -E '^[0-9.]+$' "$work/before.times" | tr '\n' ' ')"
echo "    after:  $(grep -E '^[0-9.]+$' "$work/after.times" | tr '\n' ' ')"
awk -v before="$(median "$work/before.times")" -v after="$(median "$work/after.times")" \
  'BEGIN { printf "    medians: before %.2f s, after %.2f s: after / before = %.3f\n", before, after, after / before }'
