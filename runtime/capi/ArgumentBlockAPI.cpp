//===- ArgumentBlockAPI.cpp - Kernel arguments in device memory, from C ---===//
//
// ArgumentBlock.h through the C API: declaring a precompiled kernel's
// argument-block entry on a binary, building a block on the host and
// launching with the arguments read from device memory (a shorthand for
// kiln_queue_submit with KILN_LAUNCH_ARGS_DEVICE_BLOCK). Queue::submit
// checks the launch; here only C's pointers are checked.
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"
#include "kiln/runtime/ArgumentBlock.h"
#include "kiln/runtime/Executable.h"

#include <cstring>

using namespace kiln;
using capi::guarded;

extern "C" {

kiln_status_t kiln_binary_add_argument_block_entry(kiln_binary_t binary,
                                                   const char *name) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(name);
  const char *function = __func__;
  return guarded(function, [&] {
    std::vector<KernelMetadata> &kernels = binary->binary.kernels;
    std::string entryName = argumentBlockEntryName(name);
    for (const KernelMetadata &kernel : kernels)
      if (kernel.name == entryName)
        return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                          std::string(function) + ": kernel '" + name +
                              "' already has its entry '" + entryName + "'");
    for (KernelMetadata &kernel : kernels) {
      if (kernel.name != name)
        continue;
      kernel.argumentBlockEntry = entryName;
      // Computed before the push_back, which may move `kernel`.
      KernelMetadata entry = argumentBlockEntryMetadata(kernel);
      kernels.push_back(std::move(entry));
      return capi::succeed();
    }
    return capi::fail(KILN_STATUS_NOT_FOUND,
                      std::string(function) + ": no kernel '" + name +
                          "' was added (see kiln_binary_add_kernel)");
  });
}

kiln_status_t kiln_kernel_argument_block_size(kiln_kernel_t kernel,
                                              size_t *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  return guarded(__func__, [&] {
    *out = argumentBlockLayout(kernel->kernel->metadata()).size;
    return capi::succeed();
  });
}

kiln_status_t kiln_kernel_build_argument_block(kiln_kernel_t kernel,
                                               const kiln_arg_t *args,
                                               size_t nargs, void *block,
                                               size_t capacity) {
  KILN_CAPI_REQUIRE(kernel);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  KILN_CAPI_REQUIRE(block);
  const char *function = __func__;
  return guarded(function, [&] {
    std::vector<KernelArg> cxxArgs;
    if (kiln_status_t s =
            capi::toKernelArgs(function, *kernel->kernel, args, nargs, cxxArgs))
      return s;
    auto bytes = buildArgumentBlock(*kernel->kernel, cxxArgs);
    if (!bytes.ok())
      return capi::fromStatus(bytes.status());
    if (bytes->size() > capacity)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(function) + ": kernel '" +
                            kernel->kernel->name() + "': the block needs " +
                            std::to_string(bytes->size()) +
                            " bytes, capacity is " + std::to_string(capacity));
    std::memcpy(block, bytes->data(), bytes->size());
    return capi::succeed();
  });
}

kiln_status_t kiln_launch_with_device_arguments_async(
    kiln_queue_t queue, kiln_kernel_t kernel, int ndim, const int64_t *global,
    const int64_t *local, kiln_buffer_t argument_block, uint64_t block_offset,
    const kiln_arg_t *local_accessors, size_t naccessors,
    const kiln_event_t *wait, size_t nwait, kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(global);
  KILN_CAPI_REQUIRE(argument_block);
  if (naccessors != 0)
    KILN_CAPI_REQUIRE(local_accessors);
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  const char *function = __func__;
  return guarded(function, [&] {
    kiln_launch_desc_t desc = capi::listDesc(kernel, ndim, global, local,
                                             local_accessors, naccessors);
    desc.args_source = KILN_LAUNCH_ARGS_DEVICE_BLOCK;
    desc.argument_block = argument_block;
    desc.argument_block_offset = block_offset;
    LaunchEvents events;
    if (kiln_status_t s =
            capi::submitLaunch(function, queue, desc, wait, nwait, events))
      return s;
    *out_event = capi::wrapEvent(std::move(events.device));
    return capi::succeed();
  });
}

} // extern "C"
