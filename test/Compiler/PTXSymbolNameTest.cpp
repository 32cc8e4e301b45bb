//===- PTXSymbolNameTest.cpp - PTX names of non-ASCII kernels -------------===//
//
// kiln::ptxSymbolName is the contract between the PTX serializer, which
// names entry points with it, and the CUDA driver, which looks kernels up
// by it from their metadata (user) names.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/KernelMetadata.h"

#include <gtest/gtest.h>

namespace {

TEST(PTXSymbolName, AsciiNamesAreUnchanged) {
  EXPECT_EQ(kiln::ptxSymbolName("saxpy_2d"), "saxpy_2d");
  EXPECT_EQ(kiln::ptxSymbolName("K__kiln_argblock"), "K__kiln_argblock");
}

TEST(PTXSymbolName, NonAsciiBytesAreEscaped) {
  EXPECT_EQ(kiln::ptxSymbolName("caf\xC3\xA9"), "caf$C3$A9");
  EXPECT_EQ(kiln::ptxSymbolName("\xCE\xB1"), "$CE$B1");
}

TEST(PTXSymbolName, DollarIsEscapedSoNamesCannotCollide) {
  // "a$41" (possible in .mlir input) must not become "aA"'s symbol.
  EXPECT_EQ(kiln::ptxSymbolName("a$41"), "a$2441");
  EXPECT_NE(kiln::ptxSymbolName("a$41"), kiln::ptxSymbolName("aA"));
  EXPECT_EQ(kiln::ptxSymbolName("k.v2"), "k$2Ev2");
}

} // namespace
