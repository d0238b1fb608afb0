#!/usr/bin/env bash
# Opens report.html and signoff.html in headless Chromium, as a person would, for the built-in
# reference matrix and for a failing example (Tests/PoseMatrixTests/Fixtures/small.json), and checks
# what shows: the verdict text, one picture per pose (and per pose the checklist names), no console
# error, and a page readable 390 px and 1280 px wide (nothing wider than the window, text of at least
# 12 px, the drawings' own text of at least 8 px at 390 and 11 px at 1280). Screenshots are PNGs.
#
#   .ci/browser-check.sh [--bin PATH] [--reference DIR] [--update-sample]
#
# --reference DIR reads the reference matrix's reports from DIR (a `run --deterministic --out DIR`
# of the built-in matrix, as .ci/run has made already) instead of running it again. --update-sample copies the reference matrix's PNGs into Reports/sample/. Without Chromium the
# check says so and exits 0: .ci/run runs it only where `chromium` is installed
# (`apt-get install chromium`; as root it needs --no-sandbox, which this script passes).
#
# Chromium lays a headless window out at least 500 px wide whatever --window-size says, so each
# page is opened in a frame exactly as wide as the width checked, in a harness page; a copy of the
# page with a probe script measures the layout and posts the figures to the harness, whose DOM
# dump carries them. The reports themselves hold no script.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=""
update=no
reference=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --reference) reference="$2"; shift 2 ;;
    --update-sample) update=yes; shift ;;
    *) echo "usage: .ci/browser-check.sh [--bin PATH] [--reference DIR] [--update-sample]" >&2; exit 64 ;;
  esac
done
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "browser check skipped: no chromium (apt-get install chromium)"
  exit 0
fi
[ -n "$bin" ] || bin="$(swift build --show-bin-path)/duo-pose"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Two pages are checked at a time, one per core: each Chromium gets a profile of its own (a profile
# is locked by the browser using it) and a log of its own.
chrome() {
  HOME="$work" timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile-$page_name" --enable-logging=stderr --v=0 "$@" 2>>"$work/chromium-$page_name.log"
}

probe='<script>
addEventListener("load", () => {
  let text = 99, drawn = 99;
  for (const el of document.querySelectorAll("p, li, td, th, figcaption, h1, h2, h3, caption"))
    if (el.textContent.trim()) text = Math.min(text, parseFloat(getComputedStyle(el).fontSize));
  for (const svg of document.querySelectorAll("svg")) {
    const rect = svg.getBoundingClientRect(), scale = rect.width / svg.viewBox.baseVal.width;
    if (rect.right > innerWidth + 0.5) drawn = -1;
    for (const t of svg.querySelectorAll("text"))
      drawn = Math.min(drawn, parseFloat(t.getAttribute("font-size") || svg.getAttribute("font-size")) * scale);
  }
  const wide = document.documentElement.scrollWidth - innerWidth;
  parent.postMessage(`probe width=${innerWidth} overflow=${wide} text=${text.toFixed(1)} drawn=${drawn.toFixed(1)} `
    + `height=${document.documentElement.scrollHeight}`, "*");
});
</script>'

# A page checked in the background records its problems in a file, one line each.
fail() {
  echo "FAIL: $*"
  echo "$*" >>"$work/failures"
}

# check PAGE NAME VERDICT PICTURES: the DOM, then the layout and a screenshot at each width. A report
# draws every pose of its table, a sign-off every pose its checklist names.
check() {
  local page="$1" name="$2" verdict="$3" pictures="$4"
  local page_name="$name"
  local dom="$work/$name.dom.html"
  chrome --dump-dom "file://$page" >"$dom"
  grep -q "id=\"verdict\">$verdict" "$dom" || fail "$name: the verdict does not read '$verdict'"
  local figures
  figures=$(grep -o '<figure id="pose-P[0-9]*">' "$dom" | sort -u | wc -l)
  [ "$figures" -eq "$pictures" ] || fail "$name: $figures pictures of poses, expected $pictures"
  grep -q '<script' "$dom" && fail "$name: the page holds a script"
  cp "$page" "$work/$name.probe.html"
  printf '%s\n' "$probe" >>"$work/$name.probe.html"
  for width in 390 1280; do
    printf '<!DOCTYPE html><html><body style="margin:0"><pre id="result"></pre><iframe src="%s" style="border:0;width:%spx;height:2000px;display:block"></iframe><script>addEventListener("message", e => { const r = document.getElementById("result"); if (r) r.textContent = e.data; });</script></body></html>' \
      "$name.probe.html" "$width" >"$work/$name.$width.harness.html"
    local line
    line=$(chrome --virtual-time-budget=10000 --dump-dom "file://$work/$name.$width.harness.html" | grep -o 'probe width=[^<]*' || true)
    echo "$name at $width px: ${line:-no figures}"
    check_layout "$name" "$width" "$line"
    sed -i 's/<pre id="result"><\/pre>//; s/height:2000px/height:'"$(sed -n 's/.*height=\([0-9]*\).*/\1/p' <<<"$line")"'px/' "$work/$name.$width.harness.html"
    local height
    height=$(sed -n 's/.*height=\([0-9]*\).*/\1/p' <<<"$line")
    # A report is shot whole, every pose's picture in it; a sign-off's first 2000 px show its decision.
    case "$name" in *signoff) height=2000 ;; esac
    chrome --window-size="$width,${height:-2000}" --screenshot="$work/$name-$width.png" "file://$work/$name.$width.harness.html" >/dev/null
    [ -s "$work/$name-$width.png" ] || fail "$name: no screenshot at $width px"
  done
}

