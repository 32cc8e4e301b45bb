//===- ArgumentDescriptors.h - kiln_arg_t → ArgumentDescriptor --*- C++ -*-===//
//
// kiln_compile_for_arguments takes the launch arguments a C caller builds
// for kiln_launch; the compiler needs them as typed descriptors
// (compiler/Session/ArgumentSpecialization.h).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_CAPI_ARGUMENTDESCRIPTORS_H
#define KILN_COMPILER_CAPI_ARGUMENTDESCRIPTORS_H

#include "compiler/Session/ArgumentSpecialization.h"
#include "kiln/kiln.h"

#include <string>
#include <vector>

namespace kiln::capi {

/// One positional descriptor per argument. A scalar keeps its value (what
/// a Constant[T] parameter compiles in); an array in a runtime buffer is
/// 16-byte aligned (buffers are allocation bases) and has the buffer's
/// memory as its storage (the distinct-arrays fact). Fails with the reason,
/// naming the argument's index, for an invalid argument.
bool describeArguments(const kiln_arg_t *args, size_t nargs,
                       std::vector<ArgumentDescriptor> &out,
                       std::string &error);

} // namespace kiln::capi

#endif // KILN_COMPILER_CAPI_ARGUMENTDESCRIPTORS_H
