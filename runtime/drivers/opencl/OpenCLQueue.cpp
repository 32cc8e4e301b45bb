//===- OpenCLQueue.cpp - An in-order cl_command_queue -------------------===//
//
// Translates a PackedLaunch into clSetKernelArg calls (cl_mem for buffer
// pointers, or clSetKernelArgSVMPointer on SVM devices) and one
// clEnqueueNDRangeKernel with the exact global size; a plain Range passes
// no local size and lets the implementation choose. Transfers use the
// buffer commands, or their SVM counterparts (clEnqueueSVMMemcpy /
// clEnqueueSVMMemFill) with the same wait lists and events; each
// asynchronous SVM command is recorded as a use of its buffers, so that a
// buffer dropped while the command runs is freed after it.
//
//===----------------------------------------------------------------------===//
#include "OpenCLQueue.h"

#include "OpenCLBuffer.h"
#include "OpenCLEvent.h"
#include "OpenCLExecutable.h"
#include "OpenCLStatus.h"
#include "OpenCLSvmBuffer.h"

#include "kiln/runtime/WorkGroupShape.h"

#include <array>

namespace kiln {
namespace {

cl_mem memOf(const Buffer &buffer) {
  // Launch checking guarantees the buffer is on this queue's device.
  return static_cast<const OpenCLBuffer &>(buffer).handle();
}

/// The buffer as SVM memory on an SVM device (all its buffers are but
/// wrapped host memory, a cl_mem), else null.
const OpenCLSvmBuffer *svmOf(const OpenCLDevice &device, const Buffer &buffer) {
  if (!device.usesSharedVirtualMemory() || buffer.isWrapped())
    return nullptr;
  return static_cast<const OpenCLSvmBuffer *>(&buffer);
}

Status setArguments(const OpenCLDevice &device, cl_kernel kernel,
                    const std::vector<PackedArg> &args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const PackedArg &arg = args[i];
    cl_uint index = static_cast<cl_uint>(i);
    cl_int err = CL_SUCCESS;
    const char *call = "clSetKernelArg";
    if (arg.kind == PackedArg::Kind::BufferPointer) {
      if (const OpenCLSvmBuffer *svm = svmOf(device, *arg.buffer)) {
        call = "clSetKernelArgSVMPointer";
        err = clSetKernelArgSVMPointer(kernel, index, svm->pointer());
      } else {
        cl_mem mem = memOf(*arg.buffer);
        err = clSetKernelArg(kernel, index, sizeof(mem), &mem);
      }
    } else if (arg.kind == PackedArg::Kind::LocalMemory) {
      err = clSetKernelArg(kernel, index, static_cast<size_t>(arg.localBytes),
                           nullptr);
    } else {
      err = clSetKernelArg(kernel, index, arg.size, arg.bytes.data());
    }
    if (err != CL_SUCCESS) // The context is built only for an error.
      return openclStatus(err, call).withContext("native argument " +
                                                 std::to_string(i));
  }
  return Status();
}

std::vector<cl_event> nativeEvents(const EventList &events) {
  std::vector<cl_event> native;
  for (const std::shared_ptr<Event> &event : events)
    native.push_back(static_cast<const OpenCLEvent &>(*event).handle());
  return native;
}

} // namespace

OpenCLQueue::OpenCLQueue(std::shared_ptr<const OpenCLDevice> device,
                         cl_command_queue queue, QueueOptions options)
    : Queue(*device, options), device_(std::move(device)), queue_(queue),
      inFlight_(device_->info().type == DeviceType::CPU
                    ? InFlightKernels::forQueue(device_->info())
                    : nullptr) {}

OpenCLQueue::~OpenCLQueue() {
  uint64_t newest = inFlight_ ? inFlight_->newest() : 0;
  clFinish(queue_);
  noteIdle(newest);
  clReleaseCommandQueue(queue_);
}

void OpenCLQueue::noteIdle(uint64_t newest) {
  if (inFlight_)
    inFlight_->completedThrough(newest);
}

Status OpenCLQueue::finish() {
  uint64_t newest = inFlight_ ? inFlight_->newest() : 0;
  KILN_RETURN_IF_ERROR(openclStatus(clFinish(queue_), "clFinish"));
  noteIdle(newest);
  return runTrackedChecks();
}

