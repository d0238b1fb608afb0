#!/usr/bin/env bash
# Kills `duo-pose run` with SIGKILL at random moments, most of them near the end of the run where
# the finished reports are put in place, always into the same folder, and checks after every kill
# that results.jsonl, junit.xml and report.md there are whole and all from one run: each run's
# matrix is named after the run, and every report names its matrix in its first lines.
# Prints how many kills it tried, where they landed and how many report sets it saw mixed; exits 1
# if it saw one. At the end, one run to completion must leave the three reports and nothing else.
# Usage: Benchmarks/kill-test.sh [KILLS] [--debug]   (default 300 kills, release build;
#        BIN=/path/to/duo-pose tests that binary instead, for example one built from an older commit)
set -euo pipefail
cd "$(dirname "$0")/.."
kills=300
config=release
for arg in "$@"; do
  case $arg in
    --debug) config=debug ;;
    *[!0-9]* | '') echo "usage: Benchmarks/kill-test.sh [KILLS] [--debug]" >&2; exit 64 ;;
    *) kills=$arg ;;
  esac
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -z "${BIN:-}" ]; then
  swift build -c "$config" --product duo-pose >/dev/null
  BIN="$(swift build -c "$config" --show-bin-path)/duo-pose"
fi
out="$work/Reports"

# P5 and P6 over hingeAngle x profile x layoutDirection x reduceTransparency: 16 cases an angle,
# about half a second a run (80,000 cases in release, 4,000 in a debug build).
angles=$([ "$config" = debug ] && echo 250 || echo 5000)
angles=${ANGLES:-$angles}
python3 - "$angles" >"$work/template.json" <<'EOF'
import json, sys
angles = int(sys.argv[1])
print(json.dumps({
    "formatVersion": 1, "name": "kill-test run @RUN@",
    "axes": {"profile": ["device", "simulator"], "layoutDirection": ["leftToRight", "rightToLeft"],
             "reduceTransparency": [False, True], "hingeAngle": [round(i * 180 / angles, 4) for i in range(angles)]},
    "poses": [{"pose": "P5", "expect": {"display": "inner"}}, {"pose": "P6", "expect": {"display": "inner"}}],
}))
EOF
matrix() { sed "s/@RUN@/$1/" "$work/template.json" >"$work/matrix.json"; }

# The run each report comes from ("-" when the file is not there); "torn" when a file is not whole.
marker() {
  local file="$out/$1" name
  [ -e "$file" ] || { echo "-"; return; }
  case $1 in
    results.jsonl) name=$(head -c 400 "$file" | grep -o '"name":"kill-test run [0-9]*"' || true)
      tail -n 1 "$file" | grep -q '^{"type":"summary"' || name="" ;;
    junit.xml) name=$(sed -n 3p "$file" | grep -o '<testsuites name="kill-test run [0-9]*"' || true)
      [ "$(tail -n 1 "$file")" = "</testsuites>" ] || name="" ;;
    report.md) name=$(head -n 1 "$file" | grep -o '^# duo-pose: kill-test run [0-9]*$' || true)
      [ "$(tail -c 1 "$file" | od -An -c | tr -d ' ')" = '\n' ] || name="" ;;
  esac
  if [ -n "$name" ]; then echo "$name" | grep -o 'run [0-9]*' | cut -c5-; else echo "torn"; fi
}

now() { date +%s%N; }

# Runs to completion, to measure how long one takes: the median of five, after one to warm up.
times=()
for attempt in 0 1 2 3 4 5; do
  matrix 0
  start=$(now)
  "$BIN" run "$work/matrix.json" --out "$out" --quiet --deterministic >/dev/null 2>&1 || true
  [ "$attempt" -eq 0 ] || times+=($(( ($(now) - start) / 1000 )))
done
full=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
echo "Binary: $BIN"
echo "Machine: $(nproc) cores; a run of $((angles * 16)) cases takes $((full / 1000)) ms (median of 5)"

