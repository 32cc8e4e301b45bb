//===- LaunchAPI.cpp - Arguments, launches and events of the C API --------===//
//
// kiln_arg_t values become kiln::KernelArg and go through Queue::submit
// (SubmitAPI.cpp), so the C API checks arguments exactly as the C++ API
// does (count, kind, dtype, rank, buffer size, device); only what C adds
// (NULL pointers, argument structs built from bad input, ranges given as
// pointer + count) is checked here. kiln_launch, kiln_launch_async and
// kiln_launch_nd_async are shorthands for kiln_queue_submit.
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"

#include <cstring>

using namespace kiln;
using capi::guarded;

namespace {

/// An argument that launches refuse, keeping the caller's dtype bytes as
/// they are (copied, not loaded: they may name no kiln_dtype_t value).
kiln_arg_t invalidArg(const kiln_dtype_t &dtype) {
  kiln_arg_t arg;
  std::memset(&arg, 0, sizeof(arg));
  arg.kind = KILN_ARG_INVALID;
  std::memcpy(&arg.dtype, &dtype, sizeof(arg.dtype));
  return arg;
}

/// Describes why argument `index` could not become a KernelArg; empty when
/// it did.
std::string convertArg(const kiln_arg_t &in, size_t index, KernelArg &out) {
  // Built only for an error: launches are hot.
  auto where = [index] { return "argument " + std::to_string(index) + ": "; };
  DType dtype;
  switch (capi::enumValue(in.kind)) {
  case KILN_ARG_SCALAR:
    if (!capi::toDType(in.dtype, dtype))
      return where() + "unknown dtype " +
             std::to_string(capi::enumValue(in.dtype));
    out.assignScalarBytes(dtype, in.value, dtypeSize(dtype));
    return {};
  case KILN_ARG_ARRAY:
    if (!in.buffer)
      return where() + "array with a NULL buffer";
    if (!capi::toDType(in.dtype, dtype))
      return where() + "unknown dtype " +
             std::to_string(capi::enumValue(in.dtype));
    if (in.rank < 0 || in.rank > KILN_MAX_RANK)
      return where() + "array rank " + std::to_string(in.rank) +
             " outside 0.." + std::to_string(KILN_MAX_RANK);
    if (in.strided)
      out.assignStridedArray(in.buffer->buffer, in.shape, in.strides, in.rank,
                             in.offset, dtype);
    else
      out.assignArray(in.buffer->buffer, in.shape, in.rank, dtype);
    return {};
  case KILN_ARG_LOCAL_ACCESSOR:
    if (!capi::toDType(in.dtype, dtype))
      return where() + "unknown dtype " +
             std::to_string(capi::enumValue(in.dtype));
    if (in.rank < 0 || in.rank > KILN_MAX_RANK)
      return where() + "accessor rank " + std::to_string(in.rank) +
             " outside 0.." + std::to_string(KILN_MAX_RANK);
    out.assignLocalAccessor(in.shape, in.rank, dtype);
    return {};
  case KILN_ARG_INVALID:
    return where() +
           "built from invalid input (a NULL value or shape, an "
           "unknown dtype, or a rank outside 0.." +
           std::to_string(KILN_MAX_RANK) + ")";
  }
  return where() + "not made by kiln_arg_* (kind " +
         std::to_string(capi::enumValue(in.kind)) + ")";
}

} // namespace

kiln_status_t capi::toIndexSpace(const char *function, int ndim,
                                 const int64_t *global, const int64_t *local,
                                 IndexSpace &out) {
  if (ndim < 1 || ndim > 3)
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) +
                          ": a range has 1 to 3 dimensions, got " +
                          std::to_string(ndim));
  // Assigned in place: a reused IndexSpace (kiln_queue_submit's) keeps its
  // extents' capacity, so that a launch allocates none.
  if (!local) {
    if (Range *range = std::get_if<Range>(&out))
      range->extents.assign(global, global + ndim);
    else
      out = Range(std::vector<int64_t>(global, global + ndim));
    return KILN_STATUS_OK;
  }
  if (NdRange *nd = std::get_if<NdRange>(&out)) {
    nd->global.extents.assign(global, global + ndim);
    nd->local.extents.assign(local, local + ndim);
  } else {
    out = NdRange{Range(std::vector<int64_t>(global, global + ndim)),
                  Range(std::vector<int64_t>(local, local + ndim))};
  }
  return KILN_STATUS_OK;
}

kiln_status_t capi::toKernelArgs(const char *function, const Kernel &kernel,
                                 const kiln_arg_t *args, size_t nargs,
                                 std::vector<KernelArg> &out) {
  // Resized, not rebuilt: kept arguments keep their shapes' capacity.
  out.resize(nargs);
  for (size_t i = 0; i < nargs; ++i) {
    std::string error = convertArg(args[i], i, out[i]);
    if (!error.empty())
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(function) + ": kernel '" + kernel.name() +
                            "': " + error);
  }
  return KILN_STATUS_OK;
}

kiln_status_t capi::toEventList(const char *function, const kiln_event_t *wait,
                                size_t nwait, EventList &out) {
  out.clear();
  for (size_t i = 0; i < nwait; ++i) {
    if (!wait[i])
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(function) + ": wait list entry " +
                            std::to_string(i) + " is NULL");
    out.push_back(wait[i]->event);
  }
  return KILN_STATUS_OK;
}

