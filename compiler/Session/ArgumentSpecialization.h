//===- ArgumentSpecialization.h - Specialize from launch arguments -*- C++ -*-//
//
// A caller that knows the arguments a kernel will be launched with ("x is
// an Array of float32, rank 2, 16-byte aligned; n is the int64 value 7")
// describes them; the compiler, which alone reads the source, turns them
// into the kernel's Specialization (types of generic parameters, values
// of Constant[T] ones) and the set of 16-byte aligned arrays. Arguments of
// annotated parameters only contribute their alignment. The launch's index
// space types an unannotated work-item parameter.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_SESSION_ARGUMENTSPECIALIZATION_H
#define KILN_COMPILER_SESSION_ARGUMENTSPECIALIZATION_H

#include "compiler/Frontend/Specialization.h"
#include "kiln/runtime/KernelMetadata.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <set>
#include <string>

namespace kiln {

/// Where an array argument's data lies: bytes [begin, end) of
/// `allocation`. Allocation 0 is the device's address space (begin is an
/// address: memory others may reach by address too); any other value names
/// memory reachable only through one runtime buffer (DistinctArrays.h).
struct ArrayStorage {
  uint64_t allocation = 0;
  uint64_t begin = 0;
  uint64_t end = 0;
};

/// One launch argument as the compiler needs to know it.
struct ArgumentDescriptor {
  enum class Kind { Scalar, Array, LocalAccessor };
  /// The parameter it is for; empty: the next parameter in order (the
  /// index parameter not counted).
  std::string name;
  Kind kind = Kind::Scalar;
  /// The scalar's or the element type; unset when the caller has none
  /// (then it cannot specialize a generic parameter).
  std::optional<DType> dtype;
  unsigned rank = 1;      ///< Arrays and local accessors.
  unsigned alignment = 0; ///< Bytes the array data is known aligned to.
  /// An array of any strides (a NumPy view): its parameter, annotated or
  /// generic, is compiled for strided arrays (`Array[T, N, strided]`).
  bool strided = false;
  /// Where an array's data lies, when known: what the distinct-arrays
  /// specialization is decided from (DistinctArrays.h).
  std::optional<ArrayStorage> storage;
  /// A scalar's value, when known: what a Constant[T] parameter compiles in.
  std::optional<ConstantValue> value;
  /// How the caller wrote the argument, quoted in messages (optional).
  std::string spelling;
};

/// What a set of arguments makes of one kernel.
struct ResolvedArguments {
  /// The kernel's specialization (possibly without types or constants).
  Specialization specialization;
  /// Array parameters whose argument is at least 16-byte aligned.
  std::set<std::string> aligned16;
  /// The kernel's declared parameters the arguments were matched to.
  std::vector<DeclaredParameter> parameters;
};

/// Matches `arguments` to the declared `parameters` of `kernel`. A generic
/// parameter takes its argument's type, a Constant one its value, an
/// annotated array parameter with a strided argument the strided type; a
/// missing or unusable argument is a CompileError (kind Arguments) naming
/// the parameter. Arguments for unknown names are left to the launch to
/// report.
///
/// `launchIndex` is the index object the launch gives its work-items
/// (Item for a Range, NdItem for an NdRange), when known. An unannotated
/// first parameter (role WorkItem) is the work-item unless the arguments
/// give it a value — by its name, or by position when there are as many
/// positional arguments as parameters (numba-dpex's rule) — and takes that
/// type; without `launchIndex` it stays untyped and the type checker
/// reports it, located. A local accessor argument needs an NdRange
/// launch (work-group memory, as SYCL and numba-dpex require).
llvm::Expected<ResolvedArguments>
resolveArguments(llvm::StringRef kernel,
                 llvm::ArrayRef<DeclaredParameter> parameters,
                 llvm::ArrayRef<ArgumentDescriptor> arguments,
                 std::optional<IndexKind> launchIndex = std::nullopt);

/// Item or NdItem: the work-item type of a launch of kind `kind`.
Type workItemType(IndexKind kind);

/// The type a parameter takes from its argument: a scalar, `Array[T, N]`,
/// `Array[T, N, strided]` or `LocalAccessor[T, N]` (the argument's dtype
/// must be set).
Type argumentType(const ArgumentDescriptor &argument);

} // namespace kiln

#endif // KILN_COMPILER_SESSION_ARGUMENTSPECIALIZATION_H
