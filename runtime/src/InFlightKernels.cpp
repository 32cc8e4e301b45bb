//===- InFlightKernels.cpp - Launches in flight on in-process devices ---===//
//
// The writing side of the table FatalSignals.cpp reads: a queue claims a
// slot when it is created, records each launch before enqueueing it and
// notes completions as the runtime sees them (events, finish()). Per
// launch that is one relaxed fetch_add and two stores to the queue's own
// slot: no lock, allocation or system call on the launch path.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/InFlightKernels.h"

#include "InFlightSlots.h"

#include "kiln/runtime/Device.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>
#include <unordered_set>

namespace kiln {
namespace inflight {

Slot *slots() {
  // Constant-initialized, trivially destructible: valid for the handler
  // from before main() to after exit().
  static Slot table[kSlots];
  return table;
}

} // namespace inflight

namespace {

using inflight::Slot;

/// KILN_SIGNAL_HANDLERS=0 (read per queue, so a process can opt out
/// before its first in-process queue).
bool signalHandlersWanted() {
  const char *value = std::getenv("KILN_SIGNAL_HANDLERS");
  return !(value && std::string_view(value) == "0");
}

Slot *claimSlot() {
  Slot *table = inflight::slots();
  for (size_t i = 0; i < inflight::kSlots; ++i) {
    bool expected = false;
    if (table[i].claimed.compare_exchange_strong(expected, true))
      return &table[i];
  }
  return nullptr;
}

/// "'opencl:0' (opencl: <name>)", written before `labelled` publishes it.
void writeLabel(Slot &slot, const DeviceInfo &device) {
  std::string label = "'" + device.selector + "' (" +
                      backendName(device.backend) + ": " + device.name + ")";
  size_t size = std::min(label.size(), inflight::kLabelBytes - 1);
  std::memcpy(slot.label, label.data(), size);
  slot.label[size] = '\0';
  slot.labelled.store(true, std::memory_order_release);
}

} // namespace

std::shared_ptr<InFlightKernels>
InFlightKernels::forQueue(const DeviceInfo &device) {
  if (!signalHandlersWanted())
    return nullptr;
  Slot *slot = claimSlot();
  if (!slot)
    return nullptr;
  writeLabel(*slot, device);
  inflight::installFatalSignalHandlers();
  return std::shared_ptr<InFlightKernels>(new InFlightKernels(*slot));
}

const char *InFlightKernels::internName(const std::string &kernelName) {
  // Never freed: the handler may name a kernel whose objects are gone.
  static std::mutex mutex;
  static auto *names = new std::unordered_set<std::string>();
  std::lock_guard<std::mutex> lock(mutex);
  return names->insert(kernelName).first->c_str();
}

InFlightKernels::~InFlightKernels() {
  slot_.labelled.store(false, std::memory_order_release);
  for (inflight::Entry &entry : slot_.ring)
    entry.sequence.store(0, std::memory_order_relaxed);
  slot_.newest.store(0, std::memory_order_relaxed);
  slot_.doneThrough.store(0, std::memory_order_relaxed);
  slot_.claimed.store(false, std::memory_order_release);
}

uint64_t InFlightKernels::launched(const char *internedName) {
  // Relaxed is enough towards the device's threads: the driver hands them
  // the command through its own locks, after these stores.
  uint64_t sequence = slot_.newest.fetch_add(1, std::memory_order_relaxed) + 1;
  inflight::Entry &entry = slot_.ring[sequence & (inflight::kRing - 1)];
  entry.name.store(internedName, std::memory_order_relaxed);
  entry.sequence.store(sequence, std::memory_order_release);
  return sequence;
}

uint64_t InFlightKernels::newest() const {
  return slot_.newest.load(std::memory_order_relaxed);
}

void InFlightKernels::completed(uint64_t sequence) {
  // Only if the entry still holds this launch (not a newer one).
  uint64_t expected = sequence;
  slot_.ring[sequence & (inflight::kRing - 1)].sequence.compare_exchange_strong(
      expected, 0, std::memory_order_relaxed);
}

void InFlightKernels::completedThrough(uint64_t sequence) {
  uint64_t done = slot_.doneThrough.load(std::memory_order_relaxed);
  while (done < sequence && !slot_.doneThrough.compare_exchange_weak(
                                done, sequence, std::memory_order_relaxed)) {
  }
}

} // namespace kiln
