#!/usr/bin/env bash
# Fuzzes the matrix loader (JSON5 reader, decoding, validation, plan, the first cases and a
# shallow exploration) with libFuzzer, seeded with every shipped matrix.
# Usage: Fuzz/run.sh [RUNS]    (default: 1000000 executions; findings land in Fuzz/.build/)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
build=Fuzz/.build
mkdir -p "$build/corpus" "$build/seeds"

# The library embeds its resources through SwiftPM; outside it, make the same table.
python3 Fuzz/package-resources.py "$build/PackageResources.swift"

cp Matrices/*.json Matrices/examples/*.json Tests/PoseMatrixTests/Fixtures/*.json "$build/seeds/"
rm -f "$build/seeds/schema.json"

echo "== building the fuzzer (swiftc -sanitize=fuzzer,address)"
# The package builds in the Swift 6 language mode (bare /regex/ literals) with these features.
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name PoseMatrix -swift-version 6 \
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
  $(find Sources/PoseMatrix -name '*.swift' | sort) Fuzz/FuzzMatrix.swift "$build/PackageResources.swift" \
  -o "$build/fuzz-matrix"

echo "== running $runs executions"
cd "$build"
./fuzz-matrix -runs="$runs" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus seeds
