#!/usr/bin/env bash
# Everything Kiln checks on the GPU machine, in one call (device tool):
#   run(command="bash scripts/gpu-check.sh", carry=[".carry"])
# 1. builds the runtime and its tests from source (no LLVM needed);
# 2. unpacks the compiler tools built on the CI machine (make-gpu-bundle.sh);
# 3. runs the runtime GoogleTests and the bundled compiler-linked ones
#    (CUDA tests run for real here), the lit
#    CUDA execution tests and PTX checks, and the saxpy example on cuda;
# 4. prints a short table last. Logs go to $OUT when set.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-check-out}
mkdir -p "$out"
work=$(mktemp -d)
export PATH=/usr/local/cuda/bin:$PATH
declare -a rows

row() { rows+=("$(printf '%-34s %s' "$1" "$2")"); }

echo "== device"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/device.txt"

echo "== build runtime from source"
if cmake -G Ninja -S "$root" -B "$work/rt" -DKILN_BUILD_COMPILER=OFF -DCMAKE_BUILD_TYPE=Release >"$out/rt-build.log" 2>&1 \
   && ninja -C "$work/rt" -j16 >>"$out/rt-build.log" 2>&1; then row "runtime build (no LLVM)" ok; else row "runtime build (no LLVM)" FAILED; tail -20 "$out/rt-build.log"; fi

echo "== compiler bundle"
if tar -C "$work" -xJf "$root/.carry/gpu-bundle.tar.xz"; then
  export LD_LIBRARY_PATH=$work/bundle/lib:${LD_LIBRARY_PATH:-}
  export PATH=$work/bundle/bin:$PATH
  export KILN_TEST_KERNEL_DIR=$work/bundle/test-kernels
  kilnc --version >/dev/null 2>&1 && row "compiler tools start" ok || row "compiler tools start" FAILED
else
  row "compiler bundle" "missing (run scripts/make-gpu-bundle.sh)"
fi

