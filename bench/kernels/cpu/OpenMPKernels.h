//===- OpenMPKernels.h - The CPU suite's peer: loops in C++ with OpenMP -*-===//
//
// Each job of bench/kernels/kiln written the way a C++ programmer writes
// it for a multicore CPU: the natural loop nest of the same computation,
// parallelised with OpenMP (compiled with -O3 -march=native -fopenmp). The
// tiled GPU algorithms (transpose, SGEMM) have no tiles here: on a CPU the
// plain loop nest is the peer a user would reach for. Arrays are row-major.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_BENCH_KERNELS_CPU_OPENMPKERNELS_H
#define KILN_BENCH_KERNELS_CPU_OPENMPKERNELS_H

#include <cstdint>

namespace kiln::bench {

/// Threads an OpenMP parallel region uses.
int openmpThreads();

/// c = a + b.
void openmpVectorAdd(const float *a, const float *b, float *c, int64_t n);
/// a = b + s * c.
void openmpTriad(float *a, const float *b, const float *c, float s, int64_t n);
/// The sum of x (a parallel reduction).
float openmpSum(const float *x, int64_t n);
/// out[i, j] = 0.2 (u[i, j] + its four neighbours) on the interior of n x m.
void openmpStencil(const float *u, float *out, int64_t n, int64_t m);
/// out (m x n) = a (n x m) transposed.
void openmpTranspose(const float *a, float *out, int64_t n, int64_t m);
/// c (n x m) = a (n x k) @ b (k x m), the i-k-j loop nest.
void openmpSgemm(const float *a, const float *b, float *c, int64_t n, int64_t k,
                 int64_t m);
/// y = softmax of each row of x (n x m).
void openmpSoftmax(const float *x, float *y, int64_t n, int64_t m);
/// bins[v] = how many of data's n bytes equal v (256 bins).
void openmpHistogram(const uint8_t *data, int64_t n, uint32_t *bins);

} // namespace kiln::bench

#endif // KILN_BENCH_KERNELS_CPU_OPENMPKERNELS_H
