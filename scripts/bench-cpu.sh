#!/usr/bin/env bash
# Kiln's CPU kernel suite (issue 9) in one command: builds Kiln
# (scripts/build.sh), runs kiln-bench-kernels-cpu (the Kiln kernels of
# bench/kernels/kiln on the OpenCL CPU device against the same loops in
# C++ with OpenMP, medians of 7 runs after 2 warm-ups) and draws the chart.
#   bench-cpu.sh [OUT_DIR] [kiln-bench-kernels-cpu options...]
# OUT_DIR (default build/bench-cpu) receives bench-cpu.txt (the table),
# bench-cpu.json and bench-cpu.png (where matplotlib is installed).
# Run it on a quiet machine: other load on the cores skews both sides.
# KILN_SKIP_BUILD=1 uses the tree as built (e.g. by kbuild on a shared
# machine, where a second build of build/ must not start).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KILN_BUILD_DIR:-$root/build}
out=${1:-$build/bench-cpu}
shift $(( $# > 0 ? 1 : 0 ))
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ "${KILN_SKIP_BUILD:-0}" != 1 ]; then
  bash "$root/scripts/build.sh"
fi
suite=$build/bin/kiln-bench-kernels-cpu
if [ ! -x "$suite" ]; then
  echo "bench-cpu: $suite was not built (it needs OpenMP and the compiler)" >&2
  exit 1
fi
# Idle OpenMP threads sleep instead of spinning, so they do not take the
# cores from the OpenCL device's threads between the two sides' runs.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
"$suite" --json "$out/bench-cpu.json" "$@" | tee "$out/bench-cpu.txt"
python3 "$root/bench/kernels/chart.py" "$out/bench-cpu.json" \
  "$out/bench-cpu.png"
