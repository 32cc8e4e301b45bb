//===- ArgumentBlockLayout.cpp - Where each argument sits in a block ------===//
//
// The one definition of the argument-block layout (ArgumentBlock.h), used
// by the compiler when it generates the loads and by the runtime when it
// builds and checks blocks.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/ArgumentBlock.h"

namespace kiln {

ArgumentBlockLayout argumentBlockLayout(const KernelMetadata &kernel) {
  ArgumentBlockLayout layout;
  uint64_t end = 0;
  using Part = ArgumentBlockField::Part;
  auto place = [&](size_t param, int extent, uint64_t size,
                   Part part = Part::Value) {
    uint64_t offset = (end + size - 1) / size * size;
    layout.fields.push_back({param, extent, offset, size, part});
    end = offset + size;
  };
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &param = kernel.params[i];
    switch (param.kind) {
    case ParamKind::Scalar:
      place(i, -1, dtypeSize(param.dtype));
      break;
    case ParamKind::Array:
      place(i, -1, 8);
      if (param.strided)
        place(i, -1, 8, Part::ElementOffset);
      for (unsigned d = 0; d < param.rank; ++d)
        place(i, static_cast<int>(d), 8, Part::Extent);
      if (param.strided)
        for (unsigned d = 0; d < param.rank; ++d)
          place(i, static_cast<int>(d), 8, Part::Stride);
      break;
    case ParamKind::LocalAccessor:
      break;
    }
  }
  layout.size = (end + 7) / 8 * 8;
  return layout;
}

std::string argumentBlockEntryName(std::string_view kernel) {
  return std::string(kernel) + "__kiln_argblock";
}

KernelMetadata argumentBlockEntryMetadata(const KernelMetadata &kernel) {
  KernelMetadata entry = kernel;
  entry.name = argumentBlockEntryName(kernel.name);
  entry.argumentBlockEntry.clear();
  entry.params.clear();
  entry.params.push_back({"argument_block", ParamKind::Array, DType::UInt8, 1});
  entry.params.push_back(
      {"argument_block_offset", ParamKind::Scalar, DType::Int64, 0});
  for (const KernelParam &param : kernel.params)
    if (param.kind == ParamKind::LocalAccessor)
      entry.params.push_back(param);
  return entry;
}

} // namespace kiln
