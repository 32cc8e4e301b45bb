//===- SpecializationTest.cpp - Generic and Constant[T] kernels -----------===//
#include "compiler/Frontend/Frontend.h"
#include "compiler/MLIRGen/MLIRGen.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace kiln;

namespace {
/// Compiles `source` with `specs`; returns the kiln module as text, or
/// the diagnostics prefixed with "ERROR\n".
std::string compile(llvm::StringRef source,
                    const std::vector<Specialization> &specs) {
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  DiagnosticEngine diags(diagStream);
  std::unique_ptr<ast::Module> ast =
      parseAndCheck(source, "spec.py", diags, specs);
  if (!ast)
    return "ERROR\n" + diagText;
  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module = mlirGen(context, *ast, "spec.py");
  if (!module)
    return "ERROR\nmlirGen failed";
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  return text;
}

/// The type `text` spells; a test failure if it spells none.
Type specType(llvm::StringRef text) {
  std::string why;
  std::optional<Type> type = parseTypeString(text, why);
  if (!type)
    ADD_FAILURE() << why;
  return type.value_or(Type::invalid());
}

bool contains(const std::string &s, llvm::StringRef part) {
  return s.find(part.str()) != std::string::npos;
}

const char *kGeneric = R"(
@kernel
def k(item: Item, a, n, t: Constant[int32]):
    p = private_array(t, float32)
    for i in range(t):
        p[i] = a[i] * n
    a[0] = p[t - 1]

@kernel
def other(item: Item, x):
    pass

@kernel
def plain(item: Item, a: Array[float32]):
    a[0] = 1.0
)";

TEST(Specialization, TypesAndConstants) {
  Specialization s;
  s.kernel = "k";
  s.types["a"] = specType("Array[float32]");
  s.types["n"] = specType("np.float32");
  s.constants["t"] = ConstantValue::ofInt(4);
  std::string out = compile(kGeneric, {s});
  ASSERT_FALSE(contains(out, "ERROR")) << out;
  // The Constant parameter is not an argument; it is folded and recorded.
  EXPECT_TRUE(contains(out, "kiln.kernel @k(%arg0: !kiln.item {kiln.name = "
                            "\"item\"}, %arg1: !kiln.array<f32, 1> "
                            "{kiln.dtype = #kiln.dtype<float32>, kiln.name = "
                            "\"a\"}, %arg2: f32 {kiln.dtype = "
                            "#kiln.dtype<float32>, kiln.name = \"n\"}) "
                            "attributes {kiln.constants = {t = 4 : i32}}"))
      << out;
  EXPECT_TRUE(contains(out, "kiln.private_alloc [4]")) << out;
  // Kernels without generic parameters are always compiled; other generic
  // kernels are left out when specializations are given.
  EXPECT_TRUE(contains(out, "kiln.kernel @plain(")) << out;
  EXPECT_FALSE(contains(out, "@other")) << out;
}

TEST(Specialization, GenericWithoutSpecializationIsAnError) {
  std::string out = compile(kGeneric, {});
  EXPECT_TRUE(contains(out, "spec.py:3:19: error: kernel 'k' has the generic "
                            "parameter 'a' and must be specialized"))
      << out;
  EXPECT_TRUE(contains(out, "spec.py:10:23: error: kernel 'other' has the "
                            "generic parameter 'x'"))
      << out;
}

