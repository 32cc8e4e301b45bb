#!/usr/bin/env bash
# The sanitizer build (issue 10 item 18, docs/reliability.md):
#   scripts/sanitize.sh [LIT_FILTER]
#   KILN_ASAN_RUNTIME_ONLY=1 scripts/sanitize.sh   (runtime and its tests
#   only, -DKILN_BUILD_COMPILER=OFF, in build-asan-runtime/: a quick subset)
# configures build-asan/ with AddressSanitizer and UndefinedBehaviorSanitizer
# over all of Kiln (compiler, dialects, runtime, tools, tests), builds it
# and runs the test suite there (scripts/run-tests.py), or only the lit
# tests whose names match LIT_FILTER (a regular expression, e.g.
# 'Frontend|Execution/OpenCL'). LLVM, MLIR, PoCL and the OpenCL ICD are
# not instrumented: reports point into Kiln's code or its use of them.
# KILN_JOBS sets the build's parallelism (default 2, at low priority).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KILN_ASAN_BUILD_DIR:-$root/build-asan}
jobs=${KILN_JOBS:-2}
extra=()
if [ -n "${KILN_ASAN_RUNTIME_ONLY:-}" ]; then
  build=${KILN_ASAN_BUILD_DIR:-$root/build-asan-runtime}
  extra=(-DKILN_BUILD_COMPILER=OFF)
fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g" -DCMAKE_C_FLAGS_RELEASE="-O1 -g" \
    -DCMAKE_C_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" "${extra[@]}" || exit 1
fi
nice -n 19 ninja -C "$build" -j"$jobs" || exit 1

# detect_leaks=0: LLVM and MLIR keep process-lifetime state (cl::opt
# registries, ManagedStatics, the interned types of contexts a tool never
# destroys before exit) and PoCL keeps its device and compilation caches;
# LeakSanitizer reports all of it at every exit and the suite's real
# errors drown. Leaks of Kiln's own objects are the runtime's lifetime
# tests' business (handles released in any order, docs/embedding.md).
# allocator_may_return_null=1: a failed malloc returns null to the code
# that checks for it, as without ASan. (ASan's operator new still reports
# and exits instead of throwing std::bad_alloc: the kiln-run test of that
# path is UNSUPPORTED under the lit feature asan, see test/lit.cfg.py.)
# allow_user_poisoning=0: LLVM's inline BumpPtrAllocator code, compiled
# into Kiln's instrumented files, poisons slabs that the uninstrumented
# libMLIR/libLLVM then write (false use-after-poison reports).
export ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1:abort_on_error=0:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ $# -gt 0 ]; then
  /usr/lib/llvm-22/bin/lit -sv "$build/test" --filter "$1"
else
  /usr/bin/python3 "$root/scripts/run-tests.py" "$build"
fi
