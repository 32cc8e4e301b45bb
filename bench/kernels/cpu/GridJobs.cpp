//===- GridJobs.cpp - Stencil, transpose and softmax ----------------------===//
//
// Jobs over 2-D arrays, written naturally in Kiln (get_id(0) the row,
// get_id(1) the column): the 5-point stencil over a 2-D Range, the
// transpose through a 32 x 33 local tile, and softmax with one work-group
// per row. Bandwidth bound: 8 bytes per element (one load, one store).
//
//===----------------------------------------------------------------------===//
#include "Job.h"
#include "OpenMPKernels.h"

namespace kiln::bench {
namespace {

struct Matrices {
  std::vector<float> in, out;
};

std::string squareText(int64_t n, int64_t m) {
  return std::to_string(n) + "x" + std::to_string(m);
}

/// The parts every 2-D job shares: `in` uploaded, a zeroed device output of
/// out's size, and verify comparing the two outputs.
struct GridSetup {
  std::shared_ptr<Matrices> host;
  std::shared_ptr<Buffer> in, out;
};

StatusOr<GridSetup> setUp(KilnSession &kiln, std::vector<float> input,
                          size_t outputSize) {
  GridSetup setup;
  setup.host = std::make_shared<Matrices>();
  setup.host->in = std::move(input);
  setup.host->out.assign(outputSize, 0.0f);
  KILN_BENCH_ASSIGN(in, kiln.upload(setup.host->in));
  KILN_BENCH_ASSIGN(out, kiln.zeros<float>(outputSize));
  setup.in = in;
  setup.out = out;
  return setup;
}

std::function<Status()> verifier(KilnSession &kiln, const GridSetup &setup,
                                 std::string what, double rtol, double atol) {
  return [&kiln, host = setup.host, out = setup.out, what, rtol, atol] {
    std::vector<float> got;
    KILN_RETURN_IF_ERROR(kiln.download(*out, got));
    return compareFloats(what, got, host->out, rtol, atol);
  };
}

StatusOr<Job> stencil(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("stencil.py", "stencil", 2));
  const int64_t n = sizes.stencil;
  KILN_BENCH_ASSIGN(
      setup, setUp(kiln, randomFloats(n * n, 0.0f, 1.0f, 8), size_t(n * n)));
  std::vector<KernelArg> args = {arrayArg<float>(setup.in, {n, n}),
                                 arrayArg<float>(setup.out, {n, n})};
  Job job;
  job.name = "5-point stencil " + squareText(n, n) + " f32";
  job.unit = "GB/s";
  job.work = 8.0 * double(n) * double(n) / 1e9;
  job.runKiln = [&kiln, kernel, args, n] {
    return kiln.run(kernel, Range{n - 2, n - 2}, args);
  };
  job.runPeer = [host = setup.host, n] {
    openmpStencil(host->in.data(), host->out.data(), n, n);
  };
  job.verify = verifier(kiln, setup, "stencil", 1e-6, 0.0);
  return job;
}

StatusOr<Job> transpose(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("transpose.py", "transpose", 2));
  const int64_t n = sizes.transpose;
  KILN_BENCH_ASSIGN(
      setup, setUp(kiln, randomFloats(n * n, 0.0f, 1.0f, 9), size_t(n * n)));
  std::vector<KernelArg> args = {arrayArg<float>(setup.in, {n, n}),
                                 arrayArg<float>(setup.out, {n, n})};
  const int64_t tiles = (n + 31) / 32;
  IndexSpace space = NdRange{Range{tiles * 8, tiles * 32}, Range{8, 32}};
  Job job;
  job.name = "transpose (32x33 tile) " + squareText(n, n) + " f32";
  job.unit = "GB/s";
  job.work = 8.0 * double(n) * double(n) / 1e9;
  job.runKiln = [&kiln, kernel, space, args] {
    return kiln.run(kernel, space, args);
  };
  job.runPeer = [host = setup.host, n] {
    openmpTranspose(host->in.data(), host->out.data(), n, n);
  };
  job.verify = verifier(kiln, setup, "transpose", 0.0, 0.0);
  return job;
}

StatusOr<Job> softmax(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("softmax.py", "softmax", 2));
  const int64_t n = sizes.softmaxRows, m = sizes.softmaxCols;
  KILN_BENCH_ASSIGN(setup, setUp(kiln, randomFloats(n * m, -10.0f, 10.0f, 10),
                                 size_t(n * m)));
  std::vector<KernelArg> args = {arrayArg<float>(setup.in, {n, m}),
                                 arrayArg<float>(setup.out, {n, m})};
  const int64_t groupSize = 256;
  IndexSpace space = NdRange{Range{n, groupSize}, Range{1, groupSize}};
  Job job;
  job.name = "softmax rows " + squareText(n, m) + " f32";
  job.unit = "GB/s";
  job.work = 8.0 * double(n) * double(m) / 1e9;
  job.runKiln = [&kiln, kernel, space, args] {
    return kiln.run(kernel, space, args);
  };
  job.runPeer = [host = setup.host, n, m] {
    openmpSoftmax(host->in.data(), host->out.data(), n, m);
  };
  // exp differs between the OpenCL and C libraries by a few ulps.
  job.verify = verifier(kiln, setup, "softmax", 1e-4, 1e-9);
  return job;
}

} // namespace

std::vector<NamedFactory> gridJobs() {
  return {{"stencil", stencil}, {"transpose", transpose}, {"softmax", softmax}};
}

} // namespace kiln::bench
