//===- host_kernels.cpp - The runtime test kernels for the host device ----===//
//
// The test kernels of spirv_kernels.ll written as the host target's
// work-group functions (kiln/runtime/HostKernelABI.h), in C++ so that no
// compiler of Kiln's is needed: each takes the native ABI's arguments
// through `args` (three range extents, then each parameter) and runs the
// work-items of one work-group. Built into a shared object
// (test_kernels_host.so) that RuntimeTestSupport's hostTestBinary loads.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/HostKernelABI.h"
#include "kiln/runtime/KernelMetadata.h"

#include <atomic>
#include <cstdint>
#include <cstring>

using kiln::HostWorkGroup;

namespace {

template <typename T> T arg(void *const *args, int i) {
  T value;
  std::memcpy(&value, args[i], sizeof(T));
  return value;
}

/// Global ids of axis 0 this group runs.
template <typename F> void forEachItem(const HostWorkGroup *g, F f) {
  for (int64_t l = 0; l < g->localLimit[0]; ++l)
    f(g->groupId[0] * g->localRange[0] + l, l);
}

} // namespace

extern "C" {

// saxpy(a: float32, x: float32[n], y: float32[n]): y[i] = a * x[i] + y[i]
void saxpy(void *const *args, const HostWorkGroup *g) {
  int64_t n = arg<int64_t>(args, 0);
  float a = arg<float>(args, 3);
  auto *x = arg<float *>(args, 4);
  auto *y = arg<float *>(args, 6);
  forEachItem(g, [&](int64_t i, int64_t) {
    if (i < n)
      y[i] = a * x[i] + y[i];
  });
}

// scale_add(a, x, y): y[i] = y[i] * a + x[i]
void scale_add(void *const *args, const HostWorkGroup *g) {
  int64_t n = arg<int64_t>(args, 0);
  float a = arg<float>(args, 3);
  auto *x = arg<float *>(args, 4);
  auto *y = arg<float *>(args, 6);
  forEachItem(g, [&](int64_t i, int64_t) {
    if (i < n)
      y[i] = y[i] * a + x[i];
  });
}

// add2d(a, b, c: int32[m, n]): c = a + b; range dimension 1 (the column) is
// hardware axis 0.
void add2d(void *const *args, const HostWorkGroup *g) {
  int64_t rows = arg<int64_t>(args, 0), cols = arg<int64_t>(args, 1);
  auto *a = arg<int32_t *>(args, 3);
  auto *b = arg<int32_t *>(args, 6);
  auto *c = arg<int32_t *>(args, 9);
  int64_t width = arg<int64_t>(args, 11);
  for (int64_t l1 = 0; l1 < g->localLimit[1]; ++l1) {
    int64_t r = g->groupId[1] * g->localRange[1] + l1;
    for (int64_t l0 = 0; l0 < g->localLimit[0]; ++l0) {
      int64_t col = g->groupId[0] * g->localRange[0] + l0;
      if (r < rows && col < cols)
        c[r * width + col] = a[r * width + col] + b[r * width + col];
    }
  }
}

// reverse_in_group(nd, x, y, tile: LocalAccessor[float32]):
//   tile[l] = x[g]; barrier; y[g] = tile[L - 1 - l]
// The barrier is the boundary between the two loops (stage 2's regions).
void reverse_in_group(void *const *args, const HostWorkGroup *g) {
  auto *x = arg<float *>(args, 3);
  auto *y = arg<float *>(args, 5);
  auto *tile = arg<float *>(args, 7);
  int64_t size = g->localRange[0];
  forEachItem(g, [&](int64_t i, int64_t l) { tile[l] = x[i]; });
  forEachItem(g, [&](int64_t i, int64_t l) { y[i] = tile[size - 1 - l]; });
}

// checked_store(item, u: float32[m, n], i, j, v) "with -g": u[i, j] = v
// at line 12, column 9 by work-item 0, or a DebugRecord report.
void checked_store(void *const *args, const HostWorkGroup *g) {
  auto *u = arg<float *>(args, 3);
  int64_t u0 = arg<int64_t>(args, 4), u1 = arg<int64_t>(args, 5);
  int64_t i = arg<int64_t>(args, 6), j = arg<int64_t>(args, 7);
  float v = arg<float>(args, 8);
  auto *record = arg<kiln::DebugRecord *>(args, 9);
  forEachItem(g, [&](int64_t id, int64_t) {
    if (id != 0)
      return;
    if (static_cast<uint64_t>(i) < static_cast<uint64_t>(u0) &&
        static_cast<uint64_t>(j) < static_cast<uint64_t>(u1)) {
      u[i * u1 + j] = v;
      return;
    }
    auto *status = reinterpret_cast<std::atomic<uint32_t> *>(&record->status);
    if (status->exchange(1) != 0)
      return;
    record->line = 12;
    record->column = 9;
    record->rank = 2;
    record->index[0] = i;
    record->index[1] = j;
    record->shape[0] = u0;
    record->shape[1] = u1;
  });
}

// spin(y: float32[n], steps: int64): a float recurrence of `steps`
// iterations per work-item, slow enough to observe pending work.
void spin(void *const *args, const HostWorkGroup *g) {
  int64_t n = arg<int64_t>(args, 0);
  auto *y = arg<float *>(args, 3);
  int64_t steps = arg<int64_t>(args, 5);
  forEachItem(g, [&](int64_t i, int64_t) {
    if (i >= n)
      return;
    volatile float acc = 1.0f;
    for (int64_t k = 1; k < steps; ++k)
      acc = acc * 0.99999994f + 1.0f;
    y[i] = acc;
  });
}

} // extern "C"
