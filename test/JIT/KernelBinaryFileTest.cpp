//===- KernelBinaryFileTest.cpp - The artifact format, runtime only -------===//
//
// Every KernelBinary and KernelMetadata field survives a round trip; every
// kind of damage is a DataLoss naming it. Links only the runtime.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/KernelBinaryFile.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace kiln {
namespace {

KernelBinary everyField() {
  KernelBinary b;
  b.format = BinaryFormat::PTX;
  b.arch = "sm_90a";
  b.data = {0, 1, 2, 0xff, 'p', 't', 'x'};
  KernelMetadata k;
  k.name = "k";
  k.indexKind = IndexKind::NdItem;
  k.params = {{"a", ParamKind::Scalar, DType::BFloat16, 0},
              {"x", ParamKind::Array, DType::UInt64, 3},
              {"y", ParamKind::Array, DType::Int8, 1, ParamAccess::ReadOnly},
              {"v", ParamKind::Array, DType::Float32, 2, ParamAccess::Write,
               /*strided=*/true},
              {"t", ParamKind::LocalAccessor, DType::Float16, 2}};
  k.staticLocalMemBytes = 1ull << 40;
  k.debug = true;
  k.takesLaunchRank = true;
  k.coarsening = {1, 2, 16};
  k.mergesWorkGroups = true;
  k.maxWorkGroupSize = 256;
  k.debugNames = {"x", "k.py"};
  k.requiredFeatures = {"fp16", "sub_groups"};
  k.subGroupSize = 32;
  k.argumentBlockEntry = "k__kiln_argblock";
  KernelMetadata plain;
  plain.name = "plain";
  b.kernels = {k, plain};
  return b;
}

void expectSame(const KernelBinary &a, const KernelBinary &b) {
  EXPECT_EQ(a.format, b.format);
  EXPECT_EQ(a.arch, b.arch);
  EXPECT_EQ(a.data, b.data);
  ASSERT_EQ(a.kernels.size(), b.kernels.size());
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    const KernelMetadata &x = a.kernels[i], &y = b.kernels[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.indexKind, y.indexKind);
    ASSERT_EQ(x.params.size(), y.params.size());
    for (size_t j = 0; j < x.params.size(); ++j) {
      EXPECT_EQ(x.params[j].name, y.params[j].name);
      EXPECT_EQ(x.params[j].kind, y.params[j].kind);
      EXPECT_EQ(x.params[j].dtype, y.params[j].dtype);
      EXPECT_EQ(x.params[j].rank, y.params[j].rank);
      EXPECT_EQ(x.params[j].access, y.params[j].access);
      EXPECT_EQ(x.params[j].strided, y.params[j].strided);
    }
    EXPECT_EQ(x.staticLocalMemBytes, y.staticLocalMemBytes);
    EXPECT_EQ(x.debug, y.debug);
    EXPECT_EQ(x.takesLaunchRank, y.takesLaunchRank);
    EXPECT_EQ(x.coarsening, y.coarsening);
    EXPECT_EQ(x.mergesWorkGroups, y.mergesWorkGroups);
    EXPECT_EQ(x.maxWorkGroupSize, y.maxWorkGroupSize);
    EXPECT_EQ(x.debugNames, y.debugNames);
    EXPECT_EQ(x.requiredFeatures, y.requiredFeatures);
    EXPECT_EQ(x.subGroupSize, y.subGroupSize);
    EXPECT_EQ(x.argumentBlockEntry, y.argumentBlockEntry);
  }
}

std::string damageMessage(std::vector<uint8_t> bytes) {
  StatusOr<KernelArtifact> parsed =
      deserializeKernelArtifact(bytes.data(), bytes.size());
  EXPECT_FALSE(parsed.ok());
  if (parsed.ok())
    return "";
  EXPECT_EQ(parsed.status().code(), StatusCode::DataLoss);
  return parsed.message();
}

TEST(KernelBinaryFile, RoundTripsEveryField) {
  KernelBinaryProperties properties = {{"kiln.version", kilnVersion()},
                                       {"empty", ""}};
  std::vector<uint8_t> bytes = serializeKernelBinary(everyField(), properties);
  StatusOr<KernelArtifact> parsed =
      deserializeKernelArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(parsed.ok()) << parsed.status().toString();
  expectSame(parsed->binary, everyField());
  EXPECT_EQ(parsed->properties, properties);
  EXPECT_EQ(parsed->property("kiln.version"), kilnVersion());
  EXPECT_EQ(parsed->property("missing"), "");
}

