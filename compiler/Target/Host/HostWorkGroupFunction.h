//===- HostWorkGroupFunction.h - Work-items as loops ------------*- C++ -*-===//
//
// The host back end's first step, on LLVM IR before -O: every kernel entry
// point (marked kiln-host-kernel by HostTargetInfo) becomes the
// work-group function of kiln/runtime/HostKernelABI.h. The function loads
// the native arguments from `args`, reads the work-group from `group`,
// loops over the local ids (axis 2 outermost, axis 0 innermost) and runs
// the entry point in the loop body; the entry point, the kernel body and
// the device functions are inlined into it, and the work-item query
// placeholders become the loops' induction variables and the group's
// fields. The entry point keeps its name for the work-group function, so
// the runtime finds kernel `k` as the symbol `k`.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_HOST_HOSTWORKGROUPFUNCTION_H
#define KILN_COMPILER_TARGET_HOST_HOSTWORKGROUPFUNCTION_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace kiln {

/// Builds the work-group function of every marked entry point of
/// `module`; an error names what could not be placed in one (a recursive
/// device function, a work-item query outside a kernel, a barrier).
llvm::Error buildHostWorkGroupFunctions(llvm::Module &module);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_HOST_HOSTWORKGROUPFUNCTION_H
