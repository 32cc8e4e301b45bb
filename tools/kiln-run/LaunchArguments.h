//===- LaunchArguments.h - kiln-run's --arg values, read once ---*- C++ -*-===//
//
// The --arg NAME=VALUE texts, with every @file.npy read exactly once: the
// compiler gets typed argument descriptors from them (it specializes
// generic and Constant[T] parameters; kiln-run never reads the kernel's
// source), and argument binding (ArgumentBinding.h) uploads the same
// arrays after the compile. --local sizes become local accessor
// descriptors, which type unannotated LocalAccessor parameters.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TOOLS_KILNRUN_LAUNCHARGUMENTS_H
#define KILN_TOOLS_KILNRUN_LAUNCHARGUMENTS_H

#include "compiler/Session/ArgumentSpecialization.h"
#include "kiln/runtime/Npy.h"
#include "kiln/runtime/Status.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kiln {

/// One --arg whose value is a file: its contents, or why they are missing
/// (reported when the argument is used).
struct LoadedArray {
  std::optional<NpyArray> array;
  Status error; ///< "argument 'x': ..." when `array` is unset.
};

/// Reads the @file.npy of every well-formed NAME=@FILE in `arguments`,
/// keyed by NAME (the first of repeated names; repeats are reported by
/// binding). A failed read is kept, not reported.
std::map<std::string, LoadedArray>
loadArrayArguments(const std::vector<std::string> &arguments);

/// The descriptor of each NAME=VALUE in `arguments`: an .npy file gives its
/// dtype and rank (a 0-d one a scalar with its value), zeros:SHAPE an
/// array of unknown dtype, a literal the scalar Python would make of it
/// (int64, float64, bool) with its value. Unreadable files give none.
/// Arrays are 16-byte aligned and distinct (each is bound to a buffer of
/// its own), which the JIT specializes for.
std::vector<ArgumentDescriptor>
describeArguments(const std::vector<std::string> &arguments,
                  const std::map<std::string, LoadedArray> &arrays);

/// The descriptor of each --local NAME=SHAPE[:DTYPE] in `locals`: a local
/// accessor of SHAPE's rank, typed when DTYPE names a dtype (binding
/// reports one that does not).
std::vector<ArgumentDescriptor>
describeLocalAccessors(const std::vector<std::string> &locals);

/// SHAPE and DTYPE of a --local value "SHAPE[:DTYPE]" (DTYPE empty when
/// not given).
std::pair<std::string, std::string> splitLocalSize(const std::string &value);

} // namespace kiln

#endif // KILN_TOOLS_KILNRUN_LAUNCHARGUMENTS_H
