#!/usr/bin/env bash
# Runs Kiln's benchmarks (after scripts/build.sh) and prints medians.
#   bench.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
"$build/bin/kiln-bench-compile" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.2
