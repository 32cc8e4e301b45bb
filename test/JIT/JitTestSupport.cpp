//===- JitTestSupport.cpp - Shared pieces of the JIT tests ----------------===//
#include "JitTestSupport.h"

#include "llvm/Support/FileSystem.h"

#include <cstdlib>
#include <fstream>

namespace kiln::test {

const char *const kSaxpySource = R"(
@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]
)";

const char *const kGenericSource = R"(
@kernel
def scale(item: Item, x, s, reps: Constant[int32]):
    i = item.get_id(0)
    for r in range(reps):
        x[i] = twice(float32(x[i] * s))

@kernel
def fill(item: Item, y: Array[float32]):
    y[item.get_id(0)] = 1.0

@kernel
def extent(item: Item, a, out: Array[int64]):
    out[0] = a.size + a.ndim

@device_func(extern=True)
def twice(v: float32) -> float32:
    ...
)";

const char *const kTwiceLibrary = R"(
define float @twice(float %v) {
  %r = fmul float %v, 2.0
  ret float %r
}
)";

CompileRequest saxpyRequest(TargetKind target) {
  CompileRequest request;
  request.source = kSaxpySource;
  request.filename = "saxpy.py";
  request.kernel = "saxpy";
  request.target = target;
  return request;
}

Type specType(llvm::StringRef text) {
  std::string why;
  std::optional<Type> type = parseTypeString(text, why);
  if (!type)
    ADD_FAILURE() << why;
  return type.value_or(Type::invalid());
}

CompileRequest scaleRequest(const std::string &xType, const std::string &sType,
                            int64_t reps) {
  CompileRequest request;
  request.source = kGenericSource;
  request.filename = "scale.py";
  request.kernel = "scale";
  request.specialization.types["x"] = specType(xType);
  request.specialization.types["s"] = specType(sType);
  request.specialization.constants["reps"] = ConstantValue::ofInt(reps);
  return request;
}

TempDir::TempDir() {
  llvm::SmallString<128> path;
  std::error_code ec =
      llvm::sys::fs::createUniqueDirectory("kiln-jit-test", path);
  EXPECT_FALSE(ec) << ec.message();
  path_ = std::string(path);
}

TempDir::~TempDir() { llvm::sys::fs::remove_directories(path_); }

bool writeText(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

std::unique_ptr<JitCompiler> JitTest::newJit(JitOptions options) {
  if (options.cacheDirectory.empty())
    options.cacheDirectory = cacheDir();
  if (!options.memoryCache)
    options.memoryCache = true;
  if (!options.diskCache)
    options.diskCache = true;
  options.log = &logStream;
  if (!options.verbose)
    options.verbose = false;
  return JitCompiler::create(options);
}

bool hasReason(const CompiledKernel &kernel, const std::string &category,
               const std::string &part) {
  for (const RecompileReason &r : kernel.recompileReasons)
    if (r.category == category && r.detail.find(part) != std::string::npos)
      return true;
  return false;
}

std::string reasonsText(const CompiledKernel &kernel) {
  std::string text = describeReasons(kernel.recompileReasons);
  return text.empty() ? "(no reasons)" : text;
}

} // namespace kiln::test
