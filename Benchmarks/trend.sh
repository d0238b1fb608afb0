#!/usr/bin/env bash
# duo-pose trend over 100 nights of 10^5 cases (release build): wall time and peak memory.
# The nights are one run of the 10^5-case sweep and one of it with every expectation of a pose
# changed (so that a pose's cases change verdict every other night), given alternately: the
# reading and matching of 10^7 case lines is what is measured. Usage: Benchmarks/trend.sh [NIGHTS]
set -euo pipefail
cd "$(dirname "$0")/.."
nights=${1:-100}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product duo-pose >/dev/null
bin="$(swift build -c release --show-bin-path)/duo-pose"
python3 Benchmarks/generate.py "$work" 100000 >/dev/null
"$bin" run "$work/sweep-100000.json" --out "$work/a" --deterministic --quiet || true
# Night B: P5's expected display turned to the outer one, so its cases fail where A's pass.
python3 - "$work/sweep-100000.json" "$work/sweep-b.json" <<'PY'
import sys
text = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(text.replace('"display": "inner"', '"display": "outer"', 1))
PY
"$bin" run "$work/sweep-b.json" --out "$work/b" --deterministic --quiet || true
paths=()
for n in $(seq "$nights"); do
  if [ $((n % 2)) -eq 1 ]; then paths+=("$work/a/results.jsonl"); else paths+=("$work/b/results.jsonl"); fi
done
echo "trend over $nights nights of $(($(wc -l < "$work/a/results.jsonl") - 1)) case lines each:"
/usr/bin/time -f "    %e s wall, %U s user, %M KB peak" "$bin" trend "${paths[@]}" --out "$work/trend" 2>&1 | sed 's/^duo-pose/    duo-pose/'
ls -l "$work/trend" | awk 'NR > 1 { printf "    %s %d bytes\n", $9, $5 }'
