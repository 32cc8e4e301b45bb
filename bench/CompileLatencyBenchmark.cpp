//===- CompileLatencyBenchmark.cpp - How long a JIT compile takes ---------===//
//
// Compile latency in a long-lived process: one CompileSession (its
// MLIRContext) created once and reused (as an embedding frontend would),
// each iteration compiling kernel source to a device binary from scratch
// (no cache). Per-stage times are
// reported as counters (ms per compile): frontend (parse, check, MLIRGen),
// MLIR lowering, translation to LLVM IR, LLVM -O2 + code generation.
//
//   build/bin/kiln-bench-compile --benchmark_repetitions=5
//
//===----------------------------------------------------------------------===//
#include "compiler/Session/CompileSession.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <string>

using namespace kiln;

namespace {

CompileSession &sharedSession() {
  static CompileSession session;
  return session;
}

std::string readExample(const std::string &name) {
  // $KILN_SOURCE_DIR lets a copied binary (the GPU machine) find examples/.
  const char *root = std::getenv("KILN_SOURCE_DIR");
  std::string path =
      std::string(root ? root : KILN_SOURCE_DIR) + "/examples/" + name;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// One full compile; returns false (after reporting) on any error.
bool compileOnce(const std::string &source, const std::string &kernel,
                 TargetKind target, StageTimings &timings, double &frontendMs) {
  CompileJob job;
  job.kernel = kernel;
  job.options.target = target;
  auto result = sharedSession().compile(source, "bench.py", job, llvm::errs());
  if (!result) {
    llvm::errs() << llvm::toString(result.takeError()) << "\n";
    return false;
  }
  frontendMs = result->frontendMs;
  timings = result->timings;
  benchmark::DoNotOptimize(result->binary.data.data());
  return !result->binary.data.empty();
}

void BM_ColdCompile(benchmark::State &state, const char *file,
                    const char *kernel, TargetKind target) {
  std::string source = readExample(file);
  StageTimings timings;
  double frontend = 0;
  // Warm-up: target registration and first-use initialisation happen once
  // per process, not per kernel.
  if (source.empty() ||
      !compileOnce(source, kernel, target, timings, frontend)) {
    state.SkipWithError("cannot compile the example");
    return;
  }
  double sums[4] = {0, 0, 0, 0};
  for (auto _ : state) {
    if (!compileOnce(source, kernel, target, timings, frontend)) {
      state.SkipWithError("compile failed");
      return;
    }
    sums[0] += frontend;
    sums[1] += timings.lowerToLLVMDialect;
    sums[2] += timings.translateToLLVMIR;
    sums[3] += timings.optimizeAndEmit;
  }
  double n = static_cast<double>(state.iterations());
  state.counters["frontend_ms"] = sums[0] / n;
  state.counters["lower_ms"] = sums[1] / n;
  state.counters["translate_ms"] = sums[2] / n;
  state.counters["llvm_ms"] = sums[3] / n;
}

} // namespace

BENCHMARK_CAPTURE(BM_ColdCompile, saxpy_ptx, "saxpy.py", "saxpy",
                  TargetKind::PTX)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, saxpy_spirv, "saxpy.py", "saxpy",
                  TargetKind::SPIRV)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, laplacian_ptx, "laplacian2d.py", "laplacian",
                  TargetKind::PTX)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, laplacian_spirv, "laplacian2d.py",
                  "laplacian", TargetKind::SPIRV)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, collatz_ptx, "control_flow.py", "collatz",
                  TargetKind::PTX)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, collatz_spirv, "control_flow.py", "collatz",
                  TargetKind::SPIRV)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(BM_ColdCompile, reduction_ptx, "reduction.py", "total",
                  TargetKind::PTX)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, reduction_spirv, "reduction.py", "total",
                  TargetKind::SPIRV)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, matmul_ptx, "matmul_tiled.py", "matmul",
                  TargetKind::PTX)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColdCompile, matmul_spirv, "matmul_tiled.py", "matmul",
                  TargetKind::SPIRV)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
