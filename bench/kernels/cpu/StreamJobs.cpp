//===- StreamJobs.cpp - Vector add and triad ------------------------------===//
//
// Elementwise jobs over 1-D Range(n): bandwidth bound, 12 bytes per element
// (two loads, one store).
//
//===----------------------------------------------------------------------===//
#include "Job.h"
#include "OpenMPKernels.h"

namespace kiln::bench {
namespace {

struct Vectors {
  std::vector<float> a, b, c;
  std::shared_ptr<Buffer> deviceA, deviceB, deviceC;
};

StatusOr<Job> vectorAdd(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("vector_add.py", "vector_add", 1));
  const int64_t n = sizes.vector;
  auto v = std::make_shared<Vectors>();
  v->a = randomFloats(n, 0.0f, 1.0f, 1);
  v->b = randomFloats(n, 0.0f, 1.0f, 2);
  v->c.resize(n);
  KILN_BENCH_ASSIGN(a, kiln.upload(v->a));
  KILN_BENCH_ASSIGN(b, kiln.upload(v->b));
  KILN_BENCH_ASSIGN(c, kiln.zeros<float>(n));
  std::vector<KernelArg> args = {arrayArg<float>(a, {n}),
                                 arrayArg<float>(b, {n}),
                                 arrayArg<float>(c, {n})};
  Job job;
  job.name = "vector add " + sizeText(n) + " f32";
  job.unit = "GB/s";
  job.work = 12.0 * double(n) / 1e9;
  job.runKiln = [&kiln, kernel, args, n] {
    return kiln.run(kernel, Range{n}, args);
  };
  job.runPeer = [v, n] {
    openmpVectorAdd(v->a.data(), v->b.data(), v->c.data(), n);
  };
  job.verify = [&kiln, v, c] {
    std::vector<float> got;
    KILN_RETURN_IF_ERROR(kiln.download(*c, got));
    return compareFloats("vector add", got, v->c, 0.0, 0.0);
  };
  return job;
}

StatusOr<Job> triad(KilnSession &kiln, const Sizes &sizes) {
  KILN_BENCH_ASSIGN(kernel, kiln.kernel("triad.py", "triad", 1));
  const int64_t n = sizes.vector;
  const float s = 3.0f;
  auto v = std::make_shared<Vectors>();
  v->a.resize(n);
  v->b = randomFloats(n, 0.0f, 1.0f, 3);
  v->c = randomFloats(n, 0.0f, 1.0f, 4);
  KILN_BENCH_ASSIGN(a, kiln.zeros<float>(n));
  KILN_BENCH_ASSIGN(b, kiln.upload(v->b));
  KILN_BENCH_ASSIGN(c, kiln.upload(v->c));
  std::vector<KernelArg> args = {arrayArg<float>(a, {n}),
                                 arrayArg<float>(b, {n}),
                                 arrayArg<float>(c, {n}), KernelArg::scalar(s)};
  Job job;
  job.name = "triad " + sizeText(n) + " f32";
  job.unit = "GB/s";
  job.work = 12.0 * double(n) / 1e9;
  job.runKiln = [&kiln, kernel, args, n] {
    return kiln.run(kernel, Range{n}, args);
  };
  job.runPeer = [v, n, s] {
    openmpTriad(v->a.data(), v->b.data(), v->c.data(), s, n);
  };
  // One side may contract b + s * c into an FMA: one rounding apart.
  job.verify = [&kiln, v, a] {
    std::vector<float> got;
    KILN_RETURN_IF_ERROR(kiln.download(*a, got));
    return compareFloats("triad", got, v->a, 1e-6, 0.0);
  };
  return job;
}

} // namespace

std::vector<NamedFactory> streamJobs() {
  return {{"vector_add", vectorAdd}, {"triad", triad}};
}

} // namespace kiln::bench
