//===- Specialization.h - Signatures for generic kernels --------*- C++ -*-===//
//
// A kernel with unannotated (generic) parameters or `Constant[T]`
// parameters is compiled only when specialized (spec section 2): the caller
// (the JIT from launch arguments, or the CLI from an explicit signature)
// gives the types of the generic parameters and the values of the constant
// ones. Constant parameters are then folded into the body and are not
// kernel arguments.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_SPECIALIZATION_H
#define KILN_FRONTEND_SPECIALIZATION_H

#include "compiler/Frontend/ConstantValue.h"
#include "compiler/Frontend/Types.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kiln {

/// How to compile one generic kernel.
struct Specialization {
  /// The kernel's name in the source.
  std::string kernel;
  /// Parameter name -> type: a scalar, `Array[T, N]`, `LocalAccessor[T,
  /// N]`, `Item` or `NdItem` (the CLI's spellings are parsed by
  /// parseSpecialization, launch arguments typed by resolveArguments). A
  /// type for an annotated parameter must equal the annotation.
  std::map<std::string, Type> types;
  /// `Constant[T]` parameter name -> value. It is converted to T with the
  /// implicit-safe rules of spec section 4 (an integer must fit T; a float
  /// is accepted only for a float T; a bool for any T).
  std::map<std::string, ConstantValue> constants;
};

/// A kernel parameter as declared (before type checking): what a caller
/// specializing from launch arguments must know of it. The first parameter
/// is listed unless it is annotated `Item` or `NdItem` (a kernel without a
/// work-item takes an argument for it; an unannotated one has role
/// WorkItem).
struct DeclaredParameter {
  enum class Role {
    Annotated, ///< Its annotation is its type; an argument does not change it.
    Generic,   ///< Unannotated: its type comes from its argument.
    Constant,  ///< `Constant[T]`: its argument's value is compiled in.
    /// The unannotated first parameter: the work-item, typed by the launch
    /// (Item for a Range, NdItem for an NdRange), unless the launch gives
    /// it an argument (numba-dpex's rule: a kernel launched with as many
    /// arguments as parameters takes no work-item); then it is Generic.
    WorkItem,
    /// A name the body of a kernel defined inside a function uses (listed
    /// after the parameters; not one): a scalar argument of that name is
    /// compiled in as the value of the variable the kernel closes over.
    /// Without one nothing happens (the type checker reports a variable
    /// used without a value).
    Captured,
  };
  std::string name;
  Role role = Role::Annotated;
};

/// Parses a signature written for the command line:
///   KERNEL:NAME=VALUE,NAME=VALUE,...
/// where VALUE is a type ("float32", "Array[float32, 2]", parsed by
/// parseTypeString) or a constant (an integer, a float with '.' or an
/// exponent, True or False). Commas inside brackets do not separate.
/// Returns the reason on a syntax error or an unknown type.
std::optional<Specialization> parseSpecialization(llvm::StringRef text,
                                                  std::string &error);

} // namespace kiln

#endif // KILN_FRONTEND_SPECIALIZATION_H
