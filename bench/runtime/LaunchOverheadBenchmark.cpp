//===- LaunchOverheadBenchmark.cpp - kiln::launchAsync vs cuLaunchKernel -===//
//
// Host cost of one launch of an empty kernel: Kiln's checked, packed
// launchAsync (event returned and dropped, as a fire-and-forget caller
// does) against raw cuLaunchKernel through the same dlopen'ed driver table,
// on the same stream, in the same process. Each iteration submits N
// launches of each kind (order alternating), timing the submissions and
// the final stream sync separately. Counters, per launch: kiln_us, raw_us
// (submission), kiln_total_us, raw_total_us (with the sync), ratio =
// kiln_us / raw_us, ratio_total. Without a CUDA driver or GPU every
// benchmark stops with SkipWithError and the reason.
//
//===----------------------------------------------------------------------===//
#include "CudaDynamicSymbols.h"
#include "CudaExecutable.h"
#include "CudaQueue.h"
#include "CudaStatus.h"
#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Launch.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

namespace {

using Clock = std::chrono::steady_clock;

/// An empty kernel in the native ABI (three int64 range extents, no
/// parameters); PTX for sm_52 runs on every GPU the driver JIT targets.
constexpr const char *kEmptyKernelPtx = R"(.version 7.0
.target sm_52
.address_size 64
.visible .entry empty(.param .u64 r0, .param .u64 r1, .param .u64 r2)
{
  ret;
}
)";

constexpr int64_t kThreads = 256; // One block of 256: Range{256} on Kiln.

/// What both kinds of launch share; `error` says why there is none.
struct Setup {
  std::shared_ptr<kiln::Device> device;
  std::shared_ptr<kiln::Queue> queue;
  std::shared_ptr<kiln::Kernel> kernel;
  const kiln::cuda::CudaDynamicSymbols *cu = nullptr;
  kiln::cuda::CUstream stream = nullptr;
  kiln::cuda::CUfunction function = nullptr;
  std::string error;
};

const Setup &setup() {
  static const Setup shared = [] {
    Setup s;
    auto fail = [&](const std::string &why) {
      s.error = why;
      return s;
    };
    kiln::StatusOr<std::shared_ptr<kiln::Device>> device =
        kiln::openDevice("cuda:0");
    if (!device.ok())
      return fail("no CUDA device: " + device.message());
    s.device = *device;
    kiln::KernelBinary binary;
    binary.format = kiln::BinaryFormat::PTX;
    binary.data.assign(kEmptyKernelPtx,
                       kEmptyKernelPtx +
                           std::char_traits<char>::length(kEmptyKernelPtx));
    kiln::KernelMetadata empty;
    empty.name = "empty";
    binary.kernels = {empty};
    auto module = s.device->loadExecutable(binary);
    if (!module.ok())
      return fail("loading the empty kernel: " + module.message());
    auto kernel = (*module)->getKernel("empty");
    if (!kernel.ok())
      return fail(kernel.message());
    s.kernel = *kernel;
    auto queue = s.device->createQueue();
    if (!queue.ok())
      return fail("creating a queue: " + queue.message());
    s.queue = *queue;
    auto symbols = kiln::cuda::CudaDynamicSymbols::get();
    if (!symbols.ok())
      return fail(symbols.message());
    s.cu = *symbols;
    s.stream = static_cast<kiln::cuda::CudaQueue &>(*s.queue).stream();
    s.function =
        static_cast<const kiln::cuda::CudaKernel &>(*s.kernel).function();
    return s;
  }();
  return shared;
}

double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

/// N raw launches; the error of the first failing call, or "".
std::string rawLaunches(const Setup &s, int64_t n) {
  int64_t range[3] = {kThreads, 1, 1};
  void *params[3] = {&range[0], &range[1], &range[2]};
  for (int64_t i = 0; i < n; ++i) {
    kiln::cuda::CUresult result = s.cu->cuLaunchKernel(
        s.function, 1, 1, 1, kThreads, 1, 1, 0, s.stream, params, nullptr);
    if (result != kiln::cuda::CUDA_SUCCESS)
      return kiln::cuda::cudaStatus(*s.cu, result, "cuLaunchKernel").message();
  }
  return "";
}

/// N Kiln launches, events dropped; the first error, or "".
std::string kilnLaunches(const Setup &s, int64_t n) {
  const kiln::IndexSpace space = kiln::Range{kThreads};
  const std::vector<kiln::KernelArg> args;
  for (int64_t i = 0; i < n; ++i) {
    auto event = kiln::launchAsync(*s.queue, s.kernel, space, args);
    if (!event.ok())
      return event.message();
  }
  return "";
}

std::string sync(const Setup &s) {
  kiln::cuda::CUresult result = s.cu->cuStreamSynchronize(s.stream);
  if (result != kiln::cuda::CUDA_SUCCESS)
    return kiln::cuda::cudaStatus(*s.cu, result, "cuStreamSynchronize")
        .message();
  return "";
}

