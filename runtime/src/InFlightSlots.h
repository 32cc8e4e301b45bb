//===- InFlightSlots.h - The table a fatal-signal handler reads -*- C++ -*-===//
//
// Shared by InFlightKernels.cpp (queues write it at launch and completion)
// and FatalSignals.cpp (the handler reads it). Everything is lock-free
// atomics in static storage with trivial destructors, so the handler can
// read it at any moment, even while the process exits.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_SRC_INFLIGHTSLOTS_H
#define KILN_RUNTIME_SRC_INFLIGHTSLOTS_H

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace kiln {
namespace inflight {

/// Queues of in-process devices recorded at once.
constexpr size_t kSlots = 64;
/// Newest launches a queue remembers by name (a power of two); older
/// ones in flight are only counted.
constexpr size_t kRing = 16;
/// "'opencl:0' (opencl: pthread-...)", cut to fit.
constexpr size_t kLabelBytes = 200;

/// One launch: `sequence` 0 means empty or done.
struct Entry {
  std::atomic<uint64_t> sequence{0};
  std::atomic<const char *> name{nullptr};
};

/// One queue's record. `labelled` (release) publishes `label`; launches
/// are in flight when their entry's sequence is above `doneThrough`.
struct Slot {
  std::atomic<bool> claimed{false};
  std::atomic<bool> labelled{false};
  char label[kLabelBytes] = {};
  std::atomic<uint64_t> newest{0};
  std::atomic<uint64_t> doneThrough{0};
  Entry ring[kRing];
};

/// The table (kSlots entries).
Slot *slots();

/// Installs the handlers of SIGSEGV, SIGFPE, SIGBUS and SIGILL, once per
/// process; each keeps the handler it replaced and hands the signal on.
void installFatalSignalHandlers();

} // namespace inflight
} // namespace kiln

#endif // KILN_RUNTIME_SRC_INFLIGHTSLOTS_H