Status OpenCLQueue::orderAfterPreviousWork() {
  if (!options().outOfOrder)
    return Status();
  return openclStatus(clEnqueueBarrierWithWaitList(queue_, 0, nullptr, nullptr),
                      "clEnqueueBarrierWithWaitList");
}

std::shared_ptr<Event> OpenCLQueue::wrap(cl_event event, std::string what,
                                         uint64_t kernelSequence) {
  clFlush(queue_);
  auto wrapped = std::make_shared<OpenCLEvent>(device_, event, std::move(what));
  // In order, a command completes after every launch before it; out of
  // order, only a launch's own event says it is done. (A launch another
  // thread records between this command's enqueue and here is counted as
  // covered: one queue fed by two threads at once may go unnamed.)
  if (inFlight_ && !options().outOfOrder)
    wrapped->noteCompletionIn(
        inFlight_, kernelSequence ? kernelSequence : inFlight_->newest(), true);
  else if (inFlight_ && kernelSequence)
    wrapped->noteCompletionIn(inFlight_, kernelSequence, false);
  return wrapped;
}

StatusOr<std::shared_ptr<Event>>
OpenCLQueue::submitWrite(Buffer &dst, size_t offset, const void *src,
                         size_t bytes, const EventList &waitFor) {
  std::vector<cl_event> waits = nativeEvents(waitFor);
  cl_event done = nullptr;
  if (const OpenCLSvmBuffer *svm = svmOf(*device_, dst)) {
    KILN_RETURN_IF_ERROR(openclStatus(
        clEnqueueSVMMemcpy(queue_, CL_FALSE, svm->at(offset), src, bytes,
                           static_cast<cl_uint>(waits.size()),
                           waits.empty() ? nullptr : waits.data(), &done),
        "clEnqueueSVMMemcpy"));
    svm->recordUse(done, queue_);
    return wrap(done, "write");
  }
  KILN_RETURN_IF_ERROR(openclStatus(
      clEnqueueWriteBuffer(queue_, memOf(dst), CL_FALSE, offset, bytes, src,
                           static_cast<cl_uint>(waits.size()),
                           waits.empty() ? nullptr : waits.data(), &done),
      "clEnqueueWriteBuffer"));
  return wrap(done, "write");
}

StatusOr<std::shared_ptr<Event>>
OpenCLQueue::submitRead(const Buffer &src, size_t offset, void *dst,
                        size_t bytes, const EventList &waitFor) {
  std::vector<cl_event> waits = nativeEvents(waitFor);
  cl_event done = nullptr;
  if (const OpenCLSvmBuffer *svm = svmOf(*device_, src)) {
    KILN_RETURN_IF_ERROR(openclStatus(
        clEnqueueSVMMemcpy(queue_, CL_FALSE, dst, svm->at(offset), bytes,
                           static_cast<cl_uint>(waits.size()),
                           waits.empty() ? nullptr : waits.data(), &done),
        "clEnqueueSVMMemcpy"));
    svm->recordUse(done, queue_);
    return wrap(done, "read");
  }
  KILN_RETURN_IF_ERROR(openclStatus(
      clEnqueueReadBuffer(queue_, memOf(src), CL_FALSE, offset, bytes, dst,
                          static_cast<cl_uint>(waits.size()),
                          waits.empty() ? nullptr : waits.data(), &done),
      "clEnqueueReadBuffer"));
  return wrap(done, "read");
}

StatusOr<std::shared_ptr<Event>>
OpenCLQueue::submitCopy(const Buffer &src, size_t srcOffset, Buffer &dst,
                        size_t dstOffset, size_t bytes,
                        const EventList &waitFor) {
  std::vector<cl_event> waits = nativeEvents(waitFor);
  cl_event done = nullptr;
  const OpenCLSvmBuffer *from = svmOf(*device_, src);
  const OpenCLSvmBuffer *to = svmOf(*device_, dst);
  if (from && to) {
    KILN_RETURN_IF_ERROR(openclStatus(
        clEnqueueSVMMemcpy(queue_, CL_FALSE, to->at(dstOffset),
                           from->at(srcOffset), bytes,
                           static_cast<cl_uint>(waits.size()),
                           waits.empty() ? nullptr : waits.data(), &done),
        "clEnqueueSVMMemcpy"));
    from->recordUse(done, queue_);
    to->recordUse(done, queue_);
    return wrap(done, "copy");
  }
  if (from || to)
    return submitMixedCopy(src, srcOffset, dst, dstOffset, bytes, waits);
  KILN_RETURN_IF_ERROR(openclStatus(
      clEnqueueCopyBuffer(queue_, memOf(src), memOf(dst), srcOffset, dstOffset,
                          bytes, static_cast<cl_uint>(waits.size()),
                          waits.empty() ? nullptr : waits.data(), &done),
      "clEnqueueCopyBuffer"));
  return wrap(done, "copy");
}

