//===- GemmJobs.cpp - The two SGEMMs --------------------------------------===//
//
// c = a @ b for n x n float32 matrices, 2 n^3 flops: the 16 x 16 local-tile
// kernel and the register-tiled one (64 x 64 block tile, 4 x 4 outputs per
// work-item), both against the i-k-j OpenMP loop nest.
//
//===----------------------------------------------------------------------===//
#include "Job.h"
#include "OpenMPKernels.h"

namespace kiln::bench {
namespace {

struct GemmState {
  std::vector<float> a, b, c;
};

StatusOr<Job> gemm(KilnSession &kiln, const Sizes &sizes, const char *file,
                   const char *kernelName, const std::string &title,
                   IndexSpace space) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel(file, kernelName, 2));
  const int64_t n = sizes.gemm;
  auto state = std::make_shared<GemmState>();
  state->a = randomFloats(n * n, -1.0f, 1.0f, 11);
  state->b = randomFloats(n * n, -1.0f, 1.0f, 12);
  state->c.assign(n * n, 0.0f);
  KILN_BENCH_ASSIGN(a, kiln.upload(state->a));
  KILN_BENCH_ASSIGN(b, kiln.upload(state->b));
  KILN_BENCH_ASSIGN(c, kiln.zeros<float>(n * n));
  std::vector<KernelArg> args = {arrayArg<float>(a, {n, n}),
                                 arrayArg<float>(b, {n, n}),
                                 arrayArg<float>(c, {n, n})};
  Job job;
  job.name = title + " " + std::to_string(n) + " f32";
  job.unit = "GFLOP/s";
  job.work = 2.0 * double(n) * double(n) * double(n) / 1e9;
  job.runKiln = [&kiln, kernel, space, args] {
    return kiln.run(kernel, space, args);
  };
  job.runPeer = [state, n] {
    openmpSgemm(state->a.data(), state->b.data(), state->c.data(), n, n, n);
  };
  // Sums of n products in another order (and FMAs): |error| grows ~ sqrt(n).
  job.verify = [&kiln, state, c, title] {
    std::vector<float> got;
    KILN_RETURN_IF_ERROR(kiln.download(*c, got));
    return compareFloats(title, got, state->c, 1e-4, 1e-3);
  };
  return job;
}

StatusOr<Job> sgemmTiled(KilnSession &kiln, const Sizes &sizes) {
  const int64_t padded = (sizes.gemm + 15) / 16 * 16;
  return gemm(kiln, sizes, "sgemm_tiled.py", "sgemm_tiled",
              "SGEMM (16x16 local tiles)",
              NdRange{Range{padded, padded}, Range{16, 16}});
}

StatusOr<Job> sgemmRegisterTiled(KilnSession &kiln, const Sizes &sizes) {
  if (sizes.gemm % 64 != 0)
    return invalidArgument("the register-tiled SGEMM needs n a multiple of "
                           "64, got " +
                           std::to_string(sizes.gemm));
  return gemm(kiln, sizes, "sgemm_regtile.py", "sgemm_regtile",
              "SGEMM (64x64 block, 4x4 per work-item)",
              NdRange{Range{sizes.gemm / 4, sizes.gemm / 4}, Range{16, 16}});
}

} // namespace

std::vector<NamedFactory> gemmJobs() {
  return {{"sgemm_tiled", sgemmTiled}, {"sgemm_regtile", sgemmRegisterTiled}};
}

} // namespace kiln::bench