TEST(KernelBinaryFile, LayoutIsLittleEndianAndVersioned) {
  std::vector<uint8_t> bytes = serializeKernelBinary(KernelBinary{});
  ASSERT_GE(bytes.size(), 24u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 7), "KILNBIN");
  EXPECT_EQ(bytes[8], kKernelBinaryFileVersion);
  EXPECT_EQ(bytes[9] | bytes[10] | bytes[11], 0);
  // body: format, empty arch, empty code, no kernels, no properties.
  EXPECT_EQ(bytes[16], 1 + 4 + 8 + 4 + 4);
  EXPECT_EQ(bytes[24], static_cast<uint8_t>(BinaryFormat::SPIRV));
}

TEST(KernelBinaryFile, DamageIsDetected) {
  std::vector<uint8_t> good = serializeKernelBinary(everyField());
  std::vector<uint8_t> flipped = good;
  flipped[good.size() / 2] ^= 4;
  EXPECT_NE(damageMessage(flipped).find("checksum mismatch"),
            std::string::npos);
  std::vector<uint8_t> truncated(good.begin(), good.end() - 3);
  EXPECT_NE(damageMessage(truncated).find("truncated"), std::string::npos);
  std::vector<uint8_t> magic = good;
  magic[0] = 'X';
  EXPECT_NE(damageMessage(magic).find("bad magic"), std::string::npos);
  std::vector<uint8_t> version = good;
  version[8] = kKernelBinaryFileVersion + 1;
  EXPECT_NE(damageMessage(version).find(
                "version " + std::to_string(kKernelBinaryFileVersion + 1) +
                " is not supported"),
            std::string::npos);
  EXPECT_NE(damageMessage({'K', 'I'}).find("shorter than the header"),
            std::string::npos);
}

TEST(KernelBinaryFile, InconsistentBodyWithValidChecksumIsRefused) {
  // A writer bug, not a disk error: an out-of-range dtype, re-checksummed.
  KernelBinary b = everyField();
  b.kernels[0].params[0].dtype = static_cast<DType>(200);
  std::vector<uint8_t> bytes = serializeKernelBinary(b);
  EXPECT_NE(damageMessage(bytes).find("unknown dtype 200"), std::string::npos);
  b = everyField();
  b.kernels[0].params[1].access = static_cast<ParamAccess>(7);
  bytes = serializeKernelBinary(b);
  EXPECT_NE(damageMessage(bytes).find("unknown parameter access 7"),
            std::string::npos);
  b = everyField();
  b.kernels[0].coarsening[1] = 0;
  bytes = serializeKernelBinary(b);
  EXPECT_NE(damageMessage(bytes).find("coarsening 0 is not 1..16"),
            std::string::npos);
}

TEST(KernelBinaryFile, FilesAreWrittenAtomicallyAndRead) {
  char folder[] = "/tmp/kiln-artifact-XXXXXX";
  ASSERT_NE(::mkdtemp(folder), nullptr);
  std::string path = std::string(folder) + "/k.kiln";
  ASSERT_TRUE(writeKernelBinaryFile(path, everyField(), {{"a", "b"}}).ok());
  StatusOr<KernelBinary> binary = readKernelBinaryFile(path);
  ASSERT_TRUE(binary.ok()) << binary.status().toString();
  expectSame(*binary, everyField());
  StatusOr<KernelArtifact> artifact = readKernelArtifactFile(path);
  ASSERT_TRUE(artifact.ok());
  EXPECT_EQ(artifact->property("a"), "b");

  {
    std::ofstream(path, std::ios::app) << "junk";
  }
  StatusOr<KernelBinary> padded = readKernelBinaryFile(path);
  ASSERT_FALSE(padded.ok());
  EXPECT_NE(padded.message().find("'" + path + "'"), std::string::npos)
      << padded.message();
  StatusOr<KernelBinary> missing = readKernelBinaryFile(path + ".none");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::NotFound);
  std::remove(path.c_str());
  ::rmdir(folder);
}

} // namespace
} // namespace kiln
