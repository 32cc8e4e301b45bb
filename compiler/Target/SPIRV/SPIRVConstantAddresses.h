//===- SPIRVConstantAddresses.h - Global addresses as instructions -*- C++
//-*-===//
//
// LLVM 22's SPIR-V back end miscompiles an address that is a constant
// expression over a global variable, such as
// `getelementptr inbounds (i8, ptr addrspace(3) @local, i64 8)`, when a
// memory access outside the entry block uses it: its regularizer turns the
// expression into an instruction in the entry block, CodeGenPrepare (-O1
// and above) sinks that address back next to the access as a constant
// expression, and the back end's pointer-type deduction then types the
// expression by the access (`i64*`) while keeping the byte offset as the
// element index: `OpInBoundsPtrAccessChain %_ptr_Workgroup_ulong %g 8`,
// i.e. byte 64 instead of byte 8. Element 1 of a `local_array` of int64
// was read and written at element 8, outside the array (wrong results,
// other local memory overwritten).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_COMPILER_TARGET_SPIRV_SPIRVCONSTANTADDRESSES_H
#define KILN_COMPILER_TARGET_SPIRV_SPIRVCONSTANTADDRESSES_H

#include "llvm/IR/Module.h"

namespace kiln {

/// Replaces every constant expression over a global variable that an
/// instruction uses by equivalent instructions placed right before that
/// instruction (before the incoming block's terminator for a phi), so that
/// the address is computed in the accessing block and CodeGenPrepare has
/// nothing to sink. Returns whether the module changed.
bool materializeGlobalAddresses(llvm::Module &module);

} // namespace kiln

#endif // KILN_COMPILER_TARGET_SPIRV_SPIRVCONSTANTADDRESSES_H
