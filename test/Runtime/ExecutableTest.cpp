//===- ExecutableTest.cpp - Loading binaries and finding kernels --------===//
#include "OpenCLTestFixture.h"

#include <cstdlib>

namespace kiln {
namespace {

using test::OpenCLTest;

TEST_F(OpenCLTest, UnknownKernelListsAvailableOnes) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  StatusOr<std::shared_ptr<Kernel>> kernel = module->getKernel("gemm");
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), StatusCode::NotFound);
  EXPECT_EQ(kernel.message(),
            "no kernel 'gemm' in executable; available kernels: saxpy, add2d, "
            "scale_add, reverse_in_group, checked_store, spin");
}

TEST_F(OpenCLTest, KernelsCarryTheirMetadata) {
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  ASSERT_OK_AND_ASSIGN(kernel, module->getKernel("add2d"));
  EXPECT_EQ(kernel->name(), "add2d");
  ASSERT_EQ(kernel->metadata().params.size(), 3u);
  EXPECT_EQ(kernel->metadata().params[2].name, "c");
  EXPECT_EQ(&kernel->device(), device.get());
  ASSERT_OK_AND_ASSIGN(again, module->getKernel("add2d"));
  EXPECT_EQ(again.get(), kernel.get());
}

TEST_F(OpenCLTest, MetadataForAKernelMissingFromTheBinary) {
  KernelMetadata ghost;
  ghost.name = "ghost";
  binary.kernels.push_back(ghost);
  auto module = loadTestModule();
  ASSERT_TRUE(module);
  StatusOr<std::shared_ptr<Kernel>> kernel = module->getKernel("ghost");
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.message().rfind("kernel 'ghost': clCreateKernel failed", 0),
            0u)
      << kernel.message();
}

TEST_F(OpenCLTest, PtxOnOpenCLIsRejected) {
  binary.format = BinaryFormat::PTX;
  StatusOr<std::shared_ptr<Executable>> module = device->loadExecutable(binary);
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message(), "PTX binaries cannot run on OpenCL device '" +
                                  device->info().name +
                                  "'; compile the kernel for SPIR-V");
}

TEST_F(OpenCLTest, NotSpirvIsRejected) {
  binary.data = {1, 2, 3, 4, 5, 6, 7, 8};
  StatusOr<std::shared_ptr<Executable>> module = device->loadExecutable(binary);
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.message(),
            "binary of 8 bytes is not a SPIR-V module (bad magic or size)");
}

TEST_F(OpenCLTest, TranslatorFailureQuotesItsStderr) {
  // Valid magic, garbage body: the SPIR path's translator must reject it.
  binary.data.resize(40);
  for (size_t i = 4; i < binary.data.size(); ++i)
    binary.data[i] = 0xff;
  StatusOr<std::shared_ptr<Executable>> module = device->loadExecutable(binary);
  ASSERT_FALSE(module.ok());
  const std::string &message = module.message();
  bool viaTranslator = message.find("-r (SPIR-V to SPIR)") != std::string::npos;
  bool viaIL = message.find("clCreateProgramWithIL") != std::string::npos ||
               message.find("clBuildProgram") != std::string::npos;
  EXPECT_TRUE(viaTranslator || viaIL) << message;
  if (viaTranslator) {
    EXPECT_NE(message.find("exited with status"), std::string::npos) << message;
  }
}

TEST_F(OpenCLTest, MissingTranslatorIsNamed) {
  setenv("KILN_LLVM_SPIRV", "/nonexistent/llvm-spirv-15", 1);
  StatusOr<std::shared_ptr<Executable>> module = device->loadExecutable(binary);
  unsetenv("KILN_LLVM_SPIRV");
  if (module.ok())
    GTEST_SKIP() << "device takes SPIR-V directly; no translator involved";
  EXPECT_EQ(module.message(), "KILN_LLVM_SPIRV='/nonexistent/llvm-spirv-15' "
                              "is not an executable file");
}

} // namespace
} // namespace kiln
