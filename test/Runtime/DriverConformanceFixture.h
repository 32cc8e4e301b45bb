//===- DriverConformanceFixture.h - One device of every back end -*- C++
//-*-===//
//
// The parameter of the driver conformance suite: every device each back end
// (OpenCL, CUDA, Level Zero) finds on this machine, plus one entry per back
// end that finds none, which skips with the reason (the driver's own
// message) instead of passing silently. The fixture opens the device, loads
// the test module in the device's format (SPIR-V, or PTX on CUDA) and
// creates an in-order queue.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_TEST_RUNTIME_DRIVERCONFORMANCEFIXTURE_H
#define KILN_TEST_RUNTIME_DRIVERCONFORMANCEFIXTURE_H

#include "RuntimeTestSupport.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Queue.h"

#include <cctype>
#include <ostream>
#include <string>
#include <vector>

namespace kiln::test {

/// One device to run the suite on, or a back end to report as skipped.
struct ConformanceTarget {
  Backend backend = Backend::OpenCL;
  /// openDevice() string of the device; empty when `skipReason` is set.
  std::string selector;
  /// Why the back end cannot be tested here (no driver, no device).
  std::string skipReason;
};

inline std::ostream &operator<<(std::ostream &os,
                                const ConformanceTarget &target) {
  return os << backendName(target.backend) << " "
            << (target.selector.empty() ? "(none)" : target.selector);
}

/// Every device of every back end; a back end without devices contributes
/// one target carrying the reason. Called by gtest while registering the
/// tests, so that each device is a test instance of its own.
inline std::vector<ConformanceTarget> conformanceTargets() {
  std::vector<DeviceInfo> found;
  if (StatusOr<std::vector<DeviceInfo>> listed = listDevices(); listed.ok())
    found = *listed;
  std::vector<ConformanceTarget> targets;
  for (Backend backend :
       {Backend::OpenCL, Backend::CUDA, Backend::LevelZero, Backend::Host}) {
    size_t before = targets.size();
    for (const DeviceInfo &info : found)
      if (info.backend == backend)
        targets.push_back({backend, info.selector, ""});
    if (targets.size() != before)
      continue;
    // Opening the back end's first device says what is missing.
    StatusOr<std::shared_ptr<Device>> probe = openDevice(backendName(backend));
    targets.push_back({backend, "",
                       probe.ok() ? std::string("listDevices() reports no ") +
                                        backendName(backend) + " device"
                                  : "no " + std::string(backendName(backend)) +
                                        " device to test: " + probe.message()});
  }
  return targets;
}

/// "opencl_0", "cuda_1"; "cuda" for a back end without devices.
inline std::string
conformanceTargetName(const ::testing::TestParamInfo<ConformanceTarget> &info) {
  std::string name = info.param.selector.empty()
                         ? backendName(info.param.backend)
                         : info.param.selector;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

class DriverConformance : public ::testing::TestWithParam<ConformanceTarget> {
protected:
  void SetUp() override {
    const ConformanceTarget &target = GetParam();
    if (!target.skipReason.empty())
      GTEST_SKIP() << target.skipReason;
    StatusOr<std::shared_ptr<Device>> opened = openDevice(target.selector);
    ASSERT_OK(opened.status());
    device = *opened;
    StatusOr<KernelBinary> module =
        target.backend == Backend::CUDA   ? ptxTestBinary()
        : target.backend == Backend::Host ? hostTestBinary()
                                          : spirvTestBinary();
    if (!module.ok())
      GTEST_SKIP() << module.message();
    binary = *module;
    StatusOr<std::shared_ptr<Executable>> loaded =
        device->loadExecutable(binary);
    // A tool the device needs missing on this machine (llvm-spirv-15 for
    // SPIR-only OpenCL devices) or a device taking neither SPIR-V nor SPIR
    // (NVIDIA's OpenCL) cannot run the kernels: the checks that launch
    // skip, saying so, the others still run. Anything else fails.
    if (loaded.ok())
      module_ = *loaded;
    else if (loaded.status().code() == StatusCode::Unavailable ||
             loaded.status().code() == StatusCode::Unimplemented)
      noKernels = "cannot load the test module on '" + device->info().name +
                  "': " + loaded.message();
    else
      ASSERT_OK(loaded.status());
    ASSERT_OK_AND_ASSIGN(created, device->createQueue());
    queue = created;
  }

  /// A kernel of the test module (saxpy, reverse_in_group, checked_store
  /// exist in both the SPIR-V and the PTX module). Tests first check
  /// KILN_REQUIRE_TEST_KERNELS().
  std::shared_ptr<Kernel> kernel(const std::string &name) {
    if (!module_) {
      ADD_FAILURE() << "kernel '" << name << "' asked for: " << noKernels;
      return nullptr;
    }
    StatusOr<std::shared_ptr<Kernel>> found = module_->getKernel(name);
    EXPECT_TRUE(found.ok()) << found.status().toString();
    return found.ok() ? *found : nullptr;
  }

  template <typename T>
  std::shared_ptr<Buffer> upload(const std::vector<T> &host) {
    StatusOr<std::shared_ptr<Buffer>> buffer =
        device->allocateBuffer(host.size() * sizeof(T));
    EXPECT_TRUE(buffer.ok()) << buffer.status().toString();
    if (!buffer.ok())
      return nullptr;
    Status written =
        queue->writeBuffer(**buffer, host.data(), host.size() * sizeof(T));
    EXPECT_TRUE(written.ok()) << written.toString();
    return *buffer;
  }

  template <typename T>
  std::vector<T> download(const Buffer &buffer, size_t count) {
    std::vector<T> host(count);
    Status read = queue->readBuffer(buffer, host.data(), count * sizeof(T));
    EXPECT_TRUE(read.ok()) << read.toString();
    return host;
  }

  std::shared_ptr<Device> device;
  std::shared_ptr<Queue> queue;
  KernelBinary binary;
  /// Why the test kernels cannot run on this device; empty when they can.
  std::string noKernels;

private:
  std::shared_ptr<Executable> module_;
};

} // namespace kiln::test

/// Skips the rest of a test that launches kernels on a device that cannot
/// load the test module, with the reason.
#define KILN_REQUIRE_TEST_KERNELS()                                            \
  do {                                                                         \
    if (!noKernels.empty())                                                    \
      GTEST_SKIP() << noKernels;                                               \
  } while (0)

#endif // KILN_TEST_RUNTIME_DRIVERCONFORMANCEFIXTURE_H
