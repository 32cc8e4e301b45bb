//===- Measure.h - Timing a job and reporting the results -------*- C++ -*-===//
#ifndef KILN_BENCH_KERNELS_CPU_MEASURE_H
#define KILN_BENCH_KERNELS_CPU_MEASURE_H

#include "Job.h"

#include <ostream>
#include <string>
#include <vector>

namespace kiln::bench {

struct JobResult {
  std::string name, unit;
  double work = 0;        ///< Job::work
  double kilnSeconds = 0; ///< Median wall time of one Kiln launch + wait.
  double peerSeconds = 0; ///< Median wall time of one OpenMP run.
  double kilnRate() const { return work / kilnSeconds; }
  double peerRate() const { return work / peerSeconds; }
  /// Kiln speed / peer speed: > 1 when Kiln is faster.
  double ratio() const { return peerSeconds / kilnSeconds; }
};

/// Runs each side once and verifies Kiln against OpenMP, then `warmups - 1`
/// more untimed runs of each, then `runs` timed runs alternating Kiln and
/// OpenMP (so that a noisy neighbour hurts both alike); medians.
StatusOr<JobResult> measure(const Job &job, unsigned warmups, unsigned runs);

struct Report {
  std::string device;   ///< Where Kiln ran, and the host's OpenMP threads.
  std::string peerName; ///< "OpenMP"
  std::string date;     ///< ISO 8601, UTC
  std::vector<JobResult> results;
};

/// The table `job | Kiln | OpenMP | ratio`, rates with units.
void printTable(const Report &report, std::ostream &out);
/// The suite's JSON (bench/kernels/README.md); false with `error` set when
/// the file cannot be written.
bool writeJson(const Report &report, const std::string &path,
               std::string &error);

} // namespace kiln::bench

#endif // KILN_BENCH_KERNELS_CPU_MEASURE_H
