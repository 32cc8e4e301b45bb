//===- LaunchCall.h - The launch path shared by the C launch calls -*- C++
//-*-===//
//
// Every kiln_launch* entry point checks what the C calling convention adds
// (ranges as pointer + count, kiln_arg_t structs, wait-list arrays) and then
// calls the C++ launch; this is that one path, so that the calls with and
// without launch options report the same errors. Private to runtime/capi.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_CAPI_LAUNCHCALL_H
#define KILN_CAPI_LAUNCHCALL_H

#include "kiln/capi/Handles.h"
#include "kiln/runtime/Launch.h"

namespace kiln::capi {

// The pieces of launchChecked, for the other C calls that take ranges,
// kiln_arg_t arrays or wait lists (packed, argument-block and launcher
// calls). Each records "<function>: ..." and returns the error code.

/// `ndim` (1..3) extents of `global`, an NdRange when `local` is non-null.
kiln_status_t toIndexSpace(const char *function, int ndim,
                           const int64_t *global, const int64_t *local,
                           IndexSpace &out);
/// The kernel's arguments as KernelArg; errors name the argument index.
kiln_status_t toKernelArgs(const char *function, const Kernel &kernel,
                           const kiln_arg_t *args, size_t nargs,
                           std::vector<KernelArg> &out);
/// A wait list without NULL entries.
kiln_status_t toEventList(const char *function, const kiln_event_t *wait,
                          size_t nwait, EventList &out);

/// Converts the C arguments and launches `kernel` asynchronously over
/// `global` (a plain range when `local` is null, else an NdRange), with
/// `options` when non-null. On success `events.device` is set (and the
/// extra events the options asked for); on failure the error is recorded
/// with `function` naming the entry point for C-level errors, runtime
/// errors keep the C++ API's message.
kiln_status_t launchChecked(const char *function, kiln_queue_t queue,
                            kiln_kernel_t kernel, int ndim,
                            const int64_t *global, const int64_t *local,
                            const kiln_arg_t *args, size_t nargs,
                            const kiln_event_t *wait, size_t nwait,
                            const LaunchOptions *options, LaunchEvents &events);

} // namespace kiln::capi

#endif // KILN_CAPI_LAUNCHCALL_H
