//===- Launch.h - Launching a kernel with checked arguments -----*- C++ -*-===//
//
// The host-side launch model of the language spec (section 8). Every launch
// is a LaunchDesc handed to Queue::submit (LaunchDesc.h, Queue.h): the
// arguments are checked against the kernel's metadata before anything is
// submitted (each error names the parameter) and packed into the native
// ABI generically (PackedLaunch.h). The calls below are conveniences that
// fill a LaunchDesc and call Queue::submit; nothing else launches. A caller
// launching the same kernel repeatedly can keep one LaunchDesc and change
// only its arguments.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_LAUNCH_H
#define KILN_RUNTIME_LAUNCH_H

#include "kiln/runtime/LaunchDesc.h"
#include "kiln/runtime/PackedLaunch.h"
#include "kiln/runtime/Queue.h"
#include "kiln/runtime/Status.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace kiln {

/// Checks `args` against `kernel`'s metadata and `space`, and packs them
/// into the native ABI. Nothing is submitted. Exposed for tools and tests.
StatusOr<PackedLaunch> packLaunch(const Kernel &kernel, const IndexSpace &space,
                                  const std::vector<KernelArg> &args);

/// Checks `options` against `kernel`'s device before submission: an
/// attribute the device does not honour is Unimplemented "<attribute> is
/// unsupported on '<device>'"; out-of-range values are InvalidArgument.
/// Grid-dependent checks (cooperative fit, cluster divisibility) are the
/// driver's, also before submission. Exposed for tools and tests.
Status checkLaunchOptions(const Kernel &kernel, const LaunchOptions &options);

/// The launch arguments held by `blob`: the kernel's native ABI (the three
/// range extents, the int64 launch rank if metadata().takesLaunchRank,
/// then per parameter its value, or a buffer's deviceAddress() followed by
/// its int64 extents) laid out like a C struct with natural alignment,
/// without the DebugRecord pointer (the runtime adds it). Each pointer must
/// be the deviceAddress() of a live buffer of the kernel's device; the
/// range extents and the rank must match `space`. Kernels with
/// LocalAccessor parameters are refused (use LaunchArgs::List). Launches
/// of LaunchArgs::Packed read their blob with it.
StatusOr<std::vector<KernelArg>> unpackArguments(const Kernel &kernel,
                                                 const IndexSpace &space,
                                                 const void *blob, size_t size);

/// The argument block of `kernel` (ArgumentBlock.h) holding `args`, which
/// are checked like a launch's (one per parameter; LocalAccessor arguments
/// are checked but not stored: they are given at launch). Arrays are
/// stored as their buffers' deviceAddress(): the caller keeps those
/// buffers alive while a launch may read the block. Copy the bytes to a
/// device buffer (or have a kernel write them) for LaunchArgs::DeviceBlock.
StatusOr<std::vector<uint8_t>>
buildArgumentBlock(const Kernel &kernel, const std::vector<KernelArg> &args);

//===--- Conveniences over Queue::submit ----------------------------------===//

/// Queue::submit of a LaunchArgs::List launch; returns the device event.
StatusOr<std::shared_ptr<Event>>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor = {});

/// launchAsync, then waits for the kernel; returns its error if it failed.
Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor = {});

/// numba-dpex's call_kernel_async: Queue::submit with hostEvent, returning
/// the device event and a host event that releases the launch's resources.
StatusOr<LaunchEvents> callKernelAsync(Queue &queue,
                                       const std::shared_ptr<Kernel> &kernel,
                                       const IndexSpace &space,
                                       const std::vector<KernelArg> &args,
                                       const EventList &waitFor = {});

/// Queue::submit of a LaunchArgs::Packed launch (cuLaunchKernel's `extra`,
/// aclrtLaunchKernelWithHostArgs). Works on devices with
/// DeviceInfo::supportsDeviceAddresses (CUDA, OpenCL with shared virtual
/// memory); elsewhere Unimplemented with the reason.
StatusOr<std::shared_ptr<Event>>
launchPacked(Queue &queue, const std::shared_ptr<Kernel> &kernel,
             const IndexSpace &space, const void *blob, size_t size,
             const EventList &waitFor = {});

/// Queue::submit of a LaunchArgs::DeviceBlock launch (aclrtLaunchKernel):
/// `kernel`'s arguments are read on the device from `argumentBlock` at
/// `blockOffset` by its argument-block entry. Checked before submission:
/// the entry exists, the buffer is on the kernel's device and holds the
/// block's layout from the offset on. The block's contents are the
/// caller's: they are read on the device only. With launch attributes:
/// a LaunchDesc of source DeviceBlock with its options.
StatusOr<std::shared_ptr<Event>> launchWithDeviceArgumentsAsync(
    Queue &queue, const std::shared_ptr<Kernel> &kernel,
    const IndexSpace &space, const std::shared_ptr<Buffer> &argumentBlock,
    uint64_t blockOffset, const std::vector<KernelArg> &localAccessors = {},
    const EventList &waitFor = {});

/// launchWithDeviceArgumentsAsync, then waits for the kernel.
Status launchWithDeviceArguments(
    Queue &queue, const std::shared_ptr<Kernel> &kernel,
    const IndexSpace &space, const std::shared_ptr<Buffer> &argumentBlock,
    uint64_t blockOffset, const std::vector<KernelArg> &localAccessors = {},
    const EventList &waitFor = {});

/// launchAsync with launch attributes (LaunchOptions.h). `host` of the
/// result is null; `programmatic` / `launchCompletion` are set when the
/// options ask for them. Pass `{}` for an empty wait list.
StatusOr<LaunchEvents>
launchAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
            const IndexSpace &space, const std::vector<KernelArg> &args,
            const EventList &waitFor, const LaunchOptions &options);

/// callKernelAsync with launch attributes; all four events of the result
/// may be set.
StatusOr<LaunchEvents>
callKernelAsync(Queue &queue, const std::shared_ptr<Kernel> &kernel,
                const IndexSpace &space, const std::vector<KernelArg> &args,
                const EventList &waitFor, const LaunchOptions &options);

/// launch with launch attributes: launches and waits for the kernel.
Status launch(Queue &queue, const std::shared_ptr<Kernel> &kernel,
              const IndexSpace &space, const std::vector<KernelArg> &args,
              const EventList &waitFor, const LaunchOptions &options);

/// The error a debug kernel's `record` reports, e.g. "kernel 'k':
/// out-of-bounds access at line 12: index (5, 40) outside shape (37, 40)
/// of array 'u'"; ok when the record's status is 0.
Status checkDebugRecord(const KernelMetadata &kernel,
                        const DebugRecord &record);

} // namespace kiln

#endif // KILN_RUNTIME_LAUNCH_H
