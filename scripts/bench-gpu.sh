#!/usr/bin/env bash
# Kiln's GPU kernel suite (issue 9) in one command on the GPU machine:
#   bash scripts/make-gpu-bundle.sh        # here, after kbuild
#   run(command="bash scripts/bench-gpu.sh", carry=[".carry"])
# 1. builds the runtime's shared C API (libkiln.so) from source (no LLVM);
# 2. unpacks kilnc from the bundle (make-gpu-bundle.sh);
# 3. runs bench/kernels/gpu/bench_gpu.py, which compiles the Kiln kernels
#    (kilnc --target ptx --emit-artifact) and the CUDA peers (nvcc), checks
#    every implementation against NumPy and times them all in one process;
# 4. leaves the table (bench-gpu.txt), bench-gpu.json and bench-gpu.png in
#    $OUT (default build/bench-gpu);
# 5. runs the Python package's launch overhead beside Triton's and its
#    start-up costs (bench/python, issue 13) with the bundle's package:
#    bench-python.txt. `bash scripts/bench-gpu.sh --python-only` runs only
#    this part.
# BENCH_GPU_JOBS=REGEX runs only the suite's jobs whose names match
# (bench_gpu.py --jobs) and skips step 5, e.g. BENCH_GPU_JOBS=sgemm_best
# for examples/sgemm_best.py and its candidates.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build/bench-gpu}
mkdir -p "$out"
work=$(mktemp -d)
export PATH=/usr/local/cuda/bin:$PATH
export PYTHONUNBUFFERED=1

device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
echo "== device: $device"

# The kiln package from the bundle: its library loads the bundled LLVM,
# MLIR and OpenCL loader, so this process (PyTorch, Triton too) gets them.
python_benchmarks() {
  if [ ! -d "$work/bundle/python/kiln" ]; then
    echo "bench-gpu: the bundle has no Python package (build kiln_python_lib first)"
    return 1
  fi
  echo "== Python package: launch overhead and start-up (bench/python)"
  (export PYTHONPATH="$work/bundle/python" \
          LD_LIBRARY_PATH="$work/bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
   python3 "$root/bench/python/launch_overhead.py" --device cuda:0 \
     && python3 "$root/bench/python/startup.py" --device cuda:0) 2>&1 \
    | tee "$out/bench-python.txt"
  return "${PIPESTATUS[0]}"
}

if [ "${1:-}" = "--python-only" ]; then
  tar -C "$work" -xJf "$root/.carry/gpu-bundle.tar.xz" || {
    echo "bench-gpu: no bundle (run scripts/make-gpu-bundle.sh and carry .carry)"; exit 1; }
  python_benchmarks; status=$?
  rm -rf "$work"
  exit "$status"
fi

echo "== build libkiln.so from source"
if ! { cmake -G Ninja -S "$root" -B "$work/rt" -DKILN_BUILD_COMPILER=OFF \
         -DKILN_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
       && ninja -C "$work/rt" -j16 kiln_runtime_c; } >"$out/rt-build.log" 2>&1; then
  tail -30 "$out/rt-build.log"; echo "bench-gpu: the runtime did not build"; exit 1
fi

echo "== compiler bundle"
if ! tar -C "$work" -xJf "$root/.carry/gpu-bundle.tar.xz"; then
  echo "bench-gpu: no bundle (run scripts/make-gpu-bundle.sh and carry .carry)"; exit 1
fi
# kilnc needs the bundled LLVM libraries; the Python process (PyTorch,
# Triton) must not see them, so only kilnc gets them.
cat > "$work/kilnc" <<SH
#!/bin/sh
LD_LIBRARY_PATH="$work/bundle/lib" exec "$work/bundle/bin/kilnc" "\$@"
SH
chmod +x "$work/kilnc"

echo "== suite"
python3 "$root/bench/kernels/gpu/bench_gpu.py" --device cuda \
  --kilnc "$work/kilnc" --nvcc nvcc --lib "$work/rt/lib/libkiln.so" \
  --work "$work/bench" --out "$out" --label "$device" \
  ${BENCH_GPU_JOBS:+--jobs "$BENCH_GPU_JOBS"} 2>&1 | tee "$out/bench-gpu.txt"
status=${PIPESTATUS[0]}
[ -n "${BENCH_GPU_JOBS:-}" ] || python_benchmarks || status=1
rm -rf "$work"
exit "$status"
