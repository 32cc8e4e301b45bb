//===- StatisticsCall.h - KernelStatistics as the C struct ------*- C++ -*-===//
//
// Shared by the queue and launcher statistics calls. Private to
// runtime/capi.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_CAPI_STATISTICSCALL_H
#define KILN_CAPI_STATISTICSCALL_H

#include "kiln/kiln.h"
#include "kiln/runtime/Statistics.h"

namespace kiln::capi {

inline kiln_kernel_statistics_t toCStatistics(const KernelStatistics &in) {
  kiln_kernel_statistics_t out;
  out.count = in.count;
  out.total_ns = in.totalNs;
  out.min_ns = in.minNs;
  out.max_ns = in.maxNs;
  out.mean_ns = in.meanNs();
  return out;
}

} // namespace kiln::capi

#endif // KILN_CAPI_STATISTICSCALL_H
