//===- LaunchCall.h - The launch path shared by the C launch calls -*- C++ -*-===//
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