TEST(Specialization, Errors) {
  Specialization s;
  s.kernel = "k";
  // A launch argument can be of any rank; the type checker refuses it.
  s.types["a"] = Type::array(DType::Float32, 4);
  s.types["n"] = Type::group();
  s.types["zz"] = specType("int32");
  s.constants["t"] = ConstantValue::ofInt(1 << 20);
  Specialization missing;
  missing.kernel = "nope";
  std::string out = compile(kGeneric, {s, missing});
  EXPECT_TRUE(contains(out, "spec.py: error: cannot specialize 'nope': the "
                            "module has no kernel of that name"))
      << out;
  EXPECT_TRUE(contains(out, "parameter 'a': the rank in 'Array[float32, 4]' "
                            "must be 1, 2 or 3"))
      << out;
  EXPECT_TRUE(contains(out, "parameter 'n': a parameter cannot have the type "
                            "'Group'"))
      << out;
  EXPECT_TRUE(contains(out, "specialization of kernel 'k' names 'zz', which "
                            "is not a parameter"))
      << out;
  Specialization narrow;
  narrow.kernel = "k";
  narrow.types["a"] = specType("Array[float32]");
  narrow.types["n"] = specType("float32");
  narrow.constants["t"] = ConstantValue::ofFloat(2.5);
  out = compile(kGeneric, {narrow});
  EXPECT_TRUE(contains(out, "spec.py:3:25: error: specialization of kernel "
                            "'k': Constant parameter 't': a float value "
                            "cannot be converted implicitly to 'int32'"))
      << out;
}

TEST(Specialization, IncompleteSpecializationIsAnError) {
  Specialization s;
  s.kernel = "k";
  s.types["a"] = specType("Array[float32]");
  std::string out = compile(kGeneric, {s});
  EXPECT_TRUE(contains(out, "spec.py:3:22: error: specialization of kernel "
                            "'k' gives no type for the generic parameter 'n'"))
      << out;
}

TEST(Specialization, AnnotatedParameterMustAgree) {
  Specialization s;
  s.kernel = "plain";
  s.types["a"] = specType("Array[float64]");
  std::string out = compile(kGeneric, {s});
  EXPECT_TRUE(contains(out, "specialization of kernel 'plain' gives parameter "
                            "'a' the type 'Array[float64, 1]', but it is "
                            "annotated 'Array[float32, 1]'"))
      << out;
}

TEST(Specialization, LocalAccessorAndNdItem) {
  const char *src = R"(
@kernel
def k(it, tile, out: Array[int32]):
    tile[it.get_local_id(0)] = out[0]
)";
  Specialization s;
  s.kernel = "k";
  s.types["it"] = specType("NdItem");
  s.types["tile"] = specType("LocalAccessor[int32]");
  std::string out = compile(src, {s});
  ASSERT_FALSE(contains(out, "ERROR")) << out;
  EXPECT_TRUE(contains(out, "%arg1: !kiln.array<i32, 1, local> {kiln.dtype = "
                            "#kiln.dtype<int32>, kiln.local_accessor"))
      << out;
}

TEST(Specialization, ParseCommandLineForm) {
  std::string error;
  std::optional<Specialization> s =
      parseSpecialization("k: a=Array[float32, 2], n=float32, t=16, f=2.5, "
                          "b=True, u=18446744073709551615",
                          error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->kernel, "k");
  EXPECT_EQ(s->types["a"], Type::array(DType::Float32, 2));
  EXPECT_EQ(s->types["n"], Type::float32());
  EXPECT_EQ(s->constants["t"].kind, ConstantValue::Kind::Int);
  EXPECT_EQ(s->constants["t"].i, 16);
  EXPECT_EQ(s->constants["f"].kind, ConstantValue::Kind::Float);
  EXPECT_EQ(s->constants["f"].f, 2.5);
  EXPECT_EQ(s->constants["b"].kind, ConstantValue::Kind::Bool);
  // One integer kind holds every integer type's values, uint64's too.
  EXPECT_EQ(s->constants["u"].kind, ConstantValue::Kind::Int);
  EXPECT_EQ(s->constants["u"].i, IntValue(UINT64_MAX));
  EXPECT_FALSE(parseSpecialization(":a=1", error));
  EXPECT_FALSE(parseSpecialization("k:a", error));
  // Types are parsed here, with the parameter named.
  EXPECT_FALSE(parseSpecialization("k:n=float128", error));
  EXPECT_EQ(error, "parameter 'n': unknown type 'float128'");
  EXPECT_FALSE(parseSpecialization("k:a=Array[float32, 4]", error));
  EXPECT_EQ(error, "parameter 'a': the rank in 'Array[float32, 4]' must be 1, "
                   "2 or 3");
}
} // namespace
