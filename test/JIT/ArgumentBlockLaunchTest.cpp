//===- ArgumentBlockLaunchTest.cpp - Arguments read from device memory ----===//
//
// Kernels compiled by the JIT with argument-block entries, their blocks
// built on the host, copied into a device buffer and launched with
// launchWithDeviceArguments; results are checked against the host. Runs
// on the OpenCL CPU device (PoCL, SPIR-V) and on cuda:0 (PTX); each skips,
// saying why, where its device is missing. Also the errors reported before
// submission.
//
//===----------------------------------------------------------------------===//
#include "JitTestSupport.h"

#include "../Runtime/RuntimeTestSupport.h"
#include "kiln/runtime/ArgumentBlock.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

#include <cmath>

namespace kiln::test {
namespace {

const char *const kKernels = R"(
@kernel
def saxpy(item: Item, a: float32, x: Array[float32], y: Array[float32]):
    i = item.get_id(0)
    y[i] = a * x[i] + y[i]

@kernel
def affine(item: Item, flag: bool, k: int8, x: Array[float32, 2], n: int64,
           out: Array[float32, 2]):
    i = item.get_id(0)
    j = item.get_id(1)
    v = x[i, j] * float32(k) + float32(n)
    if flag:
        v = -v
    out[i, j] = v

@kernel
def group_sum(it: NdItem, x: Array[float32], scratch: LocalAccessor[float32],
              out: Array[float32]):
    l = it.get_local_id(0)
    scratch[l] = x[it.get_global_id(0)]
    group_barrier(it.get_group())
    if l == 0:
        s = float32(0.0)
        for t in range(it.get_local_range(0)):
            s += scratch[t]
        out[it.get_group().get_group_id(0)] = s
)";

// Scalars only, so it runs where buffers have no device addresses; debug
// mode reports a wrong value as a failed assert (line 4: `a`).
const char *const kScalars = R"(
@kernel
def expect(item: Item, a: int32, b: float32, c: int64, d: bool):
    assert a == 7
    assert b == 2.5
    assert c == 1099511627776
    assert d

@kernel
def write_block(item: Item, block: Array[int32], a: int32):
    block[0] = a
    block[1] = 1075838976  # 2.5f
    block[2] = 0           # 1 << 40, low word
    block[3] = 256         # and high word
    block[4] = 1           # True, then padding
    block[5] = 0
)";

struct Backend {
  const char *selector;
  TargetKind target;
};

class ArgumentBlockLaunchTest : public JitTest,
                                public ::testing::WithParamInterface<Backend> {
protected:
  void SetUp() override {
    StatusOr<std::shared_ptr<Device>> opened = openDevice(GetParam().selector);
    if (!opened.ok())
      GTEST_SKIP() << "no device '" << GetParam().selector
                   << "': " << opened.message();
    device = *opened;
    StatusOr<std::shared_ptr<Queue>> created = device->createQueue();
    ASSERT_TRUE(created.ok()) << created.status().toString();
    queue = *created;
    jit = newJit();
  }

  /// Compiles `source` for the device and loads it; null after a failure
  /// or a skip (`skipped` says which).
  std::shared_ptr<Executable> load(const char *source, bool entries = true,
                                   bool debug = false) {
    CompileRequest request;
    request.source = source;
    request.filename = "blocks.py";
    request.target = GetParam().target;
    request.argumentBlockEntries = entries;
    request.debug = debug;
    llvm::Expected<CompiledKernel> compiled = jit->compile(request);
    if (!compiled) {
      ADD_FAILURE() << llvm::toString(compiled.takeError());
      return nullptr;
    }
    StatusOr<std::shared_ptr<Executable>> loaded =
        device->loadExecutable(*compiled->binary);
    if (!loaded.ok() && loaded.status().code() == StatusCode::Unavailable) {
      skipped =
          "cannot load on '" + device->info().name + "': " + loaded.message();
      return nullptr;
    }
    EXPECT_TRUE(loaded.ok()) << loaded.status().toString();
    return loaded.ok() ? *loaded : nullptr;
  }

  std::shared_ptr<Kernel> kernel(Executable &executable, const char *name) {
    StatusOr<std::shared_ptr<Kernel>> k = executable.getKernel(name);
    EXPECT_TRUE(k.ok()) << k.status().toString();
    return k.ok() ? *k : nullptr;
  }

  std::shared_ptr<Buffer> upload(const void *data, size_t bytes,
                                 size_t offset = 0) {
    StatusOr<std::shared_ptr<Buffer>> buffer =
        device->allocateBuffer(offset + bytes);
    EXPECT_TRUE(buffer.ok()) << buffer.status().toString();
    if (!buffer.ok())
      return nullptr;
    Status written = queue->writeBuffer(**buffer, data, bytes, offset);
    EXPECT_TRUE(written.ok()) << written.toString();
    return *buffer;
  }
  template <typename T>
  std::shared_ptr<Buffer> upload(const std::vector<T> &v) {
    return upload(v.data(), v.size() * sizeof(T));
  }
  template <typename T>
  std::vector<T> download(const Buffer &buffer, size_t n) {
    std::vector<T> host(n);
    Status read = queue->readBuffer(buffer, host.data(), n * sizeof(T));
    EXPECT_TRUE(read.ok()) << read.toString();
    return host;
  }

  /// Arrays in a block are device addresses.
  bool addressable() const { return device->info().supportsDeviceAddresses; }

  std::shared_ptr<Device> device;
  std::shared_ptr<Queue> queue;
  std::unique_ptr<JitCompiler> jit;
  std::string skipped;
};

