//===- InFlightKernels.h - Naming the kernel behind a fatal trap -*- C++
//-*-===//
//
// Kernels of an in-process device (OpenCL CPU devices, i.e. PoCL, today)
// run on this process's threads, so a hardware trap in one (an
// out-of-bounds store without debug mode: SIGSEGV or SIGBUS; SIGFPE;
// SIGILL) is a signal to the whole process. The runtime cannot recover
// from it (docs/runtime.md, "Kernel faults on in-process devices"), but it
// can say which kernels were in flight before the process ends: each queue
// of such a device records its launches here (submitted, not yet seen
// complete) and a signal handler, installed with the first such queue,
// names them on stderr, then hands the signal on (previous handler, else
// the default action, so the process still dies of it).
//
// Recording is a few relaxed atomic operations per launch, no lock, no
// allocation, no system call; the handler reads a fixed-size table with
// write(2) as its only output. KILN_SIGNAL_HANDLERS=0 turns both off.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_INFLIGHTKERNELS_H
#define KILN_RUNTIME_INFLIGHTKERNELS_H

#include <cstdint>
#include <memory>
#include <string>

namespace kiln {

struct DeviceInfo;

namespace inflight {
struct Slot;
} // namespace inflight

/// One queue's launches in flight on an in-process device. Shared by the
/// queue and its events (an event may note a completion after its queue
/// is gone); the table entry is given back when the last owner goes.
class InFlightKernels {
public:
  /// A record for a new queue of `device`, whose kernels run in this
  /// process. Installs the fatal-signal handlers with the first record.
  /// Null when KILN_SIGNAL_HANDLERS=0 or the table is full (64 queues at
  /// once): that queue's launches are then not named.
  static std::shared_ptr<InFlightKernels> forQueue(const DeviceInfo &device);
  /// `kernelName` as a string that lives as long as the process (the
  /// handler may read it after the kernel is gone): ask once per kernel,
  /// when it is created, not per launch.
  static const char *internName(const std::string &kernelName);

  ~InFlightKernels();
  InFlightKernels(const InFlightKernels &) = delete;
  InFlightKernels &operator=(const InFlightKernels &) = delete;

  /// Before the driver enqueues a launch of `internedName`: returns the
  /// launch's sequence number (1, 2, ...). Must come before the enqueue,
  /// since the kernel may start (and trap) before the enqueue returns.
  uint64_t launched(const char *internedName);
  /// The sequence number of the newest launch so far (0: none).
  uint64_t newest() const;
  /// Launch `sequence` is done (its event was seen complete or failed;
  /// its enqueue failed).
  void completed(uint64_t sequence);
  /// Every launch up to `sequence` is done (finish(); on an in-order
  /// queue, any command's event seen complete covers the launches
  /// before it).
  void completedThrough(uint64_t sequence);

private:
  explicit InFlightKernels(inflight::Slot &slot) : slot_(slot) {}
  inflight::Slot &slot_;
};

} // namespace kiln

#endif // KILN_RUNTIME_INFLIGHTKERNELS_H
