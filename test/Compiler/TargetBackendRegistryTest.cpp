//===- TargetBackendRegistryTest.cpp - One back end per target, by kind or name
//-===//
//
// The registry is how the compile path finds everything target-specific
// (compiler/Target/TargetBackend.h): each target's back end answers for its
// binary format, architecture, option checks, device libraries and
// serializer.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/TargetBackend.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

using namespace kiln;

namespace {

TEST(BackendRegistry, EveryTargetKindHasItsBackEnd) {
  ASSERT_EQ(getTargetBackends().size(), 3u);
  for (TargetKind kind :
       {TargetKind::PTX, TargetKind::SPIRV, TargetKind::Host}) {
    const TargetBackend &backend = getTargetBackend(kind);
    EXPECT_EQ(backend.getKind(), kind);
    EXPECT_EQ(lookupTargetBackend(targetKindName(kind)), &backend);
    EXPECT_EQ(backend.createTargetInfo()->getKind(), kind);
  }
  EXPECT_EQ(lookupTargetBackend("llvm"), nullptr);
  EXPECT_EQ(lookupTargetBackend("PTX"), nullptr); // names are lower case
}

TEST(BackendRegistry, EachDriverLoadsOneBackEndsBinaries) {
  EXPECT_EQ(getTargetBackendForDriver(Backend::CUDA).getKind(),
            TargetKind::PTX);
  EXPECT_EQ(getTargetBackendForDriver(Backend::OpenCL).getKind(),
            TargetKind::SPIRV);
  EXPECT_EQ(getTargetBackendForDriver(Backend::LevelZero).getKind(),
            TargetKind::SPIRV);
  EXPECT_EQ(getTargetBackendForDriver(Backend::Host).getKind(),
            TargetKind::Host);
}

TEST(BackendRegistry, BinaryFormatAndArchitecture) {
  const TargetBackend &ptx = getTargetBackend(TargetKind::PTX);
  EXPECT_EQ(ptx.getBinaryFormat(), BinaryFormat::PTX);
  EXPECT_TRUE(ptx.hasArch());
  EXPECT_EQ(ptx.getDefaultArch(), "sm_90");
  const TargetBackend &spirv = getTargetBackend(TargetKind::SPIRV);
  EXPECT_EQ(spirv.getBinaryFormat(), BinaryFormat::SPIRV);
  EXPECT_FALSE(spirv.hasArch());
}

TEST(BackendRegistry, OptionChecksNameTheBadArchitecture) {
  BackendOptions options;
  options.arch = "sm_80";
  EXPECT_FALSE(bool(getTargetBackend(TargetKind::PTX).checkOptions(options)));
  options.arch = "sm_12345";
  llvm::Error error = getTargetBackend(TargetKind::PTX).checkOptions(options);
  ASSERT_TRUE(bool(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "unknown CUDA architecture 'sm_12345' (expected e.g. sm_80, "
            "sm_90, sm_90a)");
  // SPIR-V has no architecture: whatever the option holds is ignored.
  EXPECT_FALSE(bool(getTargetBackend(TargetKind::SPIRV).checkOptions(options)));
}

TEST(BackendRegistry, DeviceLibraries) {
  BackendOptions options;
  options.libdevicePath = "/no/such/libdevice.10.bc";
  std::vector<DeviceLibrary> ptx =
      getTargetBackend(TargetKind::PTX).getDeviceLibraries(options);
  ASSERT_EQ(ptx.size(), 1u);
  EXPECT_EQ(ptx[0].name, "libdevice");
  EXPECT_EQ(ptx[0].path, options.libdevicePath); // an explicit path is kept
  EXPECT_TRUE(
      getTargetBackend(TargetKind::SPIRV).getDeviceLibraries(options).empty());
}

TEST(BackendRegistry, PTXSerializesToPTXText) {
  llvm::LLVMContext context;
  llvm::Module module("empty", context);
  module.setTargetTriple(llvm::Triple(
      getTargetBackend(TargetKind::PTX).createTargetInfo()->getTriple()));
  BackendOptions options;
  options.arch = "sm_80";
  bool observed = false;
  auto binary =
      getTargetBackend(TargetKind::PTX)
          .serialize(module, options, [&](llvm::Module &) { observed = true; });
  ASSERT_TRUE(bool(binary)) << llvm::toString(binary.takeError());
  std::string text(binary->begin(), binary->end());
  EXPECT_NE(text.find(".target sm_80"), std::string::npos) << text;
  EXPECT_TRUE(observed);
}

} // namespace
