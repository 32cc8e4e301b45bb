#!/usr/bin/env bash
# What limits each job of the GPU suite (issue 14 item 5): Nsight Compute
# (ncu) profiles ONE launch of each job's Kiln kernel and of its nvcc peer,
# in one command on the GPU machine:
#   bash scripts/make-gpu-bundle.sh        # here, after kbuild
#   run(command="bash scripts/ncu-suite.sh", carry=[".carry"])
# 1. checks that ncu is there and may read the GPU's performance counters
#    (a one-kernel probe); if not, says so in ncu-suite.md and exits 0; the
#    probe also finds where this ncu puts the warp stall reasons;
# 2. builds libkiln.so from source and unpacks kilnc from the bundle, as
#    scripts/bench-gpu.sh does;
# 3. runs bench/kernels/gpu/bench_gpu.py --profile under ncu (kernel replay,
#    sections SpeedOfLight, Occupancy, WarpStateStats, LaunchStats, clocks
#    left alone): every implementation is checked against NumPy, then
#    launched once inside its own cuProfilerStart/Stop range, which alone
#    ncu profiles (--profile-from-start off). Two ncu runs: the SGEMM jobs
#    apart, at 4096^3; if that run overruns its share of the time it is
#    redone at 2048^3 (the job titles then say 2048);
# 4. bench/kernels/gpu/ncu_table.py turns ncu's raw page (CSV) into a
#    markdown table per kernel: duration, DRAM and SM throughput (% of
#    peak), achieved occupancy, registers per thread, shared memory per
#    block, the top two warp stall reasons and a verdict (bandwidth-bound
#    if DRAM >= 70%, compute-bound if SM >= 70%, else latency-bound with the
#    top stall), printed and written to $OUT/ncu-suite.md (default
#    build/ncu-suite), beside ncu-suite.log, each run's CSV and its report
#    (ncu-*.ncu-rep, for the Nsight Compute GUI).
# Options: --sgemm N (the SGEMMs' size; no fallback when given),
#   --jobs REGEX (job names, as bench_gpu.py --jobs), --library (the
#   library peers too: Triton, torch.sum, cuBLAS, PyTorch),
#   --limit SECONDS (wall time for the whole script, default 470).
# $NCU names the ncu to use (default: PATH, /usr/local/cuda/bin,
# /opt/nvidia/nsight-compute/*/).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build/ncu-suite}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=/usr/local/cuda/bin:$PATH
export PYTHONUNBUFFERED=1
md=$out/ncu-suite.md
log=$out/ncu-suite.log
: > "$log"
gpu=$root/bench/kernels/gpu

sgemm="" jobs="" library="" limit=470
while [ $# -gt 0 ]; do
  case "$1" in
    --sgemm) sgemm=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --library) library=--profile-library; shift ;;
    --limit) limit=$2; shift 2 ;;
    *) echo "ncu-suite: unknown option '$1'"; exit 2 ;;
  esac
done

say() { echo "$@" | tee -a "$log"; }
# The whole of ncu-suite.md when nothing could be profiled; exit 0: a
# machine without ncu or counters is not a failure of the suite.
give_up() {
  { echo "# What limits each job (ncu): not measured"; echo; echo "$1"; } > "$md"
  cat "$md"
  exit 0
}

device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
say "== device: ${device:-none found}"
ncu=${NCU-$(command -v ncu || true)}
if [ -n "${NCU-}" ] && [ ! -x "$NCU" ]; then
  ncu=""
elif [ -z "$ncu" ]; then
  for candidate in /usr/local/cuda/bin/ncu $(ls -d /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | sort -V -r); do
    if [ -x "$candidate" ]; then ncu=$candidate; break; fi
  done
fi
[ -n "$ncu" ] || give_up "ncu-suite: Nsight Compute (ncu) is not installed on this machine (not on PATH, not in /usr/local/cuda/bin or /opt/nvidia/nsight-compute): nothing was profiled."
version=$("$ncu" --version 2>&1 | tail -1)
say "== ncu: $ncu ($version)"

# The probe: one empty kernel in a profiler range, as the suite's runs do.
say "== probe: can ncu read the performance counters?"
nvcc -O3 -arch=sm_90 -cubin -o "$work/marker.cubin" "$gpu/cuda/ncu_marker.cu" >>"$log" 2>&1 \
  || { tail -20 "$log"; echo "ncu-suite: nvcc could not compile the marker kernel"; exit 1; }
