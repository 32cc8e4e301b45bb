//===- JitCacheKeyTest.cpp - Every key component: hit, miss, reason -------===//
//
// For each input of the cache key: the same request again is a memory
// hit; changing only that input is a fresh compile whose recompile reason
// names it; going back is a memory hit again.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include "llvm/Config/llvm-config.h"

#include <functional>

namespace kiln::test {
namespace {

class JitCacheKeyTest : public JitTest {
protected:
  void SetUp() override {
    ASSERT_TRUE(writeText(library(), kTwiceLibrary));
    jit = newJit({});
  }
  std::string library() const { return dir.path() + "/twice.ll"; }

  /// A `scale` request (generic, with library) as the base of most tests.
  CompileRequest base() {
    CompileRequest request = scaleRequest("Array[float32]", "float32", 2);
    request.bitcodeLibraries = {library()};
    return request;
  }

  /// base → changed (miss naming `category`/`part`) → base (memory hit).
  void expectMiss(const CompileRequest &first, const CompileRequest &changed,
                  const std::string &category, const std::string &part,
                  size_t reasons = 1) {
    ASSERT_EXPECTED(a, jit->compile(first));
    ASSERT_EXPECTED(again, jit->compile(first));
    EXPECT_EQ(again.origin, CacheOrigin::Memory);
    EXPECT_EQ(again.key, a.key);
    EXPECT_TRUE(again.recompileReasons.empty()) << reasonsText(again);
    ASSERT_EXPECTED(b, jit->compile(changed));
    EXPECT_EQ(b.origin, CacheOrigin::Compiled);
    EXPECT_NE(b.key, a.key);
    EXPECT_TRUE(hasReason(b, category, part))
        << "expected " << category << " '" << part << "', got "
        << reasonsText(b);
    EXPECT_EQ(b.recompileReasons.size(), reasons) << reasonsText(b);
    ASSERT_EXPECTED(back, jit->compile(first));
    EXPECT_EQ(back.origin, CacheOrigin::Memory);
    EXPECT_EQ(back.binary.get(), a.binary.get());
  }

