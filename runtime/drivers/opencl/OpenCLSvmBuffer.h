//===- OpenCLSvmBuffer.h - Device memory as an SVM allocation ---*- C++ -*-===//
//
// A Buffer backed by clSVMAlloc memory: its pointer is the address kernels
// see, so it has a deviceAddress() (launchPacked works) and is passed with
// clSetKernelArgSVMPointer.
//
// clSVMFree, unlike clReleaseMemObject, does not wait for commands still
// using the memory, yet the runtime may drop a buffer while such commands
// run (an event dropped before completion releases what it kept alive).
// So every enqueued command records its event as a use, and a buffer with
// unfinished uses is freed by clEnqueueSVMFree after them.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSVMBUFFER_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSVMBUFFER_H

#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"

#include <CL/cl.h>

#include <memory>
#include <mutex>
#include <vector>

namespace kiln {

/// Owns one clSVMAlloc allocation; keeps its device (and context) alive.
class OpenCLSvmBuffer final : public Buffer {
public:
  OpenCLSvmBuffer(std::shared_ptr<const Device> device, cl_context context,
                  void *pointer, size_t size)
      : Buffer(*device, size), owner_(std::move(device)), context_(context),
        pointer_(pointer) {}
  ~OpenCLSvmBuffer() override;

  void *pointer() const { return pointer_; }
  /// The address of byte `offset`.
  void *at(size_t offset) const {
    return static_cast<char *>(pointer_) + offset;
  }

  /// Records that the command signalling `event`, enqueued on `queue`, uses
  /// this memory; retains both until the command is seen finished. A null
  /// `event`: a command without one (a launch that asked for no event) on
  /// the in-order `queue`. One such use stands for all of that queue's
  /// until a later command's event there covers them; the free enqueues a
  /// marker on the queue for it.
  void recordUse(cl_event event, cl_command_queue queue) const;

protected:
  StatusOr<uint64_t> nativeDeviceAddress() const override {
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(pointer_));
  }

private:
  struct Use {
    cl_event event; ///< Null: commands without events on `queue`.
    cl_command_queue queue;
  };
  void recordEventlessUse(cl_command_queue queue) const;
  /// Releases the uses whose commands have finished (or failed).
  void dropFinishedUses() const;
  /// Releases finished uses from the oldest up to the first pending one.
  void dropFinishedOldestUses() const;

  std::shared_ptr<const Device> owner_;
  cl_context context_;
  void *pointer_;
  mutable std::mutex usesMutex_;
  mutable std::vector<Use> uses_;
};

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSVMBUFFER_H