cat > "$work/probe.py" <<'PY'
import sys
import torch
sys.path.insert(0, sys.argv[1])
import cuda_driver
torch.empty(1, device="cuda")
cuda = cuda_driver.CudaDriver()
marker = cuda.prepare(cuda.load(sys.argv[2], "kiln_ncu_marker"), (1,), (32,),
                      [], torch.cuda.current_stream().cuda_stream)
cuda.profiler_start()
marker()
torch.cuda.synchronize()
cuda.profiler_stop()
print("probe: launched")
PY
sections=(--section SpeedOfLight --section Occupancy --section WarpStateStats
          --section LaunchStats)
# probe NAME [ncu options]: the probe under ncu with the suite's sections,
# its raw page in $work/probe-NAME.csv; ncu_table.py --probe says what it
# reads there (0: warp stall reasons too, 3: no stall reasons, 2: nothing).
probe() {
  local name=$1; shift
  rm -f "$work/probe-$name.ncu-rep" "$work/probe-$name.csv"
  "$ncu" --target-processes application-only --profile-from-start off \
    --replay-mode kernel --clock-control none "${sections[@]}" "$@" \
    -f -o "$work/probe-$name" \
    python3 "$work/probe.py" "$gpu" "$work/marker.cubin" > "$work/probe-$name.log" 2>&1
  cat "$work/probe-$name.log" >> "$log"
  [ -f "$work/probe-$name.ncu-rep" ] || return 2
  "$ncu" --import "$work/probe-$name.ncu-rep" --csv --page raw --print-units base \
    > "$work/probe-$name.csv" 2>>"$log"
  python3 "$gpu/ncu_table.py" --probe "$work/probe-$name.csv" >> "$log" 2>&1
}
probe sections; status=$?
if grep -q "ERR_NVGPUCTRPERM" "$work/probe-sections.log"; then
  give_up "ncu-suite: ncu may not read the GPU's performance counters here (ERR_NVGPUCTRPERM: the driver restricts them to administrators; see NVIDIA's ERR_NVGPUCTRPERM page): nothing was profiled. ncu said: $(grep -m1 ERR_NVGPUCTRPERM "$work/probe-sections.log")"
fi
if grep -q -e "LibraryNotLoaded" -e "Failed to initialize the profiler" "$work/probe-sections.log"; then
  give_up "ncu-suite: ncu could not start its profiler on this machine (the counters are not reachable; seen on gVisor machines): nothing was profiled. ncu said: $(grep -m1 -e LibraryNotLoaded -e 'Failed to initialize' "$work/probe-sections.log")"
fi
if ! grep -q "probe: launched" "$work/probe-sections.log" || [ ! -f "$work/probe-sections.ncu-rep" ]; then
  tail -30 "$work/probe-sections.log"
  echo "ncu-suite: the probe did not profile its kernel (output above, all of it in $log)"
  exit 1
fi
say "probe: ncu profiled the marker kernel"
# Where the sections leave no warp stall reasons in the raw page, ask for
# them by pattern (a pattern ncu does not know fails the probe, not the
# suite).
extra=() stall_source="the WarpStateStats section"
if [ "$status" = 2 ]; then
  say "ncu-suite: ncu_table.py read nothing in the probe's CSV (see $log); the suite runs anyway, its CSV and reports are kept"
elif [ "$status" != 0 ]; then
  stall_source="not collected"
  for pattern in 'regex:^smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$' \
                 'regex:^smsp__pcsamp_warps_issue_stalled_.*'; do
    if probe stalls --metrics "$pattern"; then
      extra=(--metrics "$pattern") stall_source="--metrics $pattern"
      break
    fi
  done
fi
say "probe: warp stall reasons from $stall_source"

say "== build libkiln.so from source"
if ! { cmake -G Ninja -S "$root" -B "$work/rt" -DKILN_BUILD_COMPILER=OFF \
         -DKILN_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
       && ninja -C "$work/rt" -j16 kiln_runtime_c; } >"$work/rt-build.log" 2>&1; then
  tail -30 "$work/rt-build.log"; echo "ncu-suite: the runtime did not build"; exit 1
fi
say "== compiler bundle"
if ! tar -C "$work" -xJf "$root/.carry/gpu-bundle.tar.xz"; then
  echo "ncu-suite: no bundle (run scripts/make-gpu-bundle.sh and carry .carry)"; exit 1
fi
# kilnc needs the bundled LLVM libraries; the Python process must not.
cat > "$work/kilnc" <<SH
#!/bin/sh
LD_LIBRARY_PATH="$work/bundle/lib" exec "$work/bundle/bin/kilnc" "\$@"
SH
chmod +x "$work/kilnc"