#define LOAD_OR_SKIP(var, ...)                                                 \
  std::shared_ptr<Executable> var = load(__VA_ARGS__);                         \
  if (!var && !skipped.empty())                                                \
    GTEST_SKIP() << skipped;                                                   \
  ASSERT_TRUE(var)

#define SKIP_WITHOUT_DEVICE_ADDRESSES()                                        \
  if (!addressable())                                                          \
  GTEST_SKIP() << "buffers of '" << device->info().name                        \
               << "' have no device addresses (OpenCL needs shared virtual "   \
                  "memory), which a block naming arrays needs"

TEST_P(ArgumentBlockLaunchTest, SaxpyReadsItsArgumentsFromDeviceMemory) {
  SKIP_WITHOUT_DEVICE_ADDRESSES();
  LOAD_OR_SKIP(module, kKernels);
  std::shared_ptr<Kernel> saxpy = kernel(*module, "saxpy");
  ASSERT_TRUE(saxpy);
  EXPECT_EQ(saxpy->metadata().argumentBlockEntry, "saxpy__kiln_argblock");
  const int64_t n = 1001; // Not a multiple of a work-group.
  std::vector<float> x(n), y(n), expected(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = 0.5f * static_cast<float>(i);
    y[i] = static_cast<float>(n - i);
    expected[i] = 3.0f * x[i] + y[i];
  }
  auto dx = upload(x), dy = upload(y);
  ASSERT_OK_AND_ASSIGN(
      block,
      buildArgumentBlock(*saxpy, {KernelArg::scalar(3.0f),
                                  KernelArg::array(dx, {n}, DType::Float32),
                                  KernelArg::array(dy, {n}, DType::Float32)}));
  // At an offset, as one buffer holding the blocks of many launches would.
  const uint64_t offset = 64;
  auto deviceBlock = upload(block.data(), block.size(), offset);
  ASSERT_OK(
      launchWithDeviceArguments(*queue, saxpy, Range{n}, deviceBlock, offset));
  std::vector<float> result = download<float>(*dy, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], expected[i]) << "at " << i;
}

TEST_P(ArgumentBlockLaunchTest, ScalarsOfEverySizeAndTwoDimensionalArrays) {
  SKIP_WITHOUT_DEVICE_ADDRESSES();
  LOAD_OR_SKIP(module, kKernels);
  std::shared_ptr<Kernel> affine = kernel(*module, "affine");
  ASSERT_TRUE(affine);
  const int64_t rows = 13, cols = 7;
  std::vector<float> x(rows * cols);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<float>(i) - 40.0f;
  auto dx = upload(x);
  auto dout = upload(std::vector<float>(x.size(), 0.0f));
  ASSERT_OK_AND_ASSIGN(
      block,
      buildArgumentBlock(
          *affine, {KernelArg::scalar(true), KernelArg::scalar(int8_t{-3}),
                    KernelArg::array(dx, {rows, cols}, DType::Float32),
                    KernelArg::scalar(int64_t{5}),
                    KernelArg::array(dout, {rows, cols}, DType::Float32)}));
  auto deviceBlock = upload(block.data(), block.size());
  ASSERT_OK(launchWithDeviceArguments(*queue, affine, Range{rows, cols},
                                      deviceBlock, 0));
  std::vector<float> out = download<float>(*dout, x.size());
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_EQ(out[i], -(x[i] * -3.0f + 5.0f)) << "at " << i;
}

