//===- JitTestSupport.h - Shared pieces of the JIT tests --------*- C++ -*-===//
//
// Kernel sources, a temporary cache folder per test, and a fixture that
// creates JitCompilers on it with their log captured.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_JIT_JITTESTSUPPORT_H
#define KILN_TEST_JIT_JITTESTSUPPORT_H

#include "compiler/JIT/DiskCache.h"
#include "compiler/JIT/JitCompiler.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace kiln::test {

/// saxpy(item, a: float32, x: Array[float32], y: Array[float32]).
extern const char *const kSaxpySource;
/// Kernels `scale` (generic `x`, `s`, Constant[int32] `reps`), `fill`
/// (plain) and `extent` (generic `a` of any rank), plus `twice`, an
/// extern device function.
extern const char *const kGenericSource;
/// LLVM IR defining `float twice(float)` (x * 2), for kGenericSource.
extern const char *const kTwiceLibrary;

/// A request for saxpy to `target`.
CompileRequest saxpyRequest(TargetKind target = TargetKind::SPIRV);
/// The type `text` spells (parseTypeString); a test failure if it spells
/// none.
Type specType(llvm::StringRef text);
/// A request for `scale` specialized to x: `xType`, s: `sType`, reps.
CompileRequest scaleRequest(const std::string &xType, const std::string &sType,
                            int64_t reps);

/// A fresh folder (under $TMPDIR), removed with its contents at the end.
class TempDir {
public:
  TempDir();
  ~TempDir();
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

/// Writes `text` to `path`; false on failure.
bool writeText(const std::string &path, const std::string &text);

/// Every test gets an empty cache folder; `newJit` makes compilers on it
/// whose warnings and log lines go to `logText`.
class JitTest : public ::testing::Test {
protected:
  std::unique_ptr<JitCompiler> newJit(JitOptions options = {});
  std::string cacheDir() const { return dir.path() + "/cache"; }

  TempDir dir;
  std::string logText;
  llvm::raw_string_ostream logStream{logText};
};

/// True when some reason has `category` and a detail containing `part`.
bool hasReason(const CompiledKernel &kernel, const std::string &category,
               const std::string &part);
/// All reasons, for failure messages.
std::string reasonsText(const CompiledKernel &kernel);

} // namespace kiln::test

/// Unwraps an llvm::Expected into `lhs`, failing the test with the error.
#define ASSERT_EXPECTED(lhs, expr)                                             \
  auto lhs##OrError = (expr);                                                  \
  ASSERT_TRUE(static_cast<bool>(lhs##OrError))                                 \
      << llvm::toString(lhs##OrError.takeError());                             \
  auto lhs = std::move(*lhs##OrError)

#endif // KILN_TEST_JIT_JITTESTSUPPORT_H
