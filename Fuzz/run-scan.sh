#!/usr/bin/env bash
# Fuzzes one of the scan's readers with libFuzzer and ASan, seeded with the fixture apps' files.
# Usage: Fuzz/run-scan.sh TARGET [RUNS]
#   TARGET: tokenizer | conditions | pbxproj | yaml | xcconfig | tuist | plist
#   RUNS:   executions (default 1000000); findings land in Fuzz/.build/scan/TARGET/findings/
#   FUZZ_SECONDS=N stops the run after N seconds, whichever of the two comes first.
# One binary serves every target (FUZZ_TARGET picks the reader); it is rebuilt only when the
# library's sources or Fuzz/FuzzScan.swift changed.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Fuzz/run-scan.sh tokenizer|conditions|pbxproj|yaml|xcconfig|tuist|plist [RUNS]}
runs=${2:-1000000}
build=Fuzz/.build
apps=Tests/PoseMatrixTests/Fixtures/apps
work="$build/scan/$target"
mkdir -p "$work/corpus" "$work/seeds" "$work/findings"

case "$target" in
  tokenizer)  seeds=$(find "$apps" -name '*.swift' -o -name '*.m'); max_len=16384 ;;
  conditions) seeds=$(find "$apps" -name '*.swift' -o -name '*.m'); max_len=4096 ;;
  pbxproj)    seeds=$(find "$apps" -name project.pbxproj); max_len=65536; leaks=0 ;;
  yaml)       seeds=$(find "$apps" -name project.yml); max_len=16384 ;;
  xcconfig)   seeds=$(find "$apps" -name '*.xcconfig'); max_len=8192 ;;
  tuist)      seeds=$(find "$apps" -name Project.swift); max_len=16384 ;;
  plist)      seeds=$(find "$apps" -name '*.plist'); max_len=16384; leaks=0 ;;
  *) echo "unknown target '$target'" >&2; exit 64 ;;
esac
# PropertyListSerialization (swift-corelibs-foundation) leaks the CFError of every refused
# property list: leak detection is off for the two readers that call it.
for seed in $seeds; do cp "$seed" "$work/seeds/$(echo "$seed" | tr / _)"; done
# The `#if` lines of the sources, each alone, seed the condition reader too.
if [ "$target" = conditions ]; then
  grep -h '^ *#if\|^ *#elseif' $seeds | sed 's/^ *#\(else\)\?if *//' | sort -u | while IFS= read -r line; do
    printf '%s' "$line" > "$work/seeds/if-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
  done
fi

# The library embeds its resources through SwiftPM; outside it, make the same table.
python3 Fuzz/package-resources.py "$build/PackageResources.swift"

# The package builds in the Swift 6 language mode (bare /regex/ literals) with these features.
swift_mode="-swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility"
sources=$(find Sources/PoseMatrix -name '*.swift' | sort)
stamp=$({ cat $sources Fuzz/FuzzScan.swift "$build/PackageResources.swift"; echo "$swift_mode"; } | cksum | cut -d' ' -f1)
if [ -x "$build/fuzz-scan" ] && [ "$(cat "$build/fuzz-scan.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "== reusing $build/fuzz-scan (sources unchanged)"
else
  echo "== building the fuzzer (swiftc -sanitize=fuzzer,address)"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name PoseMatrix $swift_mode \
    $sources Fuzz/FuzzScan.swift "$build/PackageResources.swift" -o "$build/fuzz-scan"
  echo "$stamp" > "$build/fuzz-scan.stamp"
fi

echo "== running $target for $runs executions"
cd "$work"
FUZZ_TARGET="$target" ../../fuzz-scan -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
  -detect_leaks="${leaks:-1}" -print_final_stats=1 -artifact_prefix=findings/ ${FUZZ_SECONDS:+-max_total_time="$FUZZ_SECONDS"} corpus seeds
