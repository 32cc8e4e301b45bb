//===- LaunchCall.h - The launch path shared by the C launch calls -*- C++
//-*-===//
//
// kiln_queue_submit and its shorthands (kiln_launch*, kiln_call_kernel_async)
// all end in submitLaunch: it converts what the C calling convention adds
// (ranges as pointer + count, kiln_arg_t structs, wait-list arrays, the
// options struct) into a kiln::LaunchDesc and calls Queue::submit, so that
// every C launch reports the same errors as the C++ one. Private to
// runtime/capi.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_CAPI_LAUNCHCALL_H
#define KILN_CAPI_LAUNCHCALL_H

#include "kiln/capi/Handles.h"
#include "kiln/runtime/Launch.h"

namespace kiln::capi {

// The pieces of submitLaunch, for the other C calls that take ranges,
// kiln_arg_t arrays or wait lists (argument-block and launcher calls).
// Each records "<function>: ..." and returns the error code.

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
/// kiln::LaunchOptions from `in`; errors name the field ("options->...").
kiln_status_t toLaunchOptions(const char *function,
                              const kiln_launch_options_t &in,
                              LaunchOptions &out);

/// A C launch descriptor for the shorthands: `kernel` over `global` (an
/// NdRange when `local` is non-null) with `nargs` arguments `args`.
kiln_launch_desc_t listDesc(kiln_kernel_t kernel, int ndim,
                            const int64_t *global, const int64_t *local,
                            const kiln_arg_t *args, size_t nargs);

/// Converts `desc` (its pointers already checked) and submits it on
/// `queue` after `wait`. Converted in this order, so that messages stay
/// those of the calls before the descriptor: options, range, arguments,
/// wait list. On success `events` holds the launch's events and, with
/// KILN_LAUNCH_WAIT, the kernel has completed without error. C-level
/// errors are recorded with `function` naming the entry point; runtime
/// errors keep the C++ API's message.
kiln_status_t submitLaunch(const char *function, kiln_queue_t queue,
                           const kiln_launch_desc_t &desc,
                           const kiln_event_t *wait, size_t nwait,
                           LaunchEvents &events);

/// A handle for `event`; NULL for a null event.
kiln_event_t wrapEvent(std::shared_ptr<Event> event);

/// Stores handles of `events` into `out` (whose struct_size was checked):
/// all are allocated before any is stored, so that a failed allocation
/// leaves `out` as it was; `host` only when set.
void publishEvents(LaunchEvents &events, kiln_launch_events_t *out);

} // namespace kiln::capi

#endif // KILN_CAPI_LAUNCHCALL_H
