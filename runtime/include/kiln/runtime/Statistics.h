//===- Statistics.h - Device time of kernels, gathered lazily ---*- C++ -*-===//
//
// hysop's launcher statistics: events of launches on profiling queues are
// recorded as they are submitted, and folded into count / total / min /
// mean / max device time only when statistics are asked for, and only for
// events that have completed by then. Nothing ever waits for a launch.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_STATISTICS_H
#define KILN_RUNTIME_STATISTICS_H

#include "kiln/runtime/Event.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kiln {

/// Device time of the completed launches of one kernel, in nanoseconds.
struct KernelStatistics {
  uint64_t count = 0;
  uint64_t totalNs = 0;
  uint64_t minNs = 0;
  uint64_t maxNs = 0;
  double meanNs() const {
    return count ? static_cast<double>(totalNs) / static_cast<double>(count)
                 : 0.0;
  }
  /// Adds one duration.
  void add(uint64_t ns);
  /// Adds everything `other` holds.
  void merge(const KernelStatistics &other);
};

/// Events waiting to be timed, per kernel name. Thread-safe.
class StatisticsCollector {
public:
  /// Remembers `event` (of a profiling queue) for `kernel`; never blocks.
  void record(const std::string &kernel, std::shared_ptr<Event> event);
  /// Statistics of every kernel, after folding in the events that have
  /// completed; pending events stay for a later call, failed ones and
  /// events without timestamps are dropped.
  std::map<std::string, KernelStatistics> statistics();
  /// Statistics of one kernel (zero count when unknown).
  KernelStatistics statistics(const std::string &kernel);
  /// Recorded events not yet completed.
  size_t pendingEvents();

private:
  void collect();
  void fold(const std::pair<std::string, std::shared_ptr<Event>> &entry);

  std::mutex mutex_;
  std::vector<std::pair<std::string, std::shared_ptr<Event>>> pending_;
  std::map<std::string, KernelStatistics> done_;
};

} // namespace kiln

#endif // KILN_RUNTIME_STATISTICS_H