StatusOr<std::shared_ptr<Event>>
OpenCLQueue::submitMixedCopy(const Buffer &src, size_t srcOffset, Buffer &dst,
                             size_t dstOffset, size_t bytes,
                             const std::vector<cl_event> &waits) {
  // One side is SVM memory, the other wrapped host memory (a cl_mem). Only
  // CPU devices wrap host memory, and their SVM memory is the host's, so
  // the SVM side is the host pointer of a buffer write or read.
  cl_event done = nullptr;
  const cl_event *waitList = waits.empty() ? nullptr : waits.data();
  auto count = static_cast<cl_uint>(waits.size());
  if (const OpenCLSvmBuffer *from = svmOf(*device_, src)) {
    KILN_RETURN_IF_ERROR(openclStatus(
        clEnqueueWriteBuffer(queue_, memOf(dst), CL_FALSE, dstOffset, bytes,
                             from->at(srcOffset), count, waitList, &done),
        "clEnqueueWriteBuffer"));
    from->recordUse(done, queue_);
    return wrap(done, "copy");
  }
  const OpenCLSvmBuffer *to = svmOf(*device_, dst);
  KILN_RETURN_IF_ERROR(openclStatus(
      clEnqueueReadBuffer(queue_, memOf(src), CL_FALSE, srcOffset, bytes,
                          to->at(dstOffset), count, waitList, &done),
      "clEnqueueReadBuffer"));
  to->recordUse(done, queue_);
  return wrap(done, "copy");
}

StatusOr<std::shared_ptr<Event>>
OpenCLQueue::submitFill(Buffer &dst, size_t offset, size_t bytes,
                        const void *pattern, size_t patternSize,
                        const EventList &waitFor) {
  std::vector<cl_event> waits = nativeEvents(waitFor);
  cl_event done = nullptr;
  if (const OpenCLSvmBuffer *svm = svmOf(*device_, dst)) {
    // Queue::fillBuffer checked offset and size against the pattern, which
    // is also what clEnqueueSVMMemFill requires.
    KILN_RETURN_IF_ERROR(openclStatus(
        clEnqueueSVMMemFill(queue_, svm->at(offset), pattern, patternSize,
                            bytes, static_cast<cl_uint>(waits.size()),
                            waits.empty() ? nullptr : waits.data(), &done),
        "clEnqueueSVMMemFill"));
    svm->recordUse(done, queue_);
    return wrap(done, "fill");
  }
  KILN_RETURN_IF_ERROR(openclStatus(
      clEnqueueFillBuffer(queue_, memOf(dst), pattern, patternSize, offset,
                          bytes, static_cast<cl_uint>(waits.size()),
                          waits.empty() ? nullptr : waits.data(), &done),
      "clEnqueueFillBuffer"));
  return wrap(done, "fill");
}

Status OpenCLQueue::write(Buffer &dst, const void *src, size_t bytes,
                          size_t offset) {
  uint64_t newest = inFlight_ ? inFlight_->newest() : 0;
  KILN_RETURN_IF_ERROR(orderAfterPreviousWork());
  const OpenCLSvmBuffer *svm = svmOf(*device_, dst);
  cl_int err = svm ? clEnqueueSVMMemcpy(queue_, CL_TRUE, svm->at(offset), src,
                                        bytes, 0, nullptr, nullptr)
                   : clEnqueueWriteBuffer(queue_, memOf(dst), CL_TRUE, offset,
                                          bytes, src, 0, nullptr, nullptr);
  KILN_RETURN_IF_ERROR(
      openclStatus(err, svm ? "clEnqueueSVMMemcpy" : "clEnqueueWriteBuffer"));
  noteIdle(newest); // A blocking copy comes after all earlier work.
  return Status();
}

