//===- OpenMPKernels.cpp - The CPU suite's peer: loops in C++ with OpenMP -===//
//
// Compiled with -O3 -march=native -fopenmp (bench/CMakeLists.txt). The
// operation order inside each element matches the Kiln kernel, so the
// results agree up to contraction into FMAs and summation order.
//
//===----------------------------------------------------------------------===//
#include "OpenMPKernels.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kiln::bench {

int openmpThreads() { return omp_get_max_threads(); }

void openmpVectorAdd(const float *a, const float *b, float *c, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

void openmpTriad(float *a, const float *b, const float *c, float s, int64_t n) {
#pragma omp parallel for simd schedule(static)
  for (int64_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

float openmpSum(const float *x, int64_t n) {
  float total = 0.0f;
#pragma omp parallel for simd schedule(static) reduction(+ : total)
  for (int64_t i = 0; i < n; ++i)
    total += x[i];
  return total;
}

void openmpStencil(const float *u, float *out, int64_t n, int64_t m) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 1; i < n - 1; ++i)
    for (int64_t j = 1; j < m - 1; ++j)
      out[i * m + j] =
          0.2f * (u[i * m + j] + u[(i - 1) * m + j] + u[(i + 1) * m + j] +
                  u[i * m + j - 1] + u[i * m + j + 1]);
}

void openmpTranspose(const float *a, float *out, int64_t n, int64_t m) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      out[j * n + i] = a[i * m + j];
}

void openmpSgemm(const float *a, const float *b, float *c, int64_t n, int64_t k,
                 int64_t m) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    float *row = c + i * m;
    std::fill(row, row + m, 0.0f);
    for (int64_t p = 0; p < k; ++p) {
      const float aip = a[i * k + p];
      const float *brow = b + p * m;
#pragma omp simd
      for (int64_t j = 0; j < m; ++j)
        row[j] += aip * brow[j];
    }
  }
}

void openmpSoftmax(const float *x, float *y, int64_t n, int64_t m) {
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < n; ++r) {
    const float *in = x + r * m;
    float *out = y + r * m;
    float peak = -std::numeric_limits<float>::infinity();
    for (int64_t j = 0; j < m; ++j)
      peak = std::max(peak, in[j]);
    float total = 0.0f;
    for (int64_t j = 0; j < m; ++j)
      total += std::exp(in[j] - peak);
    const float scale = 1.0f / total;
    for (int64_t j = 0; j < m; ++j)
      out[j] = std::exp(in[j] - peak) * scale;
  }
}

void openmpHistogram(const uint8_t *data, int64_t n, uint32_t *bins) {
  std::fill(bins, bins + 256, 0u);
#pragma omp parallel for schedule(static) reduction(+ : bins[ : 256])
  for (int64_t i = 0; i < n; ++i)
    ++bins[data[i]];
}

} // namespace kiln::bench
