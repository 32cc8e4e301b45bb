//===- Job.h - One job of the CPU kernel suite ------------------*- C++ -*-===//
//
// A job is one computation run two ways, the Kiln kernel on the device and
// the OpenMP loop on the host, with the work one run does (bytes moved or
// flops) so that a median time becomes a rate. Jobs are built one at a
// time (their inputs can be hundreds of MiB) by the factories of
// *Jobs.cpp, which compile the kernel and upload the inputs.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_BENCH_KERNELS_CPU_JOB_H
#define KILN_BENCH_KERNELS_CPU_JOB_H

#include "KilnSession.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kiln::bench {

/// Problem sizes of every job (a full run, or a quick one for checking).
struct Sizes {
  int64_t vector = int64_t(1) << 24; ///< vector add, triad, sums
  int64_t stencil = 4096;            ///< n of the n x n stencil
  int64_t transpose = 4096;          ///< n of the n x n transpose
  int64_t gemm = 1024;               ///< n = k = m of both SGEMMs
  int64_t softmaxRows = 4096;
  int64_t softmaxCols = 1024;
  int64_t histogram = int64_t(1) << 26; ///< bytes
  int64_t groups = 64; ///< work-groups of the grid-stride launches
  static Sizes quick();
};

struct Job {
  std::string name; ///< With its size, e.g. "vector add 2^24 f32".
  std::string unit; ///< "GB/s" or "GFLOP/s".
  double work = 0;  ///< Bytes or flops of one run, in units of 1e9.
  /// Untimed, before each Kiln run (zeroing accumulated outputs); may be
  /// empty.
  std::function<Status()> resetKiln;
  /// One Kiln launch, waited for.
  std::function<Status()> runKiln;
  /// One run of the OpenMP loop.
  std::function<void()> runPeer;
  /// After one run of each: the Kiln result against the OpenMP one.
  std::function<Status()> verify;
};

/// Declares `lhs` as the value of StatusOr `expr`, or returns its error.
#define KILN_BENCH_ASSIGN(lhs, expr)                                           \
  auto lhs##OrError = (expr);                                                  \
  if (!lhs##OrError.ok())                                                      \
    return lhs##OrError.status();                                              \
  auto lhs = std::move(*lhs##OrError)

/// Makes a job: compiles its kernel and uploads its inputs.
using JobFactory = std::function<StatusOr<Job>(KilnSession &, const Sizes &)>;

struct NamedFactory {
  const char *key; ///< Short name for --only, e.g. "stencil".
  JobFactory make;
};

std::vector<NamedFactory> streamJobs();    ///< vector add, triad
std::vector<NamedFactory> reductionJobs(); ///< both sums, histogram
std::vector<NamedFactory> gridJobs();      ///< stencil, transpose, softmax
std::vector<NamedFactory> gemmJobs();      ///< tiled and register-tiled SGEMM

/// `count` uniform floats in [lo, hi), the same for a given seed.
std::vector<float> randomFloats(size_t count, float lo, float hi,
                                unsigned seed);
/// An error naming the first element where |got - want| > atol + rtol |want|.
Status compareFloats(const std::string &what, const std::vector<float> &got,
                     const std::vector<float> &want, double rtol, double atol);
/// "2^24" for powers of two, else the decimal number.
std::string sizeText(int64_t n);

} // namespace kiln::bench

#endif // KILN_BENCH_KERNELS_CPU_JOB_H