TEST_P(ArgumentBlockLaunchTest, LocalAccessorsArePassedAtLaunch) {
  SKIP_WITHOUT_DEVICE_ADDRESSES();
  LOAD_OR_SKIP(module, kKernels);
  std::shared_ptr<Kernel> groupSum = kernel(*module, "group_sum");
  ASSERT_TRUE(groupSum);
  const int64_t n = 256, local = 64;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(i % 17);
  auto dx = upload(x);
  auto dout = upload(std::vector<float>(n / local, 0.0f));
  KernelArg scratch = KernelArg::localAccessor({local}, DType::Float32);
  ASSERT_OK_AND_ASSIGN(
      block,
      buildArgumentBlock(
          *groupSum, {KernelArg::array(dx, {n}, DType::Float32), scratch,
                      KernelArg::array(dout, {n / local}, DType::Float32)}));
  EXPECT_EQ(block.size(), 32u); // x and its extent, out and its extent.
  auto deviceBlock = upload(block.data(), block.size());
  ASSERT_OK(launchWithDeviceArguments(*queue, groupSum, NdRange{{n}, {local}},
                                      deviceBlock, 0, {scratch}));
  std::vector<float> out = download<float>(*dout, n / local);
  for (int64_t g = 0; g < n / local; ++g) {
    float sum = 0;
    for (int64_t i = g * local; i < (g + 1) * local; ++i)
      sum += x[i];
    EXPECT_EQ(out[g], sum) << "group " << g;
  }
}

TEST_P(ArgumentBlockLaunchTest, ScalarBlockIsReadOnTheDevice) {
  LOAD_OR_SKIP(module, kScalars, /*entries=*/true, /*debug=*/true);
  std::shared_ptr<Kernel> expect = kernel(*module, "expect");
  ASSERT_TRUE(expect);
  auto blockOf = [&](int32_t a) {
    StatusOr<std::vector<uint8_t>> block = buildArgumentBlock(
        *expect,
        {KernelArg::scalar(a), KernelArg::scalar(2.5f),
         KernelArg::scalar(int64_t{1} << 40), KernelArg::scalar(true)});
    EXPECT_TRUE(block.ok()) << block.status().toString();
    return block.ok() ? *block : std::vector<uint8_t>();
  };
  std::vector<uint8_t> good = blockOf(7), bad = blockOf(8);
  ASSERT_EQ(good.size(), 24u);
  // Both blocks in one buffer, launched by offset.
  auto both = device->allocateBuffer(48);
  ASSERT_TRUE(both.ok());
  ASSERT_OK(queue->writeBuffer(**both, good.data(), 24, 0));
  ASSERT_OK(queue->writeBuffer(**both, bad.data(), 24, 24));
  ASSERT_OK(launchWithDeviceArguments(*queue, expect, Range{64}, *both, 0));
  Status failed =
      launchWithDeviceArguments(*queue, expect, Range{64}, *both, 24);
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.message().find("assertion failed at line 4"),
            std::string::npos)
      << failed.toString();
}

TEST_P(ArgumentBlockLaunchTest, BlockWrittenByAKernel) {
  LOAD_OR_SKIP(module, kScalars, /*entries=*/true, /*debug=*/true);
  std::shared_ptr<Kernel> expect = kernel(*module, "expect");
  std::shared_ptr<Kernel> writer = kernel(*module, "write_block");
  ASSERT_TRUE(expect && writer);
  auto block = device->allocateBuffer(24);
  ASSERT_TRUE(block.ok());
  for (int32_t a : {7, 9}) {
    StatusOr<std::shared_ptr<Event>> written = launchAsync(
        *queue, writer, Range{1},
        {KernelArg::array(*block, {6}, DType::Int32), KernelArg::scalar(a)});
    ASSERT_OK(written.status());
    // Ordered after the writer by the wait list alone.
    StatusOr<std::shared_ptr<Event>> read = launchWithDeviceArgumentsAsync(
        *queue, expect, Range{8}, *block, 0, {}, {*written});
    ASSERT_OK(read.status());
    Status done = (*read)->wait();
    if (a == 7) {
      EXPECT_TRUE(done.ok()) << done.toString();
    } else {
      ASSERT_FALSE(done.ok());
      EXPECT_NE(done.message().find("assertion failed at line 4"),
                std::string::npos)
          << done.toString();
    }
  }
}

void expectInvalid(const Status &status, const std::string &message) {
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument) << status.toString();
  EXPECT_EQ(status.message(), message);
}