# Which jobs a regex selects (a run with none is skipped).
count_jobs() {
  python3 - "$gpu" "$1" <<'PY'
import re, sys, types
sys.path.insert(0, sys.argv[1])
import jobs
lib = types.SimpleNamespace(torch=None, triton=None)
print(sum(1 for j in jobs.all_jobs(True, lib) if re.search(sys.argv[2], j.name)))
PY
}
selects() {  # a run with no job is skipped; when unsure, it runs
  local n; n=$(count_jobs "$1" 2>>"$log")
  case "$n" in ''|*[!0-9]*) return 0 ;; *) [ "$n" -gt 0 ] ;; esac
}

pairs=() notes=() failed=0
# profile NAME REGEX SECONDS [bench_gpu.py options]: one ncu run.
profile() {
  local name=$1 regex=$2 seconds=$3; shift 3
  say "== ncu run '$name' (jobs matching '$regex', at most ${seconds}s)"
  rm -f "$work/$name.ncu-rep" "$work/$name.json"
  timeout -k 15 "$seconds" "$ncu" --target-processes application-only \
    --profile-from-start off --replay-mode kernel --clock-control none \
    "${sections[@]}" ${extra[@]+"${extra[@]}"} -f -o "$work/$name" \
    python3 "$gpu/bench_gpu.py" --device cuda --profile \
      --profile-manifest "$work/$name.json" --jobs "$regex" \
      --kilnc "$work/kilnc" --nvcc nvcc --lib "$work/rt/lib/libkiln.so" \
      --work "$work/bench-$name" --label "$device" $library "$@" 2>&1 | tee -a "$log"
  local status=${PIPESTATUS[0]}
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    say "ncu-suite: run '$name' overran its ${seconds}s and was stopped"
    return 124
  fi
  if [ ! -f "$work/$name.ncu-rep" ] || [ ! -f "$work/$name.json" ]; then
    say "ncu-suite: run '$name' left no report or manifest (exit status $status)"
    return 1
  fi
  "$ncu" --import "$work/$name.ncu-rep" --csv --page raw --print-units base \
    > "$out/ncu-$name.csv" 2>>"$log"
  cp "$work/$name.ncu-rep" "$out/ncu-$name.ncu-rep"
  pairs+=("$work/$name.json:$out/ncu-$name.csv")
  [ "$status" = 0 ] || say "ncu-suite: bench_gpu.py exited with $status in run '$name' (a WRONG result or a range without one launch: see above)"
  return "$status"
}

filter=${jobs:+(?=.*?(?:$jobs))}
other="^(?!sgemm)$filter" sgemms="^(?=sgemm)$filter"
# Seconds left of --limit, at least 30 (timeout 0 would mean no limit).
remaining() { local r=$(( limit - SECONDS )); echo $(( r > 30 ? r : 30 )); }
share() { local t=$(( $(remaining) - $1 )); echo $(( t > 30 ? t : 30 )); }
if selects "$other"; then
  profile other "$other" "$(share 130)" || failed=1
fi
if selects "$sgemms"; then
  if [ -n "$sgemm" ]; then
    profile sgemm "$sgemms" "$(share 10)" --sgemm-size "$sgemm" || failed=1
  else
    status=124
    if [ "$(remaining)" -ge 150 ]; then
      profile sgemm "$sgemms" "$(share 60)" --sgemm-size 4096
      status=$?
    fi
    if [ "$status" = 124 ]; then
      notes+=("SGEMM jobs profiled at 2048^3, not the suite's 4096^3: the 4096^3 run did not fit its share of the ${limit}s (the job titles say 2048).")
      profile sgemm "$sgemms" "$(share 10)" --sgemm-size 2048 || failed=1
    elif [ "$status" != 0 ]; then
      failed=1
    fi
  fi
fi

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "unknown")
{
  echo "# What limits each job (ncu)"
  echo
  echo "${device:-unknown GPU}; $(date -u +%Y-%m-%dT%H:%MZ); Kiln at $commit; $version."
  echo "One launch of each implementation after a checked warm-up launch,"
  echo "kernel replay, sections SpeedOfLight, Occupancy, WarpStateStats,"
  echo "LaunchStats; clocks not locked (--clock-control none); caches flushed"
  echo "before each pass (ncu's default). Durations are ncu's, under replay."
  echo "Warp stall reasons from $stall_source."
  echo
  if [ ${#pairs[@]} -gt 0 ]; then
    python3 "$gpu/ncu_table.py" "${pairs[@]}" || failed=1
  else
    echo "No ncu run left a report: see ncu-suite.log."
  fi
  for note in ${notes[@]+"${notes[@]}"}; do echo; echo "$note"; done
} > "$md"
cat "$md"
echo
echo "wrote $md"
exit "$failed"