void BM_LaunchOverhead(benchmark::State &state) {
  const Setup &s = setup();
  if (!s.error.empty()) {
    state.SkipWithError(s.error.c_str());
    return;
  }
  const int64_t n = state.range(0);
  // Warm up both paths (module load, first-launch costs) and make the
  // device's context current for the raw calls.
  std::string error = kilnLaunches(s, 16);
  if (error.empty())
    error = rawLaunches(s, 16);
  if (error.empty())
    error = sync(s);
  double kiln = 0, raw = 0, kilnTotal = 0, rawTotal = 0;
  bool kilnFirst = true;
  for (auto _ : state) {
    if (!error.empty())
      break;
    double iteration = 0;
    for (int pass = 0; pass < 2 && error.empty(); ++pass) {
      bool isKiln = (pass == 0) == kilnFirst;
      Clock::time_point start = Clock::now();
      error = isKiln ? kilnLaunches(s, n) : rawLaunches(s, n);
      Clock::time_point submitted = Clock::now();
      if (error.empty())
        error = sync(s);
      Clock::time_point done = Clock::now();
      (isKiln ? kiln : raw) += seconds(submitted - start);
      (isKiln ? kilnTotal : rawTotal) += seconds(done - start);
      iteration += seconds(done - start);
    }
    kilnFirst = !kilnFirst;
    state.SetIterationTime(iteration);
  }
  if (!error.empty()) {
    state.SkipWithError(error.c_str());
    return;
  }
  double launches = double(state.iterations()) * double(n);
  state.counters["kiln_us"] = kiln / launches * 1e6;
  state.counters["raw_us"] = raw / launches * 1e6;
  state.counters["kiln_total_us"] = kilnTotal / launches * 1e6;
  state.counters["raw_total_us"] = rawTotal / launches * 1e6;
  state.counters["ratio"] = raw > 0 ? kiln / raw : 0;
  state.counters["ratio_total"] = rawTotal > 0 ? kilnTotal / rawTotal : 0;
  state.SetLabel(s.device->info().name);
}
BENCHMARK(BM_LaunchOverhead)->Arg(1)->Arg(256)->Arg(1000)->UseManualTime();

/// Where a Kiln launch's time goes: per iteration, 256 launches of each of
/// raw cuLaunchKernel (raw_us), cuLaunchKernelEx without attributes
/// (ex_us), cuLaunchKernel after making the context current as Kiln does
/// (current_us) and kiln::launchAsync (kiln_us), each block followed by a
/// sync, the order rotating; counters are per-launch submission times.
void BM_LaunchPathBreakdown(benchmark::State &state) {
  const Setup &s = setup();
  if (!s.error.empty()) {
    state.SkipWithError(s.error.c_str());
    return;
  }
  const int64_t n = 256;
  const auto &device = static_cast<const kiln::cuda::CudaDevice &>(*s.device);
  int64_t range[3] = {kThreads, 1, 1};
  void *params[3] = {&range[0], &range[1], &range[2]};
  kiln::cuda::CUlaunchConfig config{};
  config.gridDimX = config.gridDimY = config.gridDimZ = 1;
  config.blockDimX = kThreads;
  config.blockDimY = config.blockDimZ = 1;
  config.hStream = s.stream;
  auto block = [&](int mode) -> std::string {
    if (mode == 3)
      return kilnLaunches(s, n);
    for (int64_t i = 0; i < n; ++i) {
      if (mode == 2 && !device.makeCurrent().ok())
        return "cuCtxSetCurrent failed";
      kiln::cuda::CUresult result =
          mode == 1
              ? s.cu->cuLaunchKernelEx(&config, s.function, params, nullptr)
              : s.cu->cuLaunchKernel(s.function, 1, 1, 1, kThreads, 1, 1, 0,
                                     s.stream, params, nullptr);
      if (result != kiln::cuda::CUDA_SUCCESS)
        return kiln::cuda::cudaStatus(*s.cu, result, "launch").message();
    }
    return "";
  };
  std::string error = sync(s);
  double spent[4] = {0, 0, 0, 0};
  int first = 0;
  for (auto _ : state) {
    double iteration = 0;
    for (int k = 0; k < 4 && error.empty(); ++k) {
      int mode = (first + k) % 4;
      Clock::time_point start = Clock::now();
      error = block(mode);
      Clock::time_point submitted = Clock::now();
      if (error.empty())
        error = sync(s);
      spent[mode] += seconds(submitted - start);
      iteration += seconds(Clock::now() - start);
    }
    if (!error.empty())
      break;
    first = (first + 1) % 4;
    state.SetIterationTime(iteration);
  }
  if (!error.empty()) {
    state.SkipWithError(error.c_str());
    return;
  }
  double launches = double(state.iterations()) * double(n);
  const char *names[4] = {"raw_us", "ex_us", "current_us", "kiln_us"};
  for (int mode = 0; mode < 4; ++mode)
    state.counters[names[mode]] = spent[mode] / launches * 1e6;
}
BENCHMARK(BM_LaunchPathBreakdown)->UseManualTime();

} // namespace

BENCHMARK_MAIN();
