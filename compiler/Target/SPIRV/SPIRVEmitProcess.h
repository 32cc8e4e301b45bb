//===- SPIRVEmitProcess.h - SPIR-V code generation in a child ---*- C++ -*-===//
//
// LLVM 22's SPIR-V back end keeps module state in process-wide objects
// (SPIRVModuleAnalysis::MAI) and never clears part of it: the label ids of
// basic blocks stay keyed by (MachineFunction address, block number). In a
// process that compiles many modules (the JIT, the tests) a later
// MachineFunction allocated where an earlier one lived gets the earlier
// module's label ids: one id defined twice, an invalid module (llvm-spirv:
// "Id used twice"), depending on the heap.
//
// So Kiln runs the back end in a forked child: it inherits the optimized
// module and a parent whose SPIR-V state was never touched, writes the
// binary to a pipe and exits. Every emission starts from the same state, so
// the output is the same as a fresh `kilnc`, and a crash or fatal error in
// the back end becomes an error of this compile instead of the process's.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVEMITPROCESS_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVEMITPROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>

namespace kiln {

/// Runs `emit` in a child process and returns what it returned: its bytes,
/// or its error's message. A child that crashes or exits without an answer
/// is an error naming the signal or exit status.
llvm::Expected<std::string>
emitInChildProcess(llvm::function_ref<llvm::Expected<std::string>()> emit);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVEMITPROCESS_H
