#!/usr/bin/env bash
# Packs what the GPU machine lacks (it has CUDA but no LLVM 22) into
# .carry/gpu-bundle.tar.xz for the device tool's `carry`: Kiln's compiler
# tools built here, the shared LLVM/MLIR/z3/OpenCL-loader libraries they
# load, FileCheck/not, and lit's Python sources. The runtime is rebuilt
# from source there by gpu-check.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bundle/bin" "$stage/bundle/lib" "$root/.carry"
cp "$build/bin/kilnc" "$build/bin/kiln-run" "$build/bin/kiln-opt" \
   "$build/bin/kiln-bench-compile" "$stage/bundle/bin/"
cp /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/not /usr/lib/llvm-22/bin/count \
   "$stage/bundle/bin/"
for lib in /usr/lib/llvm-22/lib/libLLVM.so.22.1 /usr/lib/llvm-22/lib/libMLIR.so.22.1 \
           /lib/x86_64-linux-gnu/libz3.so.4 /lib/x86_64-linux-gnu/libOpenCL.so.1 \
           /usr/lib/x86_64-linux-gnu/libbenchmark.so.1debian; do
  cp -L "$lib" "$stage/bundle/lib/"
done
cp -r /usr/lib/llvm-22/utils/lit "$stage/bundle/lit"
# The runtime tests' kernels are built with llc, which the GPU machine lacks.
mkdir -p "$stage/bundle/test-kernels"
cp "$build"/test/Runtime/kernels/* "$stage/bundle/test-kernels/"
# Compiler-linked GoogleTests with CUDA cases (the JIT compiles for the GPU).
mkdir -p "$stage/bundle/gtests"
cp "$build/bin/ArgumentBlockLaunchTest" "$stage/bundle/gtests/"
strip --strip-unneeded "$stage/bundle/gtests/"* 2>/dev/null || true
# The Python package with its two libraries (issue 13): the runtime's
# libkiln.so and the compiler's libkiln_python.so, linked against it and
# loaded only to compile (docs/python.md), so that gpu-check.sh runs its
# CUDA tests there and bench-gpu.sh --python-only measures start-up.
if [ -f "$build/python/kiln/libkiln_python.so" ]; then
  if [ ! -f "$build/python/kiln/libkiln.so" ]; then
    echo "make-gpu-bundle: $build/python/kiln/libkiln.so is missing:" \
         "kbuild kiln-python-runtime" >&2
    exit 1
  fi
  # Its launches in C (kiln._claunch, stable ABI: built here with 3.11,
  # loaded there by 3.12); without it the GPU figures would be ctypes'.
  if [ ! -f "$build/python/kiln/_claunch.abi3.so" ]; then
    echo "make-gpu-bundle: $build/python/kiln/_claunch.abi3.so is missing:" \
         "kbuild kiln_python_ext (needs python3-dev)" >&2
    exit 1
  fi
  mkdir -p "$stage/bundle/python"
  cp -r "$build/python/kiln" "$stage/bundle/python/"
  strip --strip-unneeded "$stage/bundle/python/kiln/libkiln_python.so" \
    "$stage/bundle/python/kiln/libkiln.so" 2>/dev/null || true
fi
find "$stage/bundle" -name '__pycache__' -prune -exec rm -rf {} +
strip --strip-unneeded "$stage/bundle/bin/"* 2>/dev/null || true
tar -C "$stage" -cf - bundle | xz -T2 -6 > "$root/.carry/gpu-bundle.tar.xz"
ls -la "$root/.carry/gpu-bundle.tar.xz"