extern "C" {

kiln_arg_t kiln_arg_scalar(kiln_dtype_t dtype, const void *value) {
  DType t;
  if (!value || !capi::toDType(dtype, t))
    return invalidArg(dtype);
  kiln_arg_t arg = invalidArg(dtype);
  arg.kind = KILN_ARG_SCALAR;
  std::memcpy(arg.value, value, dtypeSize(t));
  return arg;
}

kiln_arg_t kiln_arg_bool(int value) {
  uint8_t b = value != 0;
  return kiln_arg_scalar(KILN_DTYPE_BOOL, &b);
}
kiln_arg_t kiln_arg_int32(int32_t value) {
  return kiln_arg_scalar(KILN_DTYPE_INT32, &value);
}
kiln_arg_t kiln_arg_int64(int64_t value) {
  return kiln_arg_scalar(KILN_DTYPE_INT64, &value);
}
kiln_arg_t kiln_arg_uint32(uint32_t value) {
  return kiln_arg_scalar(KILN_DTYPE_UINT32, &value);
}
kiln_arg_t kiln_arg_uint64(uint64_t value) {
  return kiln_arg_scalar(KILN_DTYPE_UINT64, &value);
}
kiln_arg_t kiln_arg_float32(float value) {
  return kiln_arg_scalar(KILN_DTYPE_FLOAT32, &value);
}
kiln_arg_t kiln_arg_float64(double value) {
  return kiln_arg_scalar(KILN_DTYPE_FLOAT64, &value);
}

kiln_arg_t kiln_arg_array(kiln_buffer_t buffer, const int64_t *shape, int rank,
                          kiln_dtype_t dtype) {
  DType t;
  if (rank < 0 || rank > KILN_MAX_RANK || (rank > 0 && !shape) ||
      !capi::toDType(dtype, t))
    return invalidArg(dtype);
  kiln_arg_t arg = invalidArg(dtype);
  arg.kind = KILN_ARG_ARRAY;
  arg.buffer = buffer;
  arg.rank = rank;
  for (int i = 0; i < rank; ++i)
    arg.shape[i] = shape[i];
  return arg;
}

kiln_arg_t kiln_arg_strided_array(kiln_buffer_t buffer, const int64_t *shape,
                                  const int64_t *strides, int rank,
                                  int64_t offset, kiln_dtype_t dtype) {
  if (rank > 0 && !strides)
    return invalidArg(dtype);
  kiln_arg_t arg = kiln_arg_array(buffer, shape, rank, dtype);
  if (arg.kind != KILN_ARG_ARRAY)
    return arg;
  arg.strided = 1;
  for (int i = 0; i < rank; ++i)
    arg.strides[i] = strides[i];
  arg.offset = offset;
  return arg;
}

kiln_arg_t kiln_arg_local_accessor(const int64_t *shape, int rank,
                                   kiln_dtype_t dtype) {
  kiln_arg_t arg = kiln_arg_array(nullptr, shape, rank, dtype);
  if (arg.kind == KILN_ARG_ARRAY)
    arg.kind = KILN_ARG_LOCAL_ACCESSOR;
  return arg;
}

kiln_status_t kiln_launch_async(kiln_queue_t queue, kiln_kernel_t kernel,
                                int ndim, const int64_t *range,
                                const kiln_arg_t *args, size_t nargs,
                                const kiln_event_t *wait, size_t nwait,
                                kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(range);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    LaunchEvents events;
    kiln_status_t status = capi::submitLaunch(
        "kiln_launch_async", queue,
        capi::listDesc(kernel, ndim, range, nullptr, args, nargs), wait, nwait,
        events);
    if (status == KILN_STATUS_OK)
      *out_event = capi::wrapEvent(std::move(events.device));
    return status;
  });
}

kiln_status_t kiln_launch_nd_async(kiln_queue_t queue, kiln_kernel_t kernel,
                                   int ndim, const int64_t *global,
                                   const int64_t *local, const kiln_arg_t *args,
                                   size_t nargs, const kiln_event_t *wait,
                                   size_t nwait, kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  KILN_CAPI_REQUIRE(local);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    LaunchEvents events;
    kiln_status_t status = capi::submitLaunch(
        "kiln_launch_nd_async", queue,
        capi::listDesc(kernel, ndim, global, local, args, nargs), wait, nwait,
        events);
    if (status == KILN_STATUS_OK)
      *out_event = capi::wrapEvent(std::move(events.device));
    return status;
  });
}

kiln_status_t kiln_launch(kiln_queue_t queue, kiln_kernel_t kernel, int ndim,
                          const int64_t *range, const kiln_arg_t *args,
                          size_t nargs, const kiln_event_t *wait,
                          size_t nwait) {
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(range);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  return guarded(__func__, [&] {
    kiln_launch_desc_t desc =
        capi::listDesc(kernel, ndim, range, nullptr, args, nargs);
    desc.flags = KILN_LAUNCH_WAIT;
    LaunchEvents events;
    return capi::submitLaunch("kiln_launch", queue, desc, wait, nwait, events);
  });
}

kiln_status_t kiln_event_wait(kiln_event_t event) {
  KILN_CAPI_REQUIRE(event);
  return guarded(__func__,
                 [&] { return capi::fromStatus(event->event->wait()); });
}

kiln_status_t kiln_event_state(kiln_event_t event, kiln_event_state_t *out) {
  KILN_CAPI_REQUIRE(event);
  KILN_CAPI_REQUIRE(out);
  return guarded(__func__, [&] {
    switch (event->event->state()) {
    case EventState::Pending:
      *out = KILN_EVENT_PENDING;
      break;
    case EventState::Complete:
      *out = KILN_EVENT_COMPLETE;
      break;
    case EventState::Failed:
      *out = KILN_EVENT_FAILED;
      break;
    }
    return capi::succeed();
  });
}

void kiln_event_release(kiln_event_t event) {
  if (!event)
    return;
  try {
    if (event->event->state() == EventState::Pending)
      (void)event->event->wait();
  } catch (...) {
  }
  delete event;
}

} // extern "C"
