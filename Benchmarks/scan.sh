#!/usr/bin/env bash
# Times `duo-pose scan` on a generated 5,000-file app tree (release build): the median wall
# time of three runs and the peak memory, under /usr/bin/time.
# Usage: Benchmarks/scan.sh [FILES]   (BIN=path times another binary instead of building)
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
files=${1:-5000}

if [[ -n "${BIN:-}" ]]; then
  bin="$BIN"
else
  swift build -c release --product duo-pose >/dev/null
  bin="$(swift build -c release --show-bin-path)/duo-pose"
fi
python3 Benchmarks/scan-tree.py "$work/Big" "$files"
echo "Machine: $(nproc) cores, $(uname -m); tree: $(find "$work/Big" -type f | wc -l) files, $(du -sh "$work/Big" | cut -f1)"
walls=()
for _ in 1 2 3; do
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$bin" scan "$work/Big" >"$work/out"
  read -r wall kb user system < "$work/time"
  echo "run: ${wall} s wall, $(python3 -c "print(f'{$user + $system:.2f}')") s CPU"
  walls+=("$wall")
done
head -n 1 "$work/out"
median=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n 2p)
echo "scan: median ${median} s of ${walls[*]}, peak $((kb / 1024)) MB"