# check_layout NAME WIDTH PROBE: the frame was as wide as asked, nothing wider, text large enough.
check_layout() {
  local name="$1" width="$2" line="$3"
  [ -n "$line" ] || { fail "$name at $width px: the probe did not report"; return; }
  local seen overflow text drawn
  seen=$(sed -n 's/.*width=\([0-9]*\).*/\1/p' <<<"$line")
  overflow=$(sed -n 's/.*overflow=\(-*[0-9]*\).*/\1/p' <<<"$line")
  text=$(sed -n 's/.*text=\([0-9.]*\).*/\1/p' <<<"$line")
  drawn=$(sed -n 's/.*drawn=\(-*[0-9.]*\).*/\1/p' <<<"$line")
  local least=8
  [ "$width" -eq 390 ] || least=11
  [ "$seen" -eq "$width" ] || fail "$name: laid out $seen px wide, not $width"
  [ "$overflow" -le 0 ] || fail "$name at $width px: the page is $overflow px wider than the window"
  awk -v t="$text" 'BEGIN { exit !(t >= 12) }' || fail "$name at $width px: text of $text px"
  awk -v d="$drawn" -v l="$least" 'BEGIN { exit !(d >= l) }' || fail "$name at $width px: drawings' text of $drawn px (or a drawing wider than the window)"
}

echo "== the reference matrix and a failing example, with their sign-offs"
if [ -n "$reference" ]; then
  mkdir "$work/ref"
  cp "$reference/results.jsonl" "$reference/report.html" "$work/ref/"
else
  (cd "$work" && "$bin" --out ref --deterministic --quiet)
fi
"$bin" signoff "$work/ref/results.jsonl" --by "CI browser check" >/dev/null || true
set +e
"$bin" run Tests/PoseMatrixTests/Fixtures/small.json --out "$work/failing" --deterministic --quiet 2>/dev/null
code=$?
set -e
[ "$code" -eq 1 ] || fail "the failing example exited $code, not 1"
"$bin" signoff "$work/failing/results.jsonl" --by "CI browser check" >/dev/null || true

# in_background NAME CHECK…: runs a page's check beside another, its output kept until both end.
pending=()
in_background() {
  local name="$1"
  shift
  ( "$@" >"$work/$name.out" 2>&1 || fail "$name: the check stopped (exit $?)" ) &
  pending+=("$name")
}
finish() {
  wait
  for name in "${pending[@]}"; do cat "$work/$name.out"; done
  pending=()
}
in_background reference-report check "$work/ref/report.html" reference-report "PASSED: 104 passed" 13
in_background reference-signoff check "$work/ref/signoff.html" reference-signoff "NOT SIGNED OFF: " 13
finish
in_background failing-report check "$work/failing/report.html" failing-report "FAILED: 8 passed, 2 failed" 6
# its checklist names P1, P2 and P5
in_background failing-signoff check "$work/failing/signoff.html" failing-signoff "NOT SIGNED OFF: " 3
finish
errors=$(cat "$work"/chromium-*.log | grep -c 'CONSOLE' || true)
[ "$errors" -eq 0 ] || { cat "$work"/chromium-*.log | grep 'CONSOLE' | head -5; fail "$errors console messages"; }

if [ "$update" = yes ]; then
  for shot in reference-report-390 reference-report-1280 reference-signoff-390 reference-signoff-1280; do
    cp "$work/$shot.png" "Reports/sample/${shot#reference-}.png"
  done
  echo "Reports/sample/*.png updated"
fi
failures=0
[ ! -f "$work/failures" ] || failures=$(wc -l <"$work/failures")
if [ "$failures" -gt 0 ]; then
  echo "browser check failed: $failures problems"
  exit 1
fi
echo "browser check passed: 4 pages, each at 390 px and 1280 px"
