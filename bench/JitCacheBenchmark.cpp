//===- JitCacheBenchmark.cpp - How long a JIT cache hit takes -------------===//
//
// Warm cache hits of kiln::JitCompiler (compiler/JIT): the request is
// compiled once, then each iteration asks for it again and is answered
// from the in-memory cache or, with the memory cache off, from the disk
// cache (read, SHA-256 check, deserialize, mtime touch). Both include
// computing the request's key (SHA-256 of the source). Also measured: a
// warm request with launch arguments (resolved against the remembered
// parameters, no parse), and a TargetMachine creation, which every fresh
// compile pays today.
//
//   build/bin/kiln-bench-jit-cache --benchmark_repetitions=5
//
//===----------------------------------------------------------------------===//
#include "compiler/JIT/JitCompiler.h"
#include "compiler/Target/LLVMCodegen.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <benchmark/benchmark.h>

using namespace kiln;

namespace {

std::string cacheFolder() {
  static std::string folder = [] {
    llvm::SmallString<128> path;
    (void)llvm::sys::fs::createUniqueDirectory("kiln-bench-cache", path);
    return std::string(path);
  }();
  return folder;
}

CompileRequest saxpy(TargetKind target) {
  CompileRequest request;
  auto buffer = llvm::MemoryBuffer::getFile(std::string(KILN_SOURCE_DIR) +
                                            "/examples/saxpy.py");
  request.source = buffer ? (*buffer)->getBuffer().str() : "";
  request.filename = "saxpy.py";
  request.kernel = "saxpy";
  request.target = target;
  return request;
}

void BM_CacheHit(benchmark::State &state, bool memory, TargetKind target) {
  JitOptions options;
  options.memoryCache = memory;
  options.diskCache = true;
  options.cacheDirectory = cacheFolder();
  options.verbose = false;
  std::unique_ptr<JitCompiler> jit = JitCompiler::create(options);
  CompileRequest request = saxpy(target);
  auto warm = jit->compile(request);
  if (!warm) {
    state.SkipWithError(llvm::toString(warm.takeError()).c_str());
    return;
  }
  CacheOrigin expected = memory ? CacheOrigin::Memory : CacheOrigin::Disk;
  for (auto _ : state) {
    auto hit = jit->compile(request);
    if (!hit || hit->origin != expected) {
      if (!hit)
        llvm::consumeError(hit.takeError());
      state.SkipWithError("not a cache hit");
      return;
    }
    benchmark::DoNotOptimize(hit->binary.get());
  }
}

/// A warm request with launch arguments, as a language binding makes on
/// every call: the kernel's parameters are remembered, so the hit costs
/// resolving the arguments and keying, no parse.
void BM_ArgumentsHit(benchmark::State &state) {
  JitOptions options;
  options.diskCache = false;
  options.verbose = false;
  std::unique_ptr<JitCompiler> jit = JitCompiler::create(options);
  CompileRequest request = saxpy(TargetKind::SPIRV);
  ArgumentDescriptor scalar, array;
  scalar.name = "a";
  scalar.dtype = DType::Float32;
  scalar.value = ConstantValue::ofFloat(2.5);
  array.kind = ArgumentDescriptor::Kind::Array;
  array.dtype = DType::Float32;
  array.alignment = 16;
  request.arguments = {scalar, array, array};
  (*request.arguments)[1].name = "x";
  (*request.arguments)[2].name = "y";
  auto warm = jit->compile(request);
  if (!warm) {
    state.SkipWithError(llvm::toString(warm.takeError()).c_str());
    return;
  }
  for (auto _ : state) {
    auto hit = jit->compile(request);
    if (!hit || hit->origin != CacheOrigin::Memory) {
      if (!hit)
        llvm::consumeError(hit.takeError());
      state.SkipWithError("not a memory cache hit");
      return;
    }
    benchmark::DoNotOptimize(hit->binary.get());
  }
}

void BM_CreateTargetMachine(benchmark::State &state, const char *triple,
                            const char *cpu) {
  for (auto _ : state) {
    auto machine = createTargetMachine(triple, cpu, "", 2);
    if (!machine) {
      state.SkipWithError(llvm::toString(machine.takeError()).c_str());
      return;
    }
    benchmark::DoNotOptimize(machine->get());
  }
}

} // namespace

BENCHMARK_CAPTURE(BM_CacheHit, memory_saxpy_ptx, true, TargetKind::PTX)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CacheHit, memory_saxpy_spirv, true, TargetKind::SPIRV)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CacheHit, disk_saxpy_ptx, false, TargetKind::PTX)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CacheHit, disk_saxpy_spirv, false, TargetKind::SPIRV)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ArgumentsHit)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CreateTargetMachine, nvptx, "nvptx64-nvidia-cuda", "sm_90")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CreateTargetMachine, spirv, "spirv64-unknown-unknown", "")
    ->Unit(benchmark::kMicrosecond);

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  llvm::sys::fs::remove_directories(cacheFolder());
  return 0;
}
