#!/usr/bin/env bash
# Times `duo-pose scan` on each hostile tree (Benchmarks/scan-hostile.py), with
# the release build unless BIN names another binary: wall time, CPU time (user and system: on a
# machine others load, the steadier figure), peak memory, exit code, the bytes of input, and CPU
# seconds per MB of it. A case still running after LIMIT seconds (default 60) is stopped and
# shown as such.
# Usage: Benchmarks/scan-hostile.sh [SCALE] [CASE...]
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scale=${1:-1}
shift || true
limit=${LIMIT:-60}

if [[ -z "${BIN:-}" ]]; then
  swift build -c release --product duo-pose >/dev/null
  BIN="$(swift build -c release --show-bin-path)/duo-pose"
fi
echo "Machine: $(nproc) cores, $(uname -m), load $(cut -d' ' -f1 /proc/loadavg); binary: $BIN; scale $scale"
printf '%-22s %10s %9s %7s %8s %5s %8s\n' case bytes seconds cpu-s peak-MB exit cpu-s/MB
python3 Benchmarks/scan-hostile.py "$work/trees" "$scale" "$@" | while read -r name folder bytes; do
  set +e
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" timeout -s KILL "$limit" "$BIN" scan "$folder" >"$work/out" 2>"$work/err"
  code=$?
  set -e
  if [[ $code == 137 ]]; then
    printf '%-22s %10s %9s %7s %8s %5s %8s\n' "$name" "$bytes" ">$limit" - - killed -
  else
    read -r wall kb user system < <(tail -n 1 "$work/time")
    cpu=$(python3 -c "print(f'{$user + $system:.2f}')")
    perMB=$(python3 -c "print(f'{($user + $system) / max($bytes / 1e6, 1e-9):.3f}')")
    printf '%-22s %10s %9s %7s %8s %5s %8s\n' "$name" "$bytes" "$wall" "$cpu" "$((kb / 1024))" "$code" "$perMB"
  fi
  if [[ -n "${SHOW:-}" ]]; then head -c 600 "$work/out"; head -c 600 "$work/err"; fi
  rm -rf "$folder"
done
