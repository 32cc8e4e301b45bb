//===- ArtifactProperties.h - Provenance recorded with a binary -*- C++ -*-===//
//
// The properties the JIT (in its disk cache) and `kilnc --emit-artifact`
// record in an artifact file (KernelBinaryFile.h): Kiln, compiler ABI and
// LLVM versions, target, kernel, signature, aligned arrays. Header-only so
// that kilnc needs no more than the runtime and the frontend headers.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_JIT_ARTIFACTPROPERTIES_H
#define KILN_COMPILER_JIT_ARTIFACTPROPERTIES_H

#include "compiler/Frontend/Specialization.h"
#include "compiler/Target/TargetInfo.h"
#include "kiln/runtime/KernelBinaryFile.h"

#include "llvm/Config/llvm-config.h"

#include <cstdio>
#include <set>
#include <string>
#include <vector>

namespace kiln {

/// Bumped whenever the compiler's output changes for the same inputs and
/// Kiln version (a lowering fix, an ABI change); part of every cache key.
// 2: kernels reading item.dimensions take the launch rank (and compile).
// 3: range dimension N-1 on the fastest hardware axis; every kernel not
//    specialized for a rank takes the launch rank.
// 4: parameters carry their access (artifact format 6): cache entries of
//    older compilers miss instead of being refused as unreadable.
// 5: elementwise kernels coarsened on PTX, each kernel's coarsening in its
//    metadata (artifact format 7).
// 6: kernel launch bounds (max_work_group_size, min_work_groups_per_cu) on
//    PTX entry points, maxWorkGroupSize in the metadata (artifact format 8).
// 7: NdRange kernels adding into one address with atomics merge their
//    work-groups, mergesWorkGroups in the metadata (artifact format 9).
// 8: strided array parameters (an element offset and strides after the
//    pointer and extents), each parameter's strided flag in the metadata
//    (artifact format 10).
inline constexpr unsigned kCompilerABIVersion = 8;

/// A constant's canonical spelling: "16", "True", "0.5", "2.0" (a float
/// always shows a '.', an exponent or inf/nan; 17 digits round-trip).
inline std::string canonicalConstant(const ConstantValue &c) {
  switch (c.kind) {
  case ConstantValue::Kind::Int:
    return toString(c.i);
  case ConstantValue::Kind::Bool:
    return c.b ? "True" : "False";
  case ConstantValue::Kind::Float: {
    char text[64];
    std::snprintf(text, sizeof(text), "%.17g", c.f);
    std::string s = text;
    if (s.find_first_of(".eEn") == std::string::npos)
      s += ".0";
    return s;
  }
  }
  return {};
}

/// "KERNEL:s=float32,x=Array[float32],reps=4" — the CLI form (types, then
/// constants, each sorted by name).
inline std::string formatSpecialization(const Specialization &spec) {
  std::string text = spec.kernel + ":";
  bool first = true;
  for (const auto &[name, type] : spec.types) {
    text += (first ? "" : ",") + name + "=" + type.str();
    first = false;
  }
  for (const auto &[name, value] : spec.constants) {
    text += (first ? "" : ",") + name + "=" + canonicalConstant(value);
    first = false;
  }
  return text;
}

/// kiln.version, kiln.compiler_abi, kiln.llvm, jit.target, jit.kernel
/// (empty: every kernel), one jit.signature per specialization and
/// jit.aligned16 (comma-separated) when any array is.
inline KernelBinaryProperties
artifactProperties(TargetKind target, const std::string &kernel,
                   const std::vector<Specialization> &specializations,
                   const std::set<std::string> &aligned16 = {}) {
  KernelBinaryProperties properties = {
      {"kiln.version", kilnVersion()},
      {"kiln.compiler_abi", std::to_string(kCompilerABIVersion)},
      {"kiln.llvm", LLVM_VERSION_STRING},
      {"jit.target", targetKindName(target).str()},
      {"jit.kernel", kernel}};
  for (const Specialization &spec : specializations)
    properties.push_back({"jit.signature", formatSpecialization(spec)});
  std::string aligned;
  for (const std::string &name : aligned16)
    aligned += (aligned.empty() ? "" : ",") + name;
  if (!aligned.empty())
    properties.push_back({"jit.aligned16", aligned});
  return properties;
}

} // namespace kiln

#endif // KILN_COMPILER_JIT_ARTIFACTPROPERTIES_H
