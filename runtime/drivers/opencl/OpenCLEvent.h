//===- OpenCLEvent.h - Completion of OpenCL commands ------------*- C++ -*-===//
//
// An Event backed by a cl_event; a negative execution status makes it a
// failed event.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEVENT_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEVENT_H

#include "kiln/runtime/Event.h"

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
  /// CL_PROFILING_COMMAND_START/END (profiling queues only).
  StatusOr<EventTimes> profilingTimes() override;

protected:
  Status waitNative() override;
  StatusOr<EventState> queryNative() override;

private:
  Status executionFailure(cl_int status) const;

  std::shared_ptr<const Device> owner_;
  cl_event event_;
  std::string what_; ///< "kernel 'saxpy'", for error messages.
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLEVENT_H
