//===- JitArgumentsTest.cpp - Specialization from argument descriptors ----===//
//
// CompileRequest::arguments: the compiler derives the specialization and
// the aligned arrays from typed descriptors of the launch arguments, reads
// the kernel's parameters once per source, and names the parameter of a
// missing or unusable argument.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

namespace kiln::test {
namespace {

/// x generic, y annotated, n Constant[int32].
const char *const kSource = "@kernel\n"
                            "def scale(item: Item, x, y: Array[float32],\n"
                            "          n: Constant[int32]):\n"
                            "    i = item.get_id(0)\n"
                            "    y[i] = x[i] * n\n";

ArgumentDescriptor array(const std::string &name, DType dtype,
                         unsigned alignment = 0) {
  ArgumentDescriptor d;
  d.name = name;
  d.kind = ArgumentDescriptor::Kind::Array;
  d.dtype = dtype;
  d.alignment = alignment;
  return d;
}

ArgumentDescriptor int32Value(const std::string &name, int64_t value) {
  ArgumentDescriptor d;
  d.name = name;
  d.dtype = DType::Int32;
  d.value = ConstantValue::ofInt(value);
  return d;
}

CompileRequest scaleFor(std::vector<ArgumentDescriptor> arguments) {
  CompileRequest request;
  request.source = kSource;
  request.filename = "scale.py";
  request.kernel = "scale";
  request.arguments = std::move(arguments);
  return request;
}

/// The CompileError of a failed compile (kind Source when it is none).
CompileError errorOf(llvm::Error error) {
  CompileError found(CompileErrorKind::Source, "not a CompileError");
  llvm::handleAllErrors(
      std::move(error), [&](const CompileError &e) { found = e; },
      [&](const llvm::ErrorInfoBase &e) { found.summary = e.message(); });
  return found;
}

class JitArgumentsTest : public JitTest {};

TEST_F(JitArgumentsTest, TypesAndConstantsComeFromTheArguments) {
  auto jit = newJit();
  ASSERT_EXPECTED(kernel, jit->compile(scaleFor({array("x", DType::Float64),
                                                 array("y", DType::Float32),
                                                 int32Value("n", 3)})));
  EXPECT_EQ(kernel.origin, CacheOrigin::Compiled);
  EXPECT_EQ(kernel.specialization.types.at("x").str(), "Array[float64, 1]");
  EXPECT_EQ(kernel.specialization.types.count("y"), 0u) << "annotated";
  ASSERT_EQ(kernel.specialization.constants.count("n"), 1u);
  EXPECT_EQ(kernel.specialization.constants.at("n").i, 3);
  // n is compiled in: the kernel takes x and y.
  ASSERT_EQ(kernel.binary->kernels.size(), 1u);
  const std::vector<KernelParam> &params = kernel.binary->kernels[0].params;
  ASSERT_EQ(params.size(), 2u);
  EXPECT_EQ(params[0].dtype, DType::Float64);
  EXPECT_EQ(params[1].dtype, DType::Float32);
}

TEST_F(JitArgumentsTest, RepeatsHitAndChangesNameTheParameter) {
  auto jit = newJit();
  auto request = [](DType x, int64_t n) {
    return scaleFor(
        {array("x", x), array("y", DType::Float32), int32Value("n", n)});
  };
  ASSERT_EXPECTED(first, jit->compile(request(DType::Float32, 2)));
  ASSERT_EXPECTED(again, jit->compile(request(DType::Float32, 2)));
  ASSERT_EXPECTED(wider, jit->compile(request(DType::Float64, 2)));
  ASSERT_EXPECTED(other, jit->compile(request(DType::Float64, 5)));
  EXPECT_EQ(again.origin, CacheOrigin::Memory);
  EXPECT_EQ(again.key, first.key);
  EXPECT_EQ(wider.origin, CacheOrigin::Compiled);
  EXPECT_TRUE(hasReason(wider, "specialization",
                        "parameter 'x': Array[float32,1] -> Array[float64,1]"))
      << reasonsText(wider);
  EXPECT_TRUE(hasReason(other, "constant", "constant 'n': 2 -> 5"))
      << reasonsText(other);
  EXPECT_EQ(jit->stats().compiles, 3u);
}

TEST_F(JitArgumentsTest, ANewProcessFindsTheBinaryOnDiskAndTheLastKey) {
  std::string firstKey;
  {
    auto jit = newJit();
    ASSERT_EXPECTED(kernel, jit->compile(scaleFor({array("x", DType::Float32),
                                                   array("y", DType::Float32),
                                                   int32Value("n", 2)})));
    firstKey = kernel.key;
  }
  auto jit = newJit();
  ASSERT_EXPECTED(same, jit->compile(scaleFor({array("x", DType::Float32),
                                               array("y", DType::Float32),
                                               int32Value("n", 2)})));
  EXPECT_EQ(same.origin, CacheOrigin::Disk);
  EXPECT_EQ(same.key, firstKey);
  EXPECT_TRUE(same.recompileReasons.empty()) << reasonsText(same);
  EXPECT_EQ(jit->stats().compiles, 0u);
  ASSERT_EXPECTED(int8, jit->compile(scaleFor({array("x", DType::Int8),
                                               array("y", DType::Float32),
                                               int32Value("n", 2)})));
  EXPECT_TRUE(hasReason(int8, "specialization", "parameter 'x'"))
      << reasonsText(int8);
  // A third process compares with the int8 request.
  auto third = newJit();
  ASSERT_EXPECTED(back, third->compile(scaleFor({array("x", DType::Float32),
                                                 array("y", DType::Float32),
                                                 int32Value("n", 2)})));
  EXPECT_EQ(back.origin, CacheOrigin::Disk);
  EXPECT_TRUE(
      hasReason(back, "specialization", "Array[int8,1] -> Array[float32,1]"))
      << reasonsText(back);
}

TEST_F(JitArgumentsTest, PositionalArgumentsFollowTheParameters) {
  auto jit = newJit();
  ASSERT_EXPECTED(named, jit->compile(scaleFor({int32Value("n", 4),
                                                array("y", DType::Float32),
                                                array("x", DType::Float64)})));
  std::vector<ArgumentDescriptor> positional = {
      array("", DType::Float64), array("", DType::Float32), int32Value("", 4)};
  ASSERT_EXPECTED(byPosition, jit->compile(scaleFor(positional)));
  EXPECT_EQ(byPosition.key, named.key);
  EXPECT_EQ(byPosition.origin, CacheOrigin::Memory);
}

TEST_F(JitArgumentsTest, AlignedArraysAreMarked) {
  auto jit = newJit();
  ASSERT_EXPECTED(kernel, jit->compile(scaleFor({array("x", DType::Float32, 16),
                                                 array("y", DType::Float32, 64),
                                                 int32Value("n", 2)})));
  EXPECT_EQ(kernel.aligned16, (std::vector<std::string>{"x", "y"}));
  ASSERT_EXPECTED(
      unaligned,
      jit->compile(scaleFor({array("x", DType::Float32, 8),
                             array("y", DType::Float32), int32Value("n", 2)})));
  EXPECT_TRUE(unaligned.aligned16.empty());
  EXPECT_TRUE(hasReason(unaligned, "alignment", "16-byte alignment of 'x'"))
      << reasonsText(unaligned);
}

TEST_F(JitArgumentsTest, BadArgumentsNameTheParameter) {
  // The first request learns the parameters while compiling; the later
  // ones resolve without parsing: both report the same errors.
  for (int round = 0; round < 2; ++round) {
    auto jit = newJit();
    if (round == 1) {
      ASSERT_TRUE(static_cast<bool>(jit->compile(
          scaleFor({array("x", DType::Float32), array("y", DType::Float32),
                    int32Value("n", 2)}))));
    }
    CompileError missing = errorOf(
        jit->compile(scaleFor({array("y", DType::Float32), int32Value("n", 2)}))
            .takeError());
    EXPECT_EQ(missing.kind, CompileErrorKind::Arguments);
    EXPECT_EQ(missing.problem, ArgumentProblem::Missing);
    EXPECT_EQ(missing.parameter, "x");
    EXPECT_EQ(missing.text(),
              "missing argument 'x': the kernel is specialized from it");

    ArgumentDescriptor untyped = array("x", DType::Float32);
    untyped.dtype.reset();
    untyped.spelling = "zeros:4";
    CompileError noType = errorOf(
        jit->compile(scaleFor({untyped, int32Value("n", 2)})).takeError());
    EXPECT_EQ(noType.problem, ArgumentProblem::Untyped);
    EXPECT_EQ(noType.text(), "argument 'x': a generic parameter takes its "
                             "dtype from its argument; zeros:4 has none");

    CompileError notScalar =
        errorOf(jit->compile(scaleFor({array("x", DType::Float32),
                                       array("n", DType::Int32)}))
                    .takeError());
    EXPECT_EQ(notScalar.problem, ArgumentProblem::NotScalar);
    EXPECT_EQ(notScalar.parameter, "n");

    ArgumentDescriptor noValue = int32Value("n", 0);
    noValue.value.reset();
    noValue.spelling = "abc";
    CompileError valueless =
        errorOf(jit->compile(scaleFor({array("x", DType::Float32), noValue}))
                    .takeError());
    EXPECT_EQ(valueless.problem, ArgumentProblem::NoConstantValue);
    EXPECT_EQ(valueless.text(), "argument 'n': Constant parameter needs a "
                                "number or true/false, not 'abc'");
  }
}

TEST_F(JitArgumentsTest, AnUnknownKernelIsNotFound) {
  auto jit = newJit();
  CompileRequest request = scaleFor({});
  request.kernel = "scal";
  CompileError error = errorOf(jit->compile(request).takeError());
  EXPECT_EQ(error.kind, CompileErrorKind::KernelNotFound);
  EXPECT_NE(error.text().find("no kernel named 'scal' (available: scale)"),
            std::string::npos)
      << error.text();
}

TEST_F(JitArgumentsTest, ArgumentsAndASpecializationAreExclusive) {
  auto jit = newJit();
  CompileRequest request = scaleFor({array("x", DType::Float32)});
  request.specialization.types["x"] = specType("Array[float32]");
  llvm::Expected<CompiledKernel> result = jit->compile(request);
  ASSERT_FALSE(static_cast<bool>(result));
  EXPECT_EQ(llvm::toString(result.takeError()),
            "a request gives either arguments or a specialization, not both");
}

TEST_F(JitArgumentsTest, KilnMLIRTakesAlignmentFromTheArguments) {
  auto jit = newJit();
  CompileRequest request;
  request.filename = "copy.mlir";
  request.kernel = "copy";
  request.source =
      "kiln.kernel @copy(%item: !kiln.item, %a: !kiln.array<f32, 1> "
      "{kiln.name = \"a\"}) {\n  kiln.return\n}\n";
  request.arguments = {array("", DType::Float32, 16)};
  ASSERT_EXPECTED(kernel, jit->compile(request));
  EXPECT_EQ(kernel.aligned16, (std::vector<std::string>{"a"}));
  EXPECT_TRUE(kernel.specialization.types.empty());
}

TEST_F(JitArgumentsTest, TheCompilerBuildIsKeyed) {
  auto jit = newJit();
  ASSERT_EXPECTED(key, jit->computeKey(saxpyRequest()));
  std::string build;
  for (const KeyComponent &c : key.components())
    if (c.name == "compiler build")
      build = c.value;
  EXPECT_NE(build.find(" bytes, modified "), std::string::npos) << build;
}

} // namespace
} // namespace kiln::test
