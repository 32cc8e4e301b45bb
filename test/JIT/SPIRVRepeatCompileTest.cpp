//===- SPIRVRepeatCompileTest.cpp - One process, many SPIR-V compiles -----===//
//
// A JIT lives long and compiles many modules in one process. LLVM 22's
// SPIR-V back end keeps module state in process-wide objects, so Kiln runs
// it in a child process (SPIRVEmitProcess.h); these tests compile the same
// kernels many times in one process and require the same SPIR-V every
// time. Without the child, a heap-dependent difference showed up within a
// few compiles, sometimes as an invalid module (one id defined twice,
// rejected by llvm-spirv as "Id used twice"). Debug compiles in between
// switch the back end's OpName option on in their child only.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include <gtest/gtest.h>

namespace kiln::test {
namespace {

// Loops (named preheader blocks), a barrier, local memory, 2-D arrays.
const char *const kLoopKernels = R"(
@kernel
def affine(item: Item, flag: bool, k: int8, x: Array[float32, 2], n: int64,
           out: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    v = x[i, j] * float32(k) + float32(n)
    if flag:
        v = -v
    out[i, j] = v

@kernel
def group_sum(it: NdItem, x: Array[float32], scratch: LocalAccessor[float32],
              out: Array[float32]):
    l = it.get_local_id(0)
    scratch[l] = x[it.get_global_id(0)]
    group_barrier(it.get_group())
    if l == 0:
        s = float32(0.0)
        for t in range(it.get_local_range(0)):
            s += scratch[t]
        out[it.get_group().get_group_id(0)] = s
)";

class SPIRVRepeatCompileTest : public JitTest,
                               public ::testing::WithParamInterface<bool> {};

TEST_P(SPIRVRepeatCompileTest, SameModuleEveryTime) {
  JitOptions options;
  options.memoryCache = false;
  options.diskCache = false;
  std::unique_ptr<JitCompiler> jit = newJit(options);
  CompileRequest request;
  request.source = kLoopKernels;
  request.filename = "loops.py";
  request.target = TargetKind::SPIRV;
  request.argumentBlockEntries = GetParam();
  std::vector<uint8_t> first;
  for (int i = 0; i < 60; ++i) {
    CompileRequest debug = request;
    debug.debug = true;
    if (i % 10 == 5) {
      ASSERT_TRUE(static_cast<bool>(jit->compile(debug)));
    }
    llvm::Expected<CompiledKernel> compiled = jit->compile(request);
    ASSERT_TRUE(static_cast<bool>(compiled))
        << llvm::toString(compiled.takeError());
    if (i == 0) {
      first = compiled->binary->data;
      continue;
    }
    ASSERT_EQ(compiled->binary->data, first) << "compile " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(ArgumentBlockEntries, SPIRVRepeatCompileTest,
                         ::testing::Bool());

} // namespace
} // namespace kiln::test