echo "== runtime gtests"
pass=0; fail=0; skip=0
for t in $(cat "$work/rt/test/gtest-binaries.txt" 2>/dev/null) $(ls "$work"/bundle/gtests/* 2>/dev/null); do
  x="$work/$(basename "$t").xml"
  # The bundled ones run their CUDA cases only (no llvm-spirv-15 there).
  filter='*'; case "$t" in "$work"/bundle/gtests/*) filter='*CUDA*:*Cuda*';; esac
  "$t" --gtest_filter="$filter" --gtest_output=xml:"$x" >"$work/gtest-one.log" 2>&1
  cat "$work/gtest-one.log" >> "$out/gtest.log"
  p=$(grep -c '<testcase .*result="completed"' "$x" 2>/dev/null || true)
  f=$(grep -c '<failure' "$x" 2>/dev/null || true)
  s=$(grep -c '<skipped' "$x" 2>/dev/null || true)
  p=${p:-0}; f=${f:-0}; s=${s:-0}
  pass=$((pass + p - f)); fail=$((fail + f)); skip=$((skip + s))
  grep -h -A4 "Failure\|SKIPPED \]" "$work/gtest-one.log" | head -20
done
row "gtests (runtime + JIT on cuda)" "$pass passed, $fail failed, $skip skipped"

echo "== lit: CUDA execution + PTX"
mkdir -p "$work/lit"
cat > "$work/lit/lit.site.cfg.py" <<PY
import os
config.kiln_src_root = "$root"
config.kiln_obj_root = "$work/lit-obj"
config.kiln_tools_dir = "$work/bundle/bin"
config.llvm_tools_dir = "$work/bundle/bin"
config.python_with_numpy = "$(command -v python3)"
lit_config.load_config(config, os.path.join(config.kiln_src_root, "test", "lit.cfg.py"))
PY
PYTHONPATH="$work/bundle/lit" python3 -c 'from lit.main import main; main()' -v \
  --filter 'Execution/CUDA|Target/|Tools/' "$work/lit" >"$out/lit.log" 2>&1
grep -E "^(PASS|FAIL|UNSUPPORTED|XFAIL)" "$out/lit.log"
lp=$(grep -c "^PASS" "$out/lit.log"); lf=$(grep -c "^FAIL" "$out/lit.log"); lu=$(grep -c "^UNSUPPORTED" "$out/lit.log")
if [ "$lp" -eq 0 ]; then
  # No test ran: lit itself failed (e.g. the config did not load).
  tail -5 "$out/lit.log"
  row "lit (CUDA exec, PTX, tools)" "FAILED: no test ran (see lit.log)"
else
  row "lit (CUDA exec, PTX, tools)" "$lp passed, $lf failed, $lu unsupported"
fi

# test_cuda.py, and the CUDA case of the C launch entry's tests (the rest
# of that file runs on the CPU device, which this machine's PoCL cannot
# take: it has no llvm-spirv-15).
echo "== Python package on cuda (test/Python/test_cuda.py, the C entry's and the division program's CUDA cases)"
if [ ! -d "$work/bundle/python/kiln" ]; then
  row "python package on cuda" "missing from the bundle"
elif ! python3 -c 'import pytest, numpy' 2>/dev/null; then
  row "python package on cuda" "skipped: no pytest/numpy in $(command -v python3)"
else
  (cd "$root" && PYTHONPATH="$work/bundle/python" python3 -m pytest -q -rs \
     test/Python/test_cuda.py \
     test/Python/test_claunch_entry.py::test_on_cuda_warm_launches_are_grouped_through_a_plan \
     test/Python/test_division_by_zero_program.py::test_cuda_survives_with_the_same_values) \
     >"$out/python.log" 2>&1
  tail -5 "$out/python.log"
  row "python package on cuda" "$(tail -1 "$out/python.log" | tr -d '=' | sed 's/^ *//')"
fi

echo "== differential tester on cuda (tools/kiln-difftest, docs/reliability.md)"
# Random kernels at -O0/-O2/-O3/-g against the reference evaluator; the
# bundle has kiln-run, so one process per kernel (slower, still ~2 min).
python3 "$root/tools/kiln-difftest/difftest.py" --device cuda \
  --tools "$(dirname "$(command -v kiln-run)")" --seed 20261125 --batches 2 \
  --kernels 20 --work "$work/difftest" --failures "$out/difftest-failures" \
  >"$out/difftest.log" 2>&1
grep -E "^  k" "$out/difftest.log" | head -10
row "difftest on cuda" "$(tail -1 "$out/difftest.log" | sed 's/^difftest: //')"

echo "== saxpy example on cuda"
if KILN_PYTHON=$(command -v python3) bash "$root/scripts/run-example.sh" "$work/bundle" cuda > "$out/saxpy.log" 2>&1; then row "examples/saxpy.py on cuda" "$(tail -1 "$out/saxpy.log" | grep -o 'verified')"; else row "examples/saxpy.py on cuda" FAILED; fi
cat "$out/saxpy.log"

echo "== compile latency: Kiln vs Triton (saxpy, cold, no cache)"
KILN_SOURCE_DIR=$root kiln-bench-compile --benchmark_filter='saxpy_ptx|reduction_ptx|matmul_ptx' \
  --benchmark_repetitions=5 --benchmark_report_aggregates_only=true >"$out/compile-bench.txt" 2>&1
grep -E "median" "$out/compile-bench.txt"
kiln_ms=$(grep -E "saxpy_ptx_median" "$out/compile-bench.txt" | awk '{print $2}')
python3 "$root/scripts/triton-compile-latency.py" >"$out/triton.txt" 2>&1
cat "$out/triton.txt" | tail -3
triton_ms=$(grep -E "^triton_saxpy_cold_ms " "$out/triton.txt" | awk '{print $2}')
if [ -n "$kiln_ms" ] && [ -n "$triton_ms" ]; then
  row "saxpy cold compile Kiln/Triton" "$kiln_ms ms / $triton_ms ms = $(python3 -c "print(f'{$kiln_ms/$triton_ms:.3f}')")"
else
  row "saxpy cold compile Kiln/Triton" "incomplete (see compile-bench.txt, triton.txt)"
fi

echo "== launch overhead: kiln::launchAsync vs raw cuLaunchKernel"
if [ -x "$work/rt/bin/kiln-bench-launch" ]; then
  "$work/rt/bin/kiln-bench-launch" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    --benchmark_out="$out/bench-launch.json" --benchmark_out_format=json >"$out/bench-launch.log" 2>&1
  grep -E "_median|ERROR" "$out/bench-launch.log"
  row "launch overhead Kiln/raw (median)" "$(python3 - "$out/bench-launch.json" <<'PY'
import json, sys
try:
    runs = json.load(open(sys.argv[1]))["benchmarks"]
except Exception as error:
    print("no result (%s)" % error)
    sys.exit()
medians = [r for r in runs if r.get("aggregate_name") == "median"
           and r["run_name"].startswith("BM_LaunchOverhead/")]
if not medians:
    errors = [r["error_message"] for r in runs if r.get("error_occurred")]
    print("skipped: " + (errors[0] if errors else "no medians"))
    sys.exit()
last = medians[-1]
print("%s (N=%s); %.2f vs %.2f us/launch at N=%s" % (
    " / ".join("%.3f" % r["ratio"] for r in medians),
    "/".join(r["run_name"].split("/")[1] for r in medians),
    last["kiln_us"], last["raw_us"], last["run_name"].split("/")[1]))
PY
)"
else
  row "launch overhead Kiln/raw (median)" "not built (needs Google Benchmark)"
fi

echo
echo "== Kiln GPU check: $(cat "$out/device.txt") $(date -u +%F)"
printf '%s\n' "${rows[@]}" | tee "$out/table.txt"

# The device tool brings back at most 8 files: the table and one archive.
cp "$out/table.txt" "$work/table.txt"
tar -C "$out" -czf "$work/logs.tgz" .
find "$out" -mindepth 1 -delete
mv "$work/logs.tgz" "$work/table.txt" "$out/"
