//===- ModulePaths.h - The modules a kernel file's names come from -*- C++ -*-//
//
// Kernel modules written for numba-dpex reach Kiln's names through module
// paths (`import numba_dpex as dpex` / `@dpex.kernel`, `from numba_dpex
// import kernel_api as kapi` / `kapi.NdItem`, `from math import sqrt`). The
// parser records what each top-level import binds; Sema and the decorator
// check ask here which module a dotted path names.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_MODULEPATHS_H
#define KILN_FRONTEND_MODULEPATHS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace kiln {

/// The modules whose names kernel code may use.
enum class KnownModule {
  None,
  /// Kiln's own names: `kiln`, `kiln.kernel_api`, `numba_dpex`,
  /// `numba_dpex.kernel_api`, `numba_dpex.experimental`.
  Kiln,
  /// Python's `math`.
  Math,
  /// `numpy` and `dpnp` (types, math functions, constants).
  NumPy,
};

/// Which module a dotted path names (`"numba_dpex.kernel_api"` is Kiln).
KnownModule classifyModule(llvm::StringRef path);

/// What the top-level imports of a file bind: a local name to the dotted
/// path of the module or module member it stands for (`kapi` ->
/// `numba_dpex.kernel_api`, `sqrt` -> `math.sqrt`).
class ImportTable {
public:
  /// Records `import path` (binds the first component), `import path as
  /// name` and `from path import member [as name]`.
  void bind(const std::string &name, const std::string &path) {
    bindings[name] = path;
  }
  /// The path a module-level name stands for: what an import bound it to,
  /// else the name itself (`kiln`, `math`, `numpy` need no import); `np`
  /// is `numpy` as everywhere.
  std::string resolve(llvm::StringRef name) const;
  /// The member a name was imported as from a known module, with that
  /// module (`sqrt` after `from math import sqrt`: Math and "sqrt").
  KnownModule importedMember(llvm::StringRef name, std::string &member) const;

private:
  std::map<std::string, std::string, std::less<>> bindings;
};

} // namespace kiln

#endif // KILN_FRONTEND_MODULEPATHS_H
