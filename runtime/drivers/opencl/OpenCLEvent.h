//===- OpenCLEvent.h - Completion of OpenCL commands ------------*- C++ -*-===//
//
// An Event backed by a cl_event; a negative execution status makes it a
// failed event.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEVENT_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEVENT_H

#include "kiln/runtime/Event.h"
#include "kiln/runtime/InFlightKernels.h"

#include <CL/cl.h>

#include <string>

namespace kiln {

/// Owns one cl_event signalled by a command of `device`.
class OpenCLEvent final : public Event {
public:
  OpenCLEvent(std::shared_ptr<const Device> device, cl_event event,
              std::string what);
  ~OpenCLEvent() override;

  cl_event handle() const { return event_; }
  /// Once seen complete (or failed), the event tells `record` that launch
  /// `sequence` is done -- and, with `coversEarlier` (in-order queues),
  /// every launch before it. Set before the event is shared.
  void noteCompletionIn(std::shared_ptr<InFlightKernels> record,
                        uint64_t sequence, bool coversEarlier) {
    inFlight_ = std::move(record);
    sequence_ = sequence;
    coversEarlier_ = coversEarlier;
  }
  /// CL_PROFILING_COMMAND_START/END (profiling queues only).
  StatusOr<EventTimes> profilingTimes() override;

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  Status executionFailure(cl_int status) const;
  void noteDone() const;

  std::shared_ptr<const Device> owner_;
  cl_event event_;
  std::string what_; ///< "kernel 'saxpy'", for error messages.
  std::shared_ptr<InFlightKernels> inFlight_; ///< Null: nothing to note.
  uint64_t sequence_ = 0;
  bool coversEarlier_ = false;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEVENT_H
