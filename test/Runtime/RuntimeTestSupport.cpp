//===- RuntimeTestSupport.cpp - Shared pieces of the runtime tests ------===//
//
// Loading of the build-time test kernels and the fake device.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace kiln::test {
namespace {

KernelParam array(const char *name, DType dtype, unsigned rank) {
  return KernelParam{name, ParamKind::Array, dtype, rank};
}

KernelParam scalarParam(const char *name, DType dtype) {
  return KernelParam{name, ParamKind::Scalar, dtype, 0};
}

class FakeBuffer final : public Buffer {
public:
  FakeBuffer(const Device &device, size_t size) : Buffer(device, size) {}

protected:
  /// The object's own address, on devices with device addresses.
  StatusOr<uint64_t> nativeDeviceAddress() const override {
    if (!device().info().supportsDeviceAddresses)
      return Buffer::nativeDeviceAddress();
    return reinterpret_cast<uint64_t>(this);
  }
};

class FakeKernel final : public Kernel {
public:
  FakeKernel(const Device &device, KernelMetadata metadata)
      : Kernel(device, std::move(metadata)) {}
};

} // namespace

StatusOr<std::vector<uint8_t>> readKernelFile(const std::string &name) {
  // The environment wins so that a build tree copied elsewhere still runs.
  const char *dir = std::getenv("KILN_TEST_KERNEL_DIR");
  std::string path =
      std::string(dir && *dir ? dir : KILN_TEST_KERNEL_DIR) + "/" + name;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return notFound("test kernel '" + path + "' was not built (needs llc-22)");
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

KernelMetadata saxpyMetadata() {
  KernelMetadata m;
  m.name = "saxpy";
  m.params = {KernelParam{"a", ParamKind::Scalar, DType::Float32, 0},
              array("x", DType::Float32, 1), array("y", DType::Float32, 1)};
  return m;
}

KernelMetadata add2dMetadata() {
  KernelMetadata m;
  m.name = "add2d";
  m.params = {array("a", DType::Int32, 2), array("b", DType::Int32, 2),
              array("c", DType::Int32, 2)};
  return m;
}

KernelMetadata scaleAddMetadata() {
  KernelMetadata m = saxpyMetadata();
  m.name = "scale_add";
  return m;
}

KernelMetadata reverseInGroupMetadata() {
  KernelMetadata m;
  m.name = "reverse_in_group";
  m.indexKind = IndexKind::NdItem;
  m.params = {array("x", DType::Float32, 1), array("y", DType::Float32, 1),
              KernelParam{"tile", ParamKind::LocalAccessor, DType::Float32, 1}};
  return m;
}

KernelMetadata checkedStoreMetadata() {
  KernelMetadata m;
  m.name = "checked_store";
  m.params = {array("u", DType::Float32, 2), scalarParam("i", DType::Int64),
              scalarParam("j", DType::Int64), scalarParam("v", DType::Float32)};
  m.debug = true;
  m.debugNames = {"u", "checked_store.py"};
  return m;
}

KernelMetadata spinMetadata() {
  KernelMetadata m;
  m.name = "spin";
  m.params = {array("y", DType::Float32, 1),
              scalarParam("steps", DType::Int64)};
  return m;
}

StatusOr<KernelBinary> spirvTestBinary() {
  StatusOr<std::vector<uint8_t>> data = readKernelFile("test_kernels.spv");
  if (!data.ok())
    return data.status();
  KernelBinary binary;
  binary.format = BinaryFormat::SPIRV;
  binary.data = std::move(*data);
  binary.kernels = {saxpyMetadata(),        add2dMetadata(),
                    scaleAddMetadata(),     reverseInGroupMetadata(),
                    checkedStoreMetadata(), spinMetadata()};
  return binary;
}

StatusOr<KernelBinary> ptxTestBinary() {
  StatusOr<std::vector<uint8_t>> data = readKernelFile("test_kernels.ptx");
  if (!data.ok())
    return data.status();
  KernelBinary binary;
  binary.format = BinaryFormat::PTX;
  binary.arch = "sm_90";
  binary.data = std::move(*data);
  binary.kernels = {saxpyMetadata(), reverseInGroupMetadata(),
                    checkedStoreMetadata()};
  return binary;
}

StatusOr<KernelBinary> hostTestBinary() {
  StatusOr<std::vector<uint8_t>> data = readKernelFile("test_kernels_host.so");
  if (!data.ok())
    return data.status();
  KernelBinary binary;
  binary.format = BinaryFormat::HostELF;
  binary.data = std::move(*data);
  binary.kernels = {saxpyMetadata(),        add2dMetadata(),
                    scaleAddMetadata(),     reverseInGroupMetadata(),
                    checkedStoreMetadata(), spinMetadata()};
  return binary;
}

DeviceInfo fakeDeviceInfo(std::string selector, size_t localMemSize,
                          bool addressable) {
  DeviceInfo info;
  info.name = "fake device";
  info.selector = std::move(selector);
  info.backend = Backend::OpenCL;
  info.type = DeviceType::Other;
  info.maxWorkGroupSize = 256;
  info.localMemSize = localMemSize;
  info.supportsDeviceAddresses = addressable;
  return info;
}

FakeDevice::FakeDevice(std::string selector, size_t localMemSize,
                       bool addressable)
    : Device(fakeDeviceInfo(std::move(selector), localMemSize, addressable)) {}

FakeDevice::FakeDevice(DeviceInfo info) : Device(std::move(info)) {}

StatusOr<std::shared_ptr<Buffer>> FakeDevice::allocateBuffer(size_t bytes) {
  return std::shared_ptr<Buffer>(std::make_shared<FakeBuffer>(*this, bytes));
}

StatusOr<std::shared_ptr<Queue>> FakeDevice::createQueue() {
  return unimplemented("fake device has no queues");
}

StatusOr<std::shared_ptr<Executable>>
FakeDevice::loadExecutable(const KernelBinary &) {
  return unimplemented("fake device cannot load binaries");
}

std::shared_ptr<Kernel> fakeKernel(const Device &device,
                                   KernelMetadata metadata) {
  return std::make_shared<FakeKernel>(device, std::move(metadata));
}

} // namespace kiln::test
