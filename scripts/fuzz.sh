#!/usr/bin/env bash
# Coverage-guided fuzzing of the frontend, the .mlir input path and the
# .npy reader with libFuzzer (docs/reliability.md):
#   scripts/fuzz.sh [SECONDS] [TARGETS...]
# configures build-fuzz/ (clang, -fsanitize=fuzzer-no-link,address,
# undefined over all of Kiln's code, -DKILN_BUILD_FUZZERS=ON), builds the
# targets at the lowest priority on one core, then runs each for SECONDS
# (default 60) from the seed corpus in tools/fuzz/corpus/ plus what earlier
# runs found (build-fuzz/corpus/). Crashes land in build-fuzz/artifacts/;
# each becomes a regression test. The last lines give executions per
# target.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KILN_FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${1:-60}
shift || true
targets=${*:-frontend mlir npy}
# The clang whose libFuzzer is installed (Debian: libclang-rt-dev or clang).
cc=${KILN_FUZZ_CC:-clang}
cxx=${KILN_FUZZ_CXX:-clang++}

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g" \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -g" \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    -DKILN_BUILD_FUZZERS=ON -DKILN_BUILD_TESTS=OFF >"$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; exit 1; }
fi
bins=""
for t in $targets; do bins="$bins kiln-fuzz-$t"; done
nice -n 19 ninja -C "$build" -j1 $bins || exit 1

# Inputs larger than this only slow the search down; the frontend's
# nesting limits (issue 10 item 6) are reached well within it.
declare -A max_len=([frontend]=4096 [mlir]=4096 [npy]=1024)
status=0
for t in $targets; do
  corpus=$build/corpus/$t artifacts=$build/artifacts/$t seeds=$build/seeds/$t
  mkdir -p "$corpus" "$artifacts" "$seeds"
  # Repository files that seed this target too (tools/fuzz/corpus/T.seeds
  # lists them by path, so they are not copied into the repository).
  if [ -f "$root/tools/fuzz/corpus/$t.seeds" ]; then
    grep -v '^#' "$root/tools/fuzz/corpus/$t.seeds" | while read -r path; do
      [ -n "$path" ] && cp "$root/$path" "$seeds/$(echo "$path" | tr / _)"
    done
  fi
  log=$build/fuzz-$t.log
  # detect_leaks=0: MLIR's context keeps what it interns until it is
  # destroyed, which LeakSanitizer would report after every run.
  # allow_user_poisoning=0: LLVM's inline BumpPtrAllocator code, compiled
  # into our instrumented files, poisons slabs that the uninstrumented
  # libMLIR then fills (false use-after-poison reports).
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 \
  nice -n 19 "$build/bin/kiln-fuzz-$t" "$corpus" "$root/tools/fuzz/corpus/$t" "$seeds" \
    -max_total_time="$seconds" -max_len="${max_len[$t]}" -rss_limit_mb=4096 \
    -timeout=20 -print_final_stats=1 -artifact_prefix="$artifacts/" \
    -dict="$root/tools/fuzz/$t.dict" >"$log" 2>&1
  rc=$?
  execs=$(grep -o "stat::number_of_executed_units: *[0-9]*" "$log" | grep -o "[0-9]*$")
  crashes=$(ls "$artifacts" | wc -l)
  echo "fuzz $t: ${execs:-?} executions in ${seconds}s, exit $rc, $crashes artifacts in $artifacts"
  [ "$rc" -ne 0 ] && { grep -m5 -E "ERROR|SUMMARY|==[0-9]+==" "$log"; status=1; }
done
exit $status