TEST_P(ArgumentBlockLaunchTest, KernelWithoutEntryIsRefused) {
  LOAD_OR_SKIP(module, kKernels, /*entries=*/false);
  std::shared_ptr<Kernel> saxpy = kernel(*module, "saxpy");
  ASSERT_TRUE(saxpy);
  EXPECT_TRUE(saxpy->metadata().argumentBlockEntry.empty());
  EXPECT_EQ(module->kernels().size(), 3u);
  auto block = upload(std::vector<uint8_t>(64, 0));
  expectInvalid(launchWithDeviceArguments(*queue, saxpy, Range{4}, block, 0),
                "kernel 'saxpy' has no argument-block entry: compile with "
                "--arg-block-entries");
}

TEST_P(ArgumentBlockLaunchTest, BlockTooSmallOrMisplacedIsRefused) {
  LOAD_OR_SKIP(module, kKernels);
  std::shared_ptr<Kernel> saxpy = kernel(*module, "saxpy");
  ASSERT_TRUE(saxpy);
  // saxpy's block: a (4 bytes, padded to 8), x and its extent, y and its
  // extent: 40 bytes.
  auto block = upload(std::vector<uint8_t>(48, 0));
  expectInvalid(launchWithDeviceArguments(*queue, saxpy, Range{4}, block, 16),
                "argument block of kernel 'saxpy': the layout takes 40 bytes "
                "from offset 16, but the buffer has 48 bytes");
  expectInvalid(launchWithDeviceArguments(*queue, saxpy, Range{4}, block, 64),
                "argument block of kernel 'saxpy': the layout takes 40 bytes "
                "from offset 64, but the buffer has 48 bytes");
  expectInvalid(launchWithDeviceArguments(*queue, saxpy, Range{4}, block, 4),
                "argument block of kernel 'saxpy': offset 4 is not a multiple "
                "of 8 (the block's alignment)");
  expectInvalid(launchWithDeviceArguments(*queue, saxpy, Range{4}, nullptr, 0),
                "argument block of kernel 'saxpy': null buffer");
}

TEST_P(ArgumentBlockLaunchTest, BlockOnAnotherDeviceIsRefused) {
  LOAD_OR_SKIP(module, kKernels);
  std::shared_ptr<Kernel> saxpy = kernel(*module, "saxpy");
  ASSERT_TRUE(saxpy);
  FakeDevice other("fake:0", 0, /*addressable=*/true);
  ASSERT_OK_AND_ASSIGN(foreign, other.allocateBuffer(64));
  expectInvalid(launchWithDeviceArguments(*queue, saxpy, Range{4}, foreign, 0),
                "argument block of kernel 'saxpy': the buffer is on 'fake:0' "
                "but the kernel was loaded on '" +
                    device->info().selector + "'");
}

TEST_P(ArgumentBlockLaunchTest, LocalAccessorsMustBeGiven) {
  LOAD_OR_SKIP(module, kKernels);
  std::shared_ptr<Kernel> groupSum = kernel(*module, "group_sum");
  ASSERT_TRUE(groupSum);
  if (!addressable()) {
    // The device-address check comes first there; it is what a caller
    // must fix.
    auto block = upload(std::vector<uint8_t>(32, 0));
    Status status = launchWithDeviceArguments(*queue, groupSum,
                                              NdRange{{64}, {64}}, block, 0);
    EXPECT_EQ(status.code(), StatusCode::Unimplemented) << status.toString();
    EXPECT_EQ(status.message().rfind(
                  "argument block of kernel 'group_sum': array 'x' needs a "
                  "device address: device addresses of buffers are "
                  "unsupported on '",
                  0),
              0u)
        << status.message();
    return;
  }
  auto block = upload(std::vector<uint8_t>(32, 0));
  expectInvalid(launchWithDeviceArguments(*queue, groupSum, NdRange{{64}, {64}},
                                          block, 0),
                "kernel 'group_sum' has 1 local accessor parameter(s); 0 "
                "local accessor argument(s) given");
}

INSTANTIATE_TEST_SUITE_P(Devices, ArgumentBlockLaunchTest,
                         ::testing::Values(Backend{"cpu", TargetKind::SPIRV},
                                           Backend{"cuda:0", TargetKind::PTX}),
                         [](const ::testing::TestParamInfo<Backend> &info) {
                           return std::string(
                               info.param.target == TargetKind::PTX ? "CUDA"
                                                                    : "OpenCL");
                         });

} // namespace
} // namespace kiln::test
