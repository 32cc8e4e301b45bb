//===- DistinctArrays.cpp - Whether a launch's arrays are distinct --------===//
#include "compiler/Session/DistinctArrays.h"

#include <algorithm>

using namespace kiln;

bool kiln::storagesOverlap(const ArrayStorage &a, const ArrayStorage &b) {
  if (a.allocation != b.allocation)
    return false;
  // An empty array reads nothing, but its pointer still is an argument: be
  // conservative and let it occupy its first byte.
  uint64_t aEnd = std::max(a.end, a.begin + 1);
  uint64_t bEnd = std::max(b.end, b.begin + 1);
  return a.begin < bEnd && b.begin < aEnd;
}

bool kiln::arrayArgumentsDistinct(
    llvm::ArrayRef<ArgumentDescriptor> arguments) {
  std::vector<ArrayStorage> storages;
  for (const ArgumentDescriptor &argument : arguments) {
    if (argument.kind != ArgumentDescriptor::Kind::Array)
      continue;
    if (!argument.storage)
      return false;
    storages.push_back(*argument.storage);
  }
  // Launches have a handful of arrays: the quadratic check is the cheap one.
  for (size_t i = 0; i < storages.size(); ++i)
    for (size_t j = i + 1; j < storages.size(); ++j)
      if (storagesOverlap(storages[i], storages[j]))
        return false;
  return !storages.empty();
}