previous=0
atEnd=0 near=0 early=0 finished=0 newer=0 older=0 none=0 mixed=0 switching=0 linked=0
for run in $(seq 1 "$kills"); do
  matrix "$run"
  # Half the kills wait for the end of the run: the moment its results.jsonl, written under a
  # temporary name with its process id, leaves that name to be put in place; then a random while
  # more, as often under 0.1 ms as between 1 and 10 ms. Of the rest, 2 in 5 fall in the last 15 % of a run, 3 in 5 anywhere in it.
  "$BIN" run "$work/matrix.json" --out "$out" --quiet --deterministic >/dev/null 2>&1 &
  pid=$!
  pick=$((RANDOM % 10))
  random=$((RANDOM * 32768 + RANDOM))
  if [ "$pick" -lt 5 ]; then
    seen=0
    while kill -0 "$pid" 2>/dev/null; do
      if compgen -G "$out/.results.jsonl.tmp-$pid-*" >/dev/null; then seen=1; elif [ "$seen" -eq 1 ]; then break; fi
    done
    spin=$(( random % (1 << (RANDOM % 13)) ))  # log-uniform, from none to about 20 ms of spinning
    for ((j = 0; j < spin; j++)); do :; done
    delay=-1
    atEnd=$((atEnd + 1))
  elif [ "$pick" -lt 7 ]; then
    delay=$(( full * 85 / 100 + random % (full * 17 / 100) ))
    sleep "$(awk -v us="$delay" 'BEGIN { printf "%.6f", us / 1e6 }')"
    near=$((near + 1))
  else
    delay=$(( random % full ))
    sleep "$(awk -v us="$delay" 'BEGIN { printf "%.6f", us / 1e6 }')"
    early=$((early + 1))
  fi
  kill -KILL "$pid" 2>/dev/null || true
  code=0
  wait "$pid" 2>/dev/null || code=$?
  [ "$code" -eq 137 ] || finished=$((finished + 1))
  # A kill while the reports were being put in place leaves the switch's folder, or links, behind.
  if [ -e "$out/.duo-pose-reports" ]; then
    switching=$((switching + 1))
    [ -L "$out/results.jsonl" ] || [ -L "$out/junit.xml" ] || [ -L "$out/report.md" ] && linked=$((linked + 1))
  fi
  set -- "$(marker results.jsonl)" "$(marker junit.xml)" "$(marker report.md)"
  if [ "$1" = "$2" ] && [ "$2" = "$3" ] && { [ "$1" = "$run" ] || [ "$1" = "$previous" ] || [ "$1" = "-" ]; }; then
    case $1 in
      "$run") newer=$((newer + 1)); previous=$run ;;
      -) none=$((none + 1)) ;;
      *) older=$((older + 1)) ;;
    esac
  else
    mixed=$((mixed + 1))
    echo "kill $run ($([ "$delay" -lt 0 ] && echo "at the end" || echo "after $((delay / 1000)) ms"), exit $code): results.jsonl from run $1, junit.xml from run $2, report.md from run $3 (previous complete run: $previous)"
    # A run to completion puts one set back, so that the next kill is judged on its own.
    "$BIN" run "$work/matrix.json" --out "$out" --quiet --deterministic >/dev/null 2>&1 || true
    previous=$run
  fi
done

matrix "$((kills + 1))"
"$BIN" run "$work/matrix.json" --out "$out" --quiet --deterministic >/dev/null 2>&1 || true
left=$(cd "$out" && ls -A | tr '\n' ' ')

echo "Kills tried: $kills ($atEnd as the run put its reports in place, $near in its last 15 %, $early anywhere); $finished runs ended before their kill"
echo "Kills that landed while the reports were being put in place: $switching ($linked of them while the names were links)"
echo "Report sets seen after a kill: $newer of the killed run, $older of the run before it, $none with no reports, $mixed mixed or torn"
echo "After one more run to completion the folder holds: $left"
if [ "$mixed" -ne 0 ]; then
  echo "FAILED: $mixed of $kills report sets were not one run's"
  exit 1
fi
[ "$left" = "junit.xml report.md results.jsonl " ] || { echo "FAILED: the last run left more than its three reports"; exit 1; }
echo "PASSED: every report set seen after a kill was one run's, whole"
