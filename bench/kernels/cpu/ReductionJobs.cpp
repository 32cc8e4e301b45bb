//===- ReductionJobs.cpp - Sums and the histogram -------------------------===//
//
// Jobs that accumulate into a zeroed output with atomics: the sum with one
// element per work-item, the grid-stride sum and the 256-bin histogram.
// The output is zeroed before each Kiln run, outside the timed launch.
//
//===----------------------------------------------------------------------===//
#include "Job.h"
#include "OpenMPKernels.h"

#include <cmath>
#include <random>

namespace kiln::bench {
namespace {

constexpr int64_t kGroupSize = 256;

struct SumState {
  std::vector<float> x;
  float total = 0;
};

/// A sum job launching `kernel` over `space`; both sums share the peer.
Job sumJob(KilnSession &kiln, std::shared_ptr<Kernel> kernel,
           const std::string &name, IndexSpace space,
           std::shared_ptr<SumState> state, std::shared_ptr<Buffer> x,
           std::shared_ptr<Buffer> out) {
  const int64_t n = int64_t(state->x.size());
  std::vector<KernelArg> args = {arrayArg<float>(x, {n}),
                                 arrayArg<float>(out, {1})};
  Job job;
  job.name = name + " " + sizeText(n) + " f32";
  job.unit = "GB/s";
  job.work = 4.0 * double(n) / 1e9;
  job.resetKiln = [&kiln, out] { return kiln.clear(*out); };
  job.runKiln = [&kiln, kernel, space, args] {
    return kiln.run(kernel, space, args);
  };
  job.runPeer = [state, n] { state->total = openmpSum(state->x.data(), n); };
  // Float sums in different orders: relative error ~ sqrt(adds) * 2^-24.
  job.verify = [&kiln, state, out, name] {
    std::vector<float> got;
    KILN_RETURN_IF_ERROR(kiln.download(*out, got));
    return compareFloats(name, got, {state->total}, 1e-4, 0.0);
  };
  return job;
}

StatusOr<Job> sumPerItem(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("sum_per_item.py", "sum_per_item", 1));
  auto state = std::make_shared<SumState>();
  state->x = randomFloats(sizes.vector, 0.0f, 1.0f, 5);
  KILN_BENCH_ASSIGN(x, kiln.upload(state->x));
  KILN_BENCH_ASSIGN(out, kiln.zeros<float>(1));
  const int64_t global =
      (sizes.vector + kGroupSize - 1) / kGroupSize * kGroupSize;
  return sumJob(kiln, kernel, "sum (element per work-item)",
                NdRange{Range{global}, Range{kGroupSize}}, state, x, out);
}

StatusOr<Job> sumGridStride(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel,
                    kiln.kernel("sum_grid_stride.py", "sum_grid_stride", 1));
  auto state = std::make_shared<SumState>();
  state->x = randomFloats(sizes.vector, 0.0f, 1.0f, 6);
  KILN_BENCH_ASSIGN(x, kiln.upload(state->x));
  KILN_BENCH_ASSIGN(out, kiln.zeros<float>(1));
  return sumJob(kiln, kernel, "sum (grid-stride)",
                NdRange{Range{sizes.groups * kGroupSize}, Range{kGroupSize}},
                state, x, out);
}

struct HistogramState {
  std::vector<uint8_t> data;
  std::vector<uint32_t> bins = std::vector<uint32_t>(256);
};

StatusOr<Job> histogram(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("histogram.py", "histogram", 1));
  const int64_t n = sizes.histogram;
  auto state = std::make_shared<HistogramState>();
  state->data.resize(n);
  std::mt19937 engine(7);
  for (uint8_t &byte : state->data)
    byte = uint8_t(engine());
  KILN_BENCH_ASSIGN(data, kiln.upload(state->data));
  KILN_BENCH_ASSIGN(bins, kiln.zeros<uint32_t>(256));
  std::vector<KernelArg> args = {arrayArg<uint8_t>(data, {n}),
                                 arrayArg<uint32_t>(bins, {256})};
  IndexSpace space =
      NdRange{Range{sizes.groups * kGroupSize}, Range{kGroupSize}};
  Job job;
  job.name = "histogram 256 bins " + sizeText(n) + " u8";
  job.unit = "GB/s";
  job.work = double(n) / 1e9;
  job.resetKiln = [&kiln, bins] { return kiln.clear(*bins); };
  job.runKiln = [&kiln, kernel, space, args] {
    return kiln.run(kernel, space, args);
  };
  job.runPeer = [state, n] {
    openmpHistogram(state->data.data(), n, state->bins.data());
  };
  job.verify = [&kiln, state, bins]() -> Status {
    std::vector<uint32_t> got;
    KILN_RETURN_IF_ERROR(kiln.download(*bins, got));
    for (size_t b = 0; b < 256; ++b)
      if (got[b] != state->bins[b])
        return internalError("histogram: bin " + std::to_string(b) + " is " +
                             std::to_string(got[b]) + ", OpenMP gives " +
                             std::to_string(state->bins[b]));
    return Status();
  };
  return job;
}

} // namespace

std::vector<NamedFactory> reductionJobs() {
  return {{"sum_per_item", sumPerItem},
          {"sum_grid_stride", sumGridStride},
          {"histogram", histogram}};
}

} // namespace kiln::bench
