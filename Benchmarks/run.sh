#!/usr/bin/env bash
# Measures duo-pose at 10^4, 10^5 and 10^6 cases (release build): wall time (the median of
# three runs), cases per second and peak memory for the default --jobs, --jobs 1 and the
# model alone (--dry-run); at 10^6 cases, the ratio of the full run to the model alone from
# five runs of each taken in turns; the exploration to depth 12; then the Swift Testing peer on the
# same sweeps (one run each: it takes minutes). Figures go to stdout as Markdown tables.
# Usage: Benchmarks/run.sh [--no-peer]
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product duo-pose >/dev/null
bin="$(swift build -c release --show-bin-path)/duo-pose"
python3 Benchmarks/generate.py "$work" 10000 100000 1000000

measure() {  # label cases command...: the median wall time of three runs, and their peak memory
  local label=$1 cases=$2 walls=() peak=0 wall kb
  shift 2
  for _ in $(seq "${RUNS:-3}"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || true
    read -r wall kb < <(tail -n 1 "$work/time")
    walls+=("$wall")
    [ "$kb" -gt "$peak" ] && peak=$kb
  done
  wall=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(( (${#walls[@]} + 1) / 2 ))p")
  awk -v label="$label" -v cases="$cases" -v wall="$wall" -v kb="$peak" \
    'BEGIN { printf "| %s | %d | %.2f | %.0f | %.0f |\n", label, cases, wall, cases / (wall > 0 ? wall : 0.01), kb / 1024 }'
}

echo "Machine: $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"
echo
echo "| Run | Cases | Wall (s) | Cases/s | Peak (MB) |"
echo "|---|---:|---:|---:|---:|"
for n in 10000 100000 1000000; do
  cases=$(( (n + 24) / 48 * 48 ))
  measure "all three reports, default --jobs" "$cases" "$bin" run "$work/sweep-$n.json" --out "$work/out" --quiet
  measure "all three reports, --jobs 1" "$cases" "$bin" run "$work/sweep-$n.json" --out "$work/out" --quiet --jobs 1
  measure "model alone (--dry-run), default --jobs" "$cases" "$bin" run "$work/sweep-$n.json" --dry-run --quiet
done

echo
echo "Runner and reports against the model alone, 10^6 cases, the two run one after the other five times"
echo "(noise on a shared machine then falls on both alike; the medians and their ratio):"
echo
for _ in $(seq "${PAIRS:-5}"); do
  /usr/bin/time -f "%e" -a -o "$work/full" "$bin" run "$work/sweep-1000000.json" --out "$work/out" --quiet >/dev/null 2>&1 || true
  /usr/bin/time -f "%e" -a -o "$work/model" "$bin" run "$work/sweep-1000000.json" --dry-run --quiet >/dev/null 2>&1 || true
done
median() { grep -E '^[0-9.]+$' "$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
full=$(median "$work/full")
model=$(median "$work/model")
awk -v full="$full" -v model="$model" \
  'BEGIN { printf "    all three reports %.2f s, model alone %.2f s: %.2f×\n", full, model, full / model }'

echo
echo "Exploration: every catalogue step (relaunch included) from launch to depth 12, three invariants:"
echo
"$bin" run "$work/explore-12.json" --dry-run | sed 's/^/    /'
"$bin" run "$work/explore-12.json" --out "$work/explore" --quiet || true
grep -m1 "states to depth" "$work/explore/report.md" | sed 's/^/    /'
echo
echo "| Run | Cases | Wall (s) | Cases/s | Peak (MB) |"
echo "|---|---:|---:|---:|---:|"
measure "exploration to depth 12 (one case and three invariants)" 1 "$bin" run "$work/explore-12.json" --dry-run --quiet

if [ "${1:-}" != "--no-peer" ]; then
  echo
  echo "The Swift Testing peer (one parameterized @Test, one argument per case) and duo-pose on the same sweeps:"
  echo
  echo "| Run | Cases | Wall (s) | Cases/s | Peak (MB) |"
  echo "|---|---:|---:|---:|---:|"
  python3 Benchmarks/generate.py "$work" 10010 30030
  (cd Benchmarks/Peer && swift build -c release --build-tests >/dev/null 2>&1)
  for n in 10010 30030; do
    cases=$(( (n + 24) / 48 * 48 ))
    export PEER_MATRIX="$work/sweep-$n.json" PEER_CASES=$cases
    (cd Benchmarks/Peer && RUNS=1 measure "Swift Testing peer (swift test)" "$cases" swift test -c release --skip-build)
    measure "duo-pose, all three reports" "$cases" "$bin" run "$work/sweep-$n.json" --out "$work/out" --quiet
  done
fi