  std::unique_ptr<JitCompiler> jit;
};

TEST_F(JitCacheKeyTest, SameRequestIsMemoryHitWithSameBinary) {
  ASSERT_EXPECTED(first, jit->compile(saxpyRequest()));
  EXPECT_EQ(first.origin, CacheOrigin::Compiled);
  EXPECT_EQ(first.key.size(), 64u);
  ASSERT_FALSE(first.binary->data.empty());
  ASSERT_EXPECTED(second, jit->compile(saxpyRequest()));
  EXPECT_EQ(second.origin, CacheOrigin::Memory);
  EXPECT_EQ(second.binary.get(), first.binary.get());
  EXPECT_EQ(jit->stats().compiles, 1u);
  EXPECT_EQ(jit->stats().memoryHits, 1u);
}

TEST_F(JitCacheKeyTest, SourceText) {
  CompileRequest changed = base();
  changed.source += "\n# a comment changes the text\n";
  expectMiss(base(), changed, "source", "source changed");
}

TEST_F(JitCacheKeyTest, Filename) {
  CompileRequest changed = base();
  changed.filename = "other.py";
  expectMiss(base(), changed, "source", "filename: scale.py -> other.py");
}

TEST_F(JitCacheKeyTest, KernelName) {
  CompileRequest fill = base();
  fill.kernel = "fill";
  fill.specialization = {};
  CompileRequest all = fill;
  all.kernel.clear(); // every kernel: needs scale specialized
  all.specialization = base().specialization;
  all.specialization.kernel = "scale";
  // Reasons are tracked per kernel name: "*" was never compiled before.
  ASSERT_EXPECTED(a, jit->compile(fill));
  ASSERT_EXPECTED(b, jit->compile(all));
  EXPECT_EQ(b.origin, CacheOrigin::Compiled);
  EXPECT_NE(a.key, b.key);
  EXPECT_EQ(b.binary->kernels.size(), 2u);
}

TEST_F(JitCacheKeyTest, SpecializationDtype) {
  CompileRequest changed = base();
  changed.specialization.types["x"] = specType("Array[float64]");
  expectMiss(base(), changed, "specialization",
             "parameter 'x': Array[float32,1] -> Array[float64,1]");
}

TEST_F(JitCacheKeyTest, SpecializationRank) {
  CompileRequest flat = base();
  flat.kernel = "extent";
  flat.specialization = {};
  flat.specialization.types["a"] = specType("Array[float32]");
  CompileRequest grid = flat;
  grid.specialization.types["a"] = specType("Array[float32, 2]");
  expectMiss(flat, grid, "specialization",
             "parameter 'a': Array[float32,1] -> Array[float32,2]");
}

TEST_F(JitCacheKeyTest, SpecializationScalarType) {
  CompileRequest changed = base();
  changed.specialization.types["s"] = specType("int32");
  expectMiss(base(), changed, "specialization",
             "parameter 's': float32 -> int32");
}

TEST_F(JitCacheKeyTest, SpellingOfTheSameTypeIsTheSameKey) {
  CompileRequest spaced = base();
  spaced.specialization.types["x"] = specType("Array[ float32 ]");
  ASSERT_EXPECTED(a, jit->compile(base()));
  ASSERT_EXPECTED(b, jit->compile(spaced));
  EXPECT_EQ(b.origin, CacheOrigin::Memory);
}

TEST_F(JitCacheKeyTest, ConstantValue) {
  CompileRequest changed = base();
  changed.specialization.constants["reps"] = ConstantValue::ofInt(3);
  expectMiss(base(), changed, "constant", "constant 'reps': 2 -> 3");
}

TEST_F(JitCacheKeyTest, Alignment) {
  CompileRequest changed = base();
  changed.aligned16 = {"x"};
  expectMiss(base(), changed, "alignment", "16-byte alignment of 'x' added");
}

TEST_F(JitCacheKeyTest, Target) {
  // The arch and libdevice come with PTX: three reasons.
  expectMiss(saxpyRequest(TargetKind::SPIRV), saxpyRequest(TargetKind::PTX),
             "target", "target: spirv -> ptx", 3);
}

TEST_F(JitCacheKeyTest, Arch) {
  CompileRequest sm80 = saxpyRequest(TargetKind::PTX);
  sm80.arch = "sm_80";
  expectMiss(saxpyRequest(TargetKind::PTX), sm80, "arch",
             "arch: sm_90 -> sm_80");
}

TEST_F(JitCacheKeyTest, UnknownArchIsRefusedByTheBackEnd) {
  // Checked (TargetBackend::checkOptions) before any key is made; SPIR-V
  // has no architecture and ignores the field.
  CompileRequest bad = saxpyRequest(TargetKind::PTX);
  bad.arch = "sm_1000";
  llvm::Expected<CompiledKernel> refused = jit->compile(bad);
  ASSERT_FALSE(bool(refused));
  EXPECT_EQ(llvm::toString(refused.takeError()),
            "unknown CUDA architecture 'sm_1000' (expected e.g. sm_80, "
            "sm_90, sm_90a)");
  CompileRequest spirv = saxpyRequest(TargetKind::SPIRV);
  spirv.arch = "sm_1000";
  ASSERT_EXPECTED(compiled, jit->compile(spirv));
  EXPECT_TRUE(compiled.binary->arch.empty());
}

TEST_F(JitCacheKeyTest, OptLevel) {
  CompileRequest o3 = base();
  o3.optLevel = 3;
  expectMiss(base(), o3, "options", "opt level: O2 -> O3");
}

TEST_F(JitCacheKeyTest, Debug) {
  CompileRequest debug = base();
  debug.debug = true;
  expectMiss(base(), debug, "options", "debug: off -> on");
}

TEST_F(JitCacheKeyTest, ElementwiseCoarsening) {
  // Auto (the default) adds nothing to the key; the other choices do.
  CompileRequest always = saxpyRequest(TargetKind::SPIRV);
  always.coarsenElementwise = ElementwiseCoarsening::Always;
  expectMiss(saxpyRequest(TargetKind::SPIRV), always, "options",
             "elementwise coarsening");
  CompileRequest never = saxpyRequest(TargetKind::PTX);
  never.coarsenElementwise = ElementwiseCoarsening::Never;
  expectMiss(saxpyRequest(TargetKind::PTX), never, "options",
             "elementwise coarsening");
  ASSERT_EXPECTED(key, jit->computeKey(saxpyRequest(TargetKind::PTX)));
  for (const KeyComponent &c : key.components())
    EXPECT_NE(c.name, "elementwise coarsening");
}

TEST_F(JitCacheKeyTest, WorkGroupMerging) {
  // Auto (the default) adds nothing to the key; the other choices do.
  CompileRequest always = saxpyRequest(TargetKind::SPIRV);
  always.mergeWorkGroups = WorkGroupMerging::Always;
  expectMiss(saxpyRequest(TargetKind::SPIRV), always, "options",
             "work-group merging");
  CompileRequest never = saxpyRequest(TargetKind::PTX);
  never.mergeWorkGroups = WorkGroupMerging::Never;
  expectMiss(saxpyRequest(TargetKind::PTX), never, "options",
             "work-group merging");
  ASSERT_EXPECTED(key, jit->computeKey(saxpyRequest(TargetKind::PTX)));
  for (const KeyComponent &c : key.components())
    EXPECT_NE(c.name, "work-group merging");
}

TEST_F(JitCacheKeyTest, LibraryContentNotJustPath) {
  ASSERT_EXPECTED(a, jit->compile(base()));
  // Same path, new content (and size, so the stat memo sees it).
  ASSERT_TRUE(writeText(library(), std::string(kTwiceLibrary) + "; v2\n"));
  ASSERT_EXPECTED(b, jit->compile(base()));
  EXPECT_EQ(b.origin, CacheOrigin::Compiled);
  EXPECT_TRUE(hasReason(b, "library", "twice.ll' changed")) << reasonsText(b);
}

TEST_F(JitCacheKeyTest, LibraryAdded) {
  CompileRequest plain = saxpyRequest();
  CompileRequest linked = plain;
  linked.bitcodeLibraries = {library()};
  expectMiss(plain, linked, "library", "twice.ll' added");
}

TEST_F(JitCacheKeyTest, ToolchainVersionsAreKeyed) {
  ASSERT_EXPECTED(key, jit->computeKey(saxpyRequest()));
  std::map<std::string, std::string> values;
  for (const KeyComponent &c : key.components())
    values[c.name] = c.value;
  EXPECT_EQ(values["llvm version"], LLVM_VERSION_STRING);
  EXPECT_NE(values["kiln version"].find("compiler ABI " +
                                        std::to_string(kCompilerABIVersion)),
            std::string::npos)
      << values["kiln version"];
  // A different toolchain is a different key, named as such.
  CacheKey other;
  for (const KeyComponent &c : key.components())
    other.add(c.category, c.name, c.name == "llvm version" ? "23.0.0" : c.value,
              c.isDigest);
  EXPECT_NE(toHex(other.digest()), toHex(key.digest()));
  std::vector<RecompileReason> reasons = diffKeys(key, other);
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_EQ(reasons[0].category, "toolchain");
}

TEST_F(JitCacheKeyTest, ReasonsAreLoggedWithKilnLogJit) {
  JitOptions verbose;
  verbose.verbose = true;
  auto loud = newJit(verbose);
  ASSERT_TRUE(static_cast<bool>(loud->compile(base())));
  CompileRequest changed = base();
  changed.specialization.constants["reps"] = ConstantValue::ofInt(5);
  ASSERT_TRUE(static_cast<bool>(loud->compile(changed)));
  logStream.flush();
  EXPECT_NE(logText.find("kiln-jit: 'scale'"), std::string::npos) << logText;
  EXPECT_NE(logText.find("changed: constant 'reps': 2 -> 5"), std::string::npos)
      << logText;
  EXPECT_EQ(loud->lastRecompileReasons("scale").size(), 1u);
}

TEST_F(JitCacheKeyTest, KilnLogEnvironmentTurnsLoggingOn) {
  ::setenv("KILN_LOG", "runtime,jit", 1);
  JitOptions fromEnvironment;
  fromEnvironment.cacheDirectory = cacheDir();
  fromEnvironment.log = &logStream;
  auto loud = JitCompiler::create(fromEnvironment);
  ::unsetenv("KILN_LOG");
  ASSERT_TRUE(static_cast<bool>(loud->compile(saxpyRequest())));
  logStream.flush();
  EXPECT_NE(logText.find("kiln-jit: 'saxpy'"), std::string::npos) << logText;
}

TEST_F(JitCacheKeyTest, CompileErrorsCarryDiagnostics) {
  CompileRequest bad = saxpyRequest();
  bad.source += "\n@kernel\ndef broken(item: Item):\n    z = undefined_name\n";
  auto result = jit->compile(bad);
  ASSERT_FALSE(static_cast<bool>(result));
  std::string message = llvm::toString(result.takeError());
  EXPECT_NE(message.find("saxpy.py:"), std::string::npos) << message;
  EXPECT_NE(message.find("undefined name 'undefined_name'"), std::string::npos)
      << message;
}

} // namespace
} // namespace kiln::test