Status OpenCLQueue::read(const Buffer &src, void *dst, size_t bytes,
                         size_t offset) {
  uint64_t newest = inFlight_ ? inFlight_->newest() : 0;
  KILN_RETURN_IF_ERROR(orderAfterPreviousWork());
  const OpenCLSvmBuffer *svm = svmOf(*device_, src);
  cl_int err = svm ? clEnqueueSVMMemcpy(queue_, CL_TRUE, dst, svm->at(offset),
                                        bytes, 0, nullptr, nullptr)
                   : clEnqueueReadBuffer(queue_, memOf(src), CL_TRUE, offset,
                                         bytes, dst, 0, nullptr, nullptr);
  KILN_RETURN_IF_ERROR(
      openclStatus(err, svm ? "clEnqueueSVMMemcpy" : "clEnqueueReadBuffer"));
  noteIdle(newest); // A blocking copy comes after all earlier work.
  return Status();
}

StatusOr<std::shared_ptr<Event>>
OpenCLQueue::submitKernel(const Kernel &kernel, const PackedLaunch &launch,
                          const EventList &waitFor) {
  cl_event done = nullptr;
  uint64_t sequence = 0;
  KILN_RETURN_IF_ERROR(
      enqueueKernel(kernel, launch, waitFor, &done, &sequence));
  for (const PackedArg &arg : launch.args)
    if (arg.kind == PackedArg::Kind::BufferPointer)
      if (const OpenCLSvmBuffer *svm = svmOf(*device_, *arg.buffer))
        svm->recordUse(done, queue_);
  return wrap(done, "kernel '" + kernel.name() + "'", sequence);
}

StatusOr<std::shared_ptr<Event>> OpenCLQueue::submitMarker() {
  cl_event done = nullptr;
  KILN_RETURN_IF_ERROR(
      openclStatus(clEnqueueMarkerWithWaitList(queue_, 0, nullptr, &done),
                   "clEnqueueMarkerWithWaitList"));
  return wrap(done, "marker");
}

Status OpenCLQueue::submitKernelWithoutEvent(const Kernel &kernel,
                                             const PackedLaunch &launch,
                                             const EventList &waitFor) {
  KILN_RETURN_IF_ERROR(enqueueKernel(kernel, launch, waitFor, nullptr));
  // An SVM buffer's free waits for its uses: this one has no event, so the
  // buffer notes the (in-order) queue instead.
  for (const PackedArg &arg : launch.args)
    if (arg.kind == PackedArg::Kind::BufferPointer)
      if (const OpenCLSvmBuffer *svm = svmOf(*device_, *arg.buffer))
        svm->recordUse(nullptr, queue_);
  return openclStatus(clFlush(queue_), "clFlush");
}

Status OpenCLQueue::enqueueKernel(const Kernel &kernel,
                                  const PackedLaunch &launch,
                                  const EventList &waitFor, cl_event *done,
                                  uint64_t *sequence) {
  const auto &clKernel = static_cast<const OpenCLKernel &>(kernel);
  // Range dimension N-1 on OpenCL dimension 0, the one work-groups and
  // sub-groups advance fastest along (WorkGroupShape.h).
  const LaunchGeometry geometry = toHardwareOrder(launch.geometry);
  std::array<size_t, 3> global, local;
  for (size_t d = 0; d < 3; ++d) {
    global[d] = static_cast<size_t>(geometry.global[d]);
    local[d] = geometry.local ? static_cast<size_t>((*geometry.local)[d]) : 1;
  }
  std::vector<cl_event> waits = nativeEvents(waitFor);
  // Arguments are captured at enqueue; keep set+enqueue atomic per kernel.
  std::lock_guard<std::mutex> lock(clKernel.argumentMutex());
  KILN_RETURN_IF_ERROR(setArguments(*device_, clKernel.handle(), launch.args));
  // Recorded before the enqueue: a worker thread may run (and trap in) the
  // kernel before clEnqueueNDRangeKernel returns.
  uint64_t recorded =
      inFlight_ ? inFlight_->launched(clKernel.inFlightName()) : 0;
  cl_int err = clEnqueueNDRangeKernel(
      queue_, clKernel.handle(), geometry.dims, nullptr, global.data(),
      geometry.local ? local.data() : nullptr,
      static_cast<cl_uint>(waits.size()),
      waits.empty() ? nullptr : waits.data(), done);
  if (err != CL_SUCCESS && recorded)
    inFlight_->completed(recorded); // Never ran.
  if (sequence)
    *sequence = recorded;
  return openclStatus(err, "clEnqueueNDRangeKernel");
}

} // namespace kiln
