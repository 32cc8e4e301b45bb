//===- MetadataText.cpp - kilnc --emit=metadata ---------------------------===//
#include "MetadataText.h"

#include "llvm/Support/ErrorHandling.h"

using namespace kiln;

namespace {
const char *kindName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Scalar:
    return "scalar";
  case ParamKind::Array:
    return "array";
  case ParamKind::LocalAccessor:
    return "local_accessor";
  }
  llvm_unreachable("unknown parameter kind");
}

void printParam(const KernelParam &param, llvm::raw_ostream &os) {
  os << "  param " << param.name << ": " << kindName(param.kind) << " "
     << dtypeName(param.dtype);
  if (param.kind != ParamKind::Scalar)
    os << "[" << param.rank << "]";
  os << ", "
     << (param.access == ParamAccess::ReadOnly ? "read-only" : "written")
     << "\n";
}
} // namespace

void kiln::printKernelMetadata(const KernelBinary &binary,
                               llvm::raw_ostream &os) {
  for (const KernelMetadata &kernel : binary.kernels) {
    os << "kernel " << kernel.name << ": index "
       << (kernel.indexKind == IndexKind::NdItem ? "NdItem" : "Item")
       << ", launch rank ";
    if (kernel.launchRank == 0)
      os << "any";
    else
      os << kernel.launchRank;
    os << ", local " << kernel.staticLocalMemBytes << " B, private "
       << kernel.privateMemBytes << " B";
    if (kernel.debug)
      os << ", debug";
    os << "\n";
    for (const KernelParam &param : kernel.params)
      printParam(param, os);
    if (kernel.coarsening != std::array<uint32_t, 3>{1, 1, 1})
      os << "  coarsening: " << kernel.coarsening[0] << ", "
         << kernel.coarsening[1] << ", " << kernel.coarsening[2] << "\n";
    if (kernel.mergesWorkGroups)
      os << "  merges work-groups\n";
    if (kernel.maxWorkGroupSize != 0)
      os << "  max work-group size: " << kernel.maxWorkGroupSize << "\n";
    if (!kernel.requiredFeatures.empty()) {
      os << "  features:";
      for (const std::string &feature : kernel.requiredFeatures)
        os << " " << feature;
      os << "\n";
    }
  }
}
