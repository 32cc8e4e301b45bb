#!/usr/bin/env bash
# Long differential-testing runs (docs/reliability.md):
#   scripts/difftest.sh [PROGRAMS] [JOBS] [FIRST_SEED]
# runs PROGRAMS random kernels (default 1000) in modules of 40, each at
# -O0, -O2, -O3 and -g on the CPU device (DEVICE=cuda for a GPU), JOBS
# modules at a time (default 1), at the lowest CPU priority. Failing cases
# (minimised) go to $DIFFTEST_OUT/failures; the last line is the total.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KILN_BUILD_DIR:-$root/build}
programs=${1:-1000}
jobs=${2:-1}
first=${3:-$(date +%s)}
per=40
out=${DIFFTEST_OUT:-${TMPDIR:-/tmp}/kiln-difftest}
python=${KILN_PYTHON:-/usr/bin/python3}
mkdir -p "$out"
batches=$(( (programs + per - 1) / per ))
echo "difftest: $programs programs from seed $first, $jobs jobs, logs in $out"

run_job() { # JOB: every JOBS-th batch
  local seed
  for ((b = $1; b < batches; b += jobs)); do
    seed=$((first + b))
    nice -n 19 "$python" "$root/tools/kiln-difftest/difftest.py" \
      --tools "$build/bin" --device "${DEVICE:-cpu}" --seed "$seed" \
      --kernels "$per" --work "$out/work-$1" --failures "$out/failures" \
      --minimize >>"$out/job-$1.log" 2>&1
  done
}
for ((j = 0; j < jobs; j++)); do run_job "$j" & done
wait
cat "$out"/job-*.log | awk '
  /^difftest:/ { p += $2; e += $4; m += $(NF-3); r += $(NF-1) }
  /^integer division:/ { z += $3; n += $10 }
  END { printf "difftest total: %d programs, %d executions, %d mismatches, %d errors (%d programs divide by zero, %d MIN by -1)\n", p, e, m, r, z, n }' \
  | tee -a "$out/summary.txt"
grep -h "^  k" "$out"/job-*.log | sort | uniq | head -50
