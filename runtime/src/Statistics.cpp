//===- Statistics.cpp - Device time of kernels, gathered lazily ---------===//
//
// Folding of completed events into per-kernel statistics.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Statistics.h"

#include <algorithm>

namespace kiln {

void KernelStatistics::add(uint64_t ns) {
  minNs = count ? std::min(minNs, ns) : ns;
  maxNs = count ? std::max(maxNs, ns) : ns;
  totalNs += ns;
  ++count;
}

void KernelStatistics::merge(const KernelStatistics &other) {
  if (other.count == 0)
    return;
  minNs = count ? std::min(minNs, other.minNs) : other.minNs;
  maxNs = count ? std::max(maxNs, other.maxNs) : other.maxNs;
  totalNs += other.totalNs;
  count += other.count;
}

void StatisticsCollector::record(const std::string &kernel,
                                 std::shared_ptr<Event> event) {
  if (!event)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  // Fold in the oldest completed events so the list stays about as long
  // as the work in flight, at a cost independent of its length.
  size_t folded = 0;
  while (folded < pending_.size() && folded < 4 &&
         pending_[folded].second->state() != EventState::Pending)
    fold(pending_[folded++]);
  pending_.erase(pending_.begin(), pending_.begin() + folded);
  pending_.emplace_back(kernel, std::move(event));
}

void StatisticsCollector::fold(
    const std::pair<std::string, std::shared_ptr<Event>> &entry) {
  if (entry.second->state() != EventState::Complete)
    return; // Failed: no meaningful time.
  StatusOr<EventTimes> times = entry.second->profilingTimes();
  if (times.ok())
    done_[entry.first].add(times->duration());
}

void StatisticsCollector::collect() {
  std::vector<std::pair<std::string, std::shared_ptr<Event>>> stillPending;
  for (auto &entry : pending_) {
    if (entry.second->state() == EventState::Pending)
      stillPending.push_back(std::move(entry));
    else
      fold(entry);
  }
  pending_.swap(stillPending);
}

std::map<std::string, KernelStatistics> StatisticsCollector::statistics() {
  std::lock_guard<std::mutex> lock(mutex_);
  collect();
  return done_;
}

KernelStatistics StatisticsCollector::statistics(const std::string &kernel) {
  std::lock_guard<std::mutex> lock(mutex_);
  collect();
  auto found = done_.find(kernel);
  return found == done_.end() ? KernelStatistics() : found->second;
}

size_t StatisticsCollector::pendingEvents() {
  std::lock_guard<std::mutex> lock(mutex_);
  collect();
  return pending_.size();
}

} // namespace kiln
