//===- Job.cpp - Shared helpers of the CPU suite's jobs -------------------===//
#include "Job.h"

#include <cmath>
#include <random>

namespace kiln::bench {

Sizes Sizes::quick() {
  Sizes sizes;
  sizes.vector = 100003; // not a multiple of the work-group size
  sizes.stencil = 258;
  sizes.transpose = 200;
  sizes.gemm = 128;
  sizes.softmaxRows = 64;
  sizes.softmaxCols = 1000;
  sizes.histogram = 100003;
  sizes.groups = 8;
  return sizes;
}

std::vector<float> randomFloats(size_t count, float lo, float hi,
                                unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> distribution(lo, hi);
  std::vector<float> values(count);
  for (float &v : values)
    v = distribution(engine);
  return values;
}

Status compareFloats(const std::string &what, const std::vector<float> &got,
                     const std::vector<float> &want, double rtol, double atol) {
  if (got.size() != want.size())
    return internalError(what + ": " + std::to_string(got.size()) +
                         " elements, expected " + std::to_string(want.size()));
  for (size_t i = 0; i < got.size(); ++i) {
    double difference = std::fabs(double(got[i]) - double(want[i]));
    // Written so that a NaN on either side fails.
    if (!(difference <= atol + rtol * std::fabs(double(want[i]))))
      return internalError(what + ": element " + std::to_string(i) + " is " +
                           std::to_string(got[i]) + ", OpenMP gives " +
                           std::to_string(want[i]));
  }
  return Status();
}

std::string sizeText(int64_t n) {
  if (n > 0 && (n & (n - 1)) == 0) {
    int log = 0;
    while ((int64_t(1) << log) != n)
      ++log;
    return "2^" + std::to_string(log);
  }
  return std::to_string(n);
}

} // namespace kiln::bench
