#!/bin/sh
# Mutation testing: the named mutants and four chosen by rule per source folder (see mutants.py).
# Runs on a copy in $MUTANTS_DIR (default /tmp/duo-pose-mutants); prints each verdict and the score.
set -eu
cd "$(dirname "$0")/.."
exec python3 Benchmarks/mutants.py "$@"
