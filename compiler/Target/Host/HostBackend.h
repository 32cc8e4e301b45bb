//===- HostBackend.h - The host CPU back end --------------------*- C++ -*-===//
//
// The host target (docs/cpu-backend.md): HostTargetInfo, the work-group
// functions (HostWorkGroupFunction.h), the X86 (or AArch64) TargetMachine
// emitting a PIC object, and LLVM's linker (`ld.lld-22`, Debian's lld-22)
// turning it into the ELF shared object the host driver loads
// (BinaryFormat::HostELF).
//
// Its `arch`: "native" (the default: the running machine's triple, CPU
// and CPU features), a CPU name LLVM knows for the running machine's
// architecture ("x86-64-v3", "skylake-avx512"), or "ARCH:CPU" for another
// architecture ("aarch64:cortex-a72", "aarch64:generic"; x86_64 and
// aarch64 are known).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_HOST_HOSTBACKEND_H
#define KILN_COMPILER_TARGET_HOST_HOSTBACKEND_H

#include "compiler/Target/TargetBackend.h"

#include <string>

namespace kiln {

const TargetBackend &getHostBackend();

/// What a host `arch` selects.
struct HostMachine {
  std::string triple;
  std::string cpu;
  std::string features; ///< "+avx2,+fma,..." for native; else empty.
};

/// Resolves a host `arch` (HostBackend.h); an error names it and what is
/// accepted.
llvm::Expected<HostMachine> resolveHostArch(llvm::StringRef arch);

/// The assembly the host back end emits for `module` (optimised LLVM IR
/// of the host target): `kilnc --target host --emit=asm`.
llvm::Expected<std::string>
emitHostAssembly(llvm::Module &module, llvm::StringRef arch, unsigned optLevel);

/// Links `object` (an ELF relocatable object) into a shared object with
/// LLVM's linker: $KILN_LLD, else ld.lld-22 on PATH, else
/// /usr/lib/llvm-22/bin/ld.lld, else ld.lld.
llvm::Expected<std::vector<uint8_t>>
linkHostSharedObject(llvm::StringRef object);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_HOST_HOSTBACKEND_H
