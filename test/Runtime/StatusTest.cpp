//===- StatusTest.cpp - Status, StatusOr and dtype helpers --------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Status.h"

namespace kiln {
namespace {

TEST(Status, DefaultIsOk) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.message(), "");
  EXPECT_EQ(s.toString(), "OK");
}

TEST(Status, CarriesCodeAndMessage) {
  Status s = invalidArgument("bad x");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.toString(), "INVALID_ARGUMENT: bad x");
  EXPECT_EQ(s.withContext("loading").message(), "loading: bad x");
}

TEST(StatusOr, HoldsValueOrError) {
  StatusOr<int> value = 7;
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(*value, 7);
  StatusOr<int> error = notFound("no such thing");
  EXPECT_FALSE(error.ok());
  EXPECT_EQ(error.message(), "no such thing");
  EXPECT_EQ(error.status().code(), StatusCode::NotFound);
}

TEST(StatusOr, OkStatusBecomesInternalError) {
  StatusOr<int> bogus = Status();
  EXPECT_FALSE(bogus.ok());
  EXPECT_EQ(bogus.status().code(), StatusCode::Internal);
}

TEST(DType, SizesAndNamesRoundTrip) {
  const std::pair<DType, size_t> all[] = {
      {DType::Bool, 1},      {DType::Int8, 1},       {DType::Int16, 2},
      {DType::Int32, 4},     {DType::Int64, 8},      {DType::UInt8, 1},
      {DType::UInt16, 2},    {DType::UInt32, 4},     {DType::UInt64, 8},
      {DType::Float16, 2},   {DType::Float32, 4},    {DType::Float64, 8},
      {DType::Complex64, 8}, {DType::Complex128, 16}};
  for (auto [type, size] : all) {
    EXPECT_EQ(dtypeSize(type), size) << dtypeName(type);
    EXPECT_EQ(parseDType(dtypeName(type)), type) << dtypeName(type);
  }
  EXPECT_STREQ(dtypeName(DType::Float32), "float32");
  EXPECT_STREQ(dtypeName(DType::Complex128), "complex128");
  // Complex numbers are aligned like their parts (NumPy's layout).
  EXPECT_EQ(dtypeAlignment(DType::Complex64), 4u);
  EXPECT_EQ(dtypeAlignment(DType::Complex128), 8u);
  EXPECT_EQ(dtypeAlignment(DType::Int16), 2u);
  EXPECT_EQ(parseDType("complex32"), std::nullopt);
}

} // namespace
} // namespace kiln
