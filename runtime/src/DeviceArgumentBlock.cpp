//===- DeviceArgumentBlock.cpp - Launches with arguments in device memory -===//
//
// The runtime half of argument blocks (ArgumentBlock.h): building a block
// on the host from typed arguments, and the checks of a launch whose block
// already lives in a device buffer (LaunchArgs::DeviceBlock). Queue::submit
// then launches the kernel's argument-block entry through the ordinary
// checked path; what can be checked without reading device memory is
// checked first.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/ArgumentBlock.h"
#include "kiln/runtime/Launch.h"

#include "ArgumentPacking.h"
#include "LaunchValidation.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"

namespace kiln {
namespace {

std::string blockContext(const Kernel &kernel) {
  return "argument block of kernel '" + kernel.name() + "'";
}

/// The first array parameter of `kernel`; its block holds a device address.
const KernelParam *firstArrayParam(const KernelMetadata &kernel) {
  for (const KernelParam &param : kernel.params)
    if (param.kind == ParamKind::Array)
      return &param;
  return nullptr;
}

} // namespace

Status prepareArgumentBlockLaunch(const std::shared_ptr<Kernel> &kernel,
                                  const std::shared_ptr<Buffer> &block,
                                  uint64_t offset,
                                  const std::vector<KernelArg> &localAccessors,
                                  std::shared_ptr<Kernel> &entry,
                                  std::vector<KernelArg> &entryArgs) {
  if (!kernel)
    return invalidArgument("launch of a null kernel");
  const KernelMetadata &metadata = kernel->metadata();
  if (metadata.argumentBlockEntry.empty())
    return invalidArgument("kernel '" + metadata.name +
                           "' has no argument-block entry: compile with "
                           "--arg-block-entries");
  std::string what = blockContext(*kernel);
  if (!block)
    return invalidArgument(what + ": null buffer");
  if (&block->device() != &kernel->device())
    return invalidArgument(what + ": the buffer is on '" +
                           block->device().info().selector +
                           "' but the kernel was loaded on '" +
                           kernel->device().info().selector + "'");
  if (offset % 8 != 0)
    return invalidArgument(what + ": offset " + std::to_string(offset) +
                           " is not a multiple of 8 (the block's alignment)");
  ArgumentBlockLayout layout = argumentBlockLayout(metadata);
  if (offset > block->size() || layout.size > block->size() - offset)
    return invalidArgument(what + ": the layout takes " +
                           std::to_string(layout.size) + " bytes from offset " +
                           std::to_string(offset) + ", but the buffer has " +
                           std::to_string(block->size()) + " bytes");
  // Without device addresses no block can name an array: refuse rather
  // than let the kernel dereference whatever the bytes say.
  if (const KernelParam *array = firstArrayParam(metadata)) {
    Status addressless = checkDeviceAddresses(kernel->device().info());
    if (!addressless.ok())
      return addressless.withContext(what + ": array '" + array->name +
                                     "' needs a device address");
  }
  size_t accessorParams = 0;
  for (const KernelParam &param : metadata.params)
    accessorParams += param.kind == ParamKind::LocalAccessor;
  if (localAccessors.size() != accessorParams)
    return invalidArgument("kernel '" + metadata.name + "' has " +
                           std::to_string(accessorParams) +
                           " local accessor parameter(s); " +
                           std::to_string(localAccessors.size()) +
                           " local accessor argument(s) given");

  std::shared_ptr<Executable> executable = kernel->executable();
  if (!executable)
    return invalidArgument("kernel '" + metadata.name +
                           "': its executable is gone; keep the Executable "
                           "alive to launch its argument-block entry");
  StatusOr<std::shared_ptr<Kernel>> found =
      executable->getKernel(metadata.argumentBlockEntry);
  if (!found.ok())
    return found.status().withContext("argument-block entry of kernel '" +
                                      metadata.name + "'");
  entry = *found;
  // A stale or hand-made binary could name an entry of another shape.
  const KernelMetadata expected = argumentBlockEntryMetadata(metadata);
  const std::vector<KernelParam> &actual = entry->metadata().params;
  bool matches = actual.size() == expected.params.size();
  for (size_t i = 0; matches && i < actual.size(); ++i)
    matches = actual[i].kind == expected.params[i].kind &&
              actual[i].dtype == expected.params[i].dtype &&
              actual[i].rank == expected.params[i].rank;
  if (!matches || entry->metadata().debug != metadata.debug)
    return invalidArgument("kernel '" + metadata.name + "': '" +
                           metadata.argumentBlockEntry +
                           "' does not have the argument-block entry's "
                           "parameters");

  entryArgs.clear();
  entryArgs.reserve(2 + localAccessors.size());
  entryArgs.push_back(KernelArg::array(
      block, {static_cast<int64_t>(block->size())}, DType::UInt8));
  entryArgs.push_back(KernelArg::scalar(static_cast<int64_t>(offset)));
  entryArgs.insert(entryArgs.end(), localAccessors.begin(),
                   localAccessors.end());
  return Status();
}

StatusOr<std::vector<uint8_t>>
buildArgumentBlock(const Kernel &kernel, const std::vector<KernelArg> &args) {
  KILN_RETURN_IF_ERROR(checkArguments(kernel, args));
  const KernelMetadata &metadata = kernel.metadata();
  ArgumentBlockLayout layout = argumentBlockLayout(metadata);
  std::vector<uint8_t> block(layout.size, 0);
  for (const ArgumentBlockField &field : layout.fields) {
    const KernelArg &arg = args[field.param];
    uint8_t *at = block.data() + field.offset;
    using Part = ArgumentBlockField::Part;
    if (!arg.isArray()) {
      std::memcpy(at, arg.scalarValue().data(), field.size);
    } else if (field.part == Part::ElementOffset) {
      int64_t offset = arg.elementOffset();
      std::memcpy(at, &offset, sizeof(offset));
    } else if (field.part == Part::Stride) {
      // A contiguous argument of a strided parameter: row-major strides.
      int64_t stride =
          arg.isStrided() ? arg.strides()[static_cast<size_t>(field.extent)]
                          : contiguousStrides(
                                arg.shape())[static_cast<size_t>(field.extent)];
      std::memcpy(at, &stride, sizeof(stride));
    } else if (field.extent >= 0) {
      int64_t extent = arg.shape()[static_cast<size_t>(field.extent)];
      std::memcpy(at, &extent, sizeof(extent));
    } else {
      StatusOr<uint64_t> address = arg.buffer()->deviceAddress();
      if (!address.ok())
        return address.status().withContext(blockContext(kernel) + ": array '" +
                                            metadata.params[field.param].name +
                                            "'");
      std::memcpy(at, &*address, sizeof(uint64_t));
    }
  }
  return block;
}

} // namespace kiln
