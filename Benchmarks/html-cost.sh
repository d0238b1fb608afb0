#!/usr/bin/env bash
# What report.html adds to a 10^6-case run: the release binary of this tree against that of BASE
# (default: the commit before report.html, which wrote three reports), the two run one after the
# other five times on the same 10^6-case sweep (noise on a shared machine then falls on both alike);
# prints the medians and their ratio, and report.html's size. BASE is exported with `git archive`
# into a scratch folder, so nothing of the repository's worktrees changes.
# Usage: Benchmarks/html-cost.sh [BASE]
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-$(git log --format=%H -1 -- Sources/PoseMatrix/Reports/HTMLReport.swift)~1}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/base"
git archive "$base" | tar -x -C "$work/base"
swift build -c release --product duo-pose >/dev/null
(cd "$work/base" && swift build -c release --product duo-pose >/dev/null)
with="$(swift build -c release --show-bin-path)/duo-pose"
without="$(cd "$work/base" && swift build -c release --show-bin-path)/duo-pose"
python3 Benchmarks/generate.py "$work" 1000000 >/dev/null
for _ in $(seq "${PAIRS:-5}"); do
  /usr/bin/time -f "%e" -a -o "$work/with" "$with" run "$work/sweep-1000000.json" --out "$work/out-with" --quiet >/dev/null 2>&1 || true
  /usr/bin/time -f "%e" -a -o "$work/without" "$without" run "$work/sweep-1000000.json" --out "$work/out-without" --quiet >/dev/null 2>&1 || true
done
median() { grep -E '^[0-9.]+$' "$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
awk -v with="$(median "$work/with")" -v without="$(median "$work/without")" -v base="$(git rev-parse --short "$base")" \
  'BEGIN { printf "10^6 cases: four reports %.2f s, three (%s) %.2f s: %+.1f %%\n", with, base, without, (with / without - 1) * 100 }'
echo "report.html: $(wc -c <"$work/out-with/report.html") bytes; report.md: $(wc -c <"$work/out-with/report.md") bytes"
