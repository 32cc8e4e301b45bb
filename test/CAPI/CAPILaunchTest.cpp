//===- CAPILaunchTest.cpp - Loading and launching through kiln/kiln.h -----===//
//
// Compile → load → launch → read back on the OpenCL CPU device (PoCL), and
// every launch-time error the C API reports: unknown kernels, wrong
// argument count, dtype or rank, arguments built from bad input, bad
// ranges and wait lists, transfers past the end of a buffer.
//
//===----------------------------------------------------------------------===//
#include "CAPITestSupport.h"

#include <vector>

using namespace kiln::capitest;

namespace {

constexpr size_t kN = 1000;

class CAPILaunchTest : public CpuSaxpyTest {
protected:
  void SetUp() override {
    CpuSaxpyTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    for (size_t i = 0; i < kN; ++i) {
      x.push_back(static_cast<float>(i));
      y.push_back(1.0f);
    }
    xbuf = upload(x.data(), kN);
    ybuf = upload(y.data(), kN);
    args[0] = kiln_arg_float32(2.0f);
    args[1] = kiln_arg_array(xbuf, shape, 1, KILN_DTYPE_FLOAT32);
    args[2] = kiln_arg_array(ybuf, shape, 1, KILN_DTYPE_FLOAT32);
  }

  std::vector<float> readY() {
    std::vector<float> out(kN);
    EXPECT_KILN_OK(
        kiln_buffer_read(queue, ybuf, out.data(), kN * sizeof(float)));
    return out;
  }

  std::vector<float> x, y;
  kiln_buffer_t xbuf = nullptr, ybuf = nullptr;
  int64_t shape[1] = {kN};
  int64_t range[1] = {kN};
  kiln_arg_t args[3];
};

TEST_F(CAPILaunchTest, SaxpyRunsAndReadsBack) {
  ASSERT_KILN_OK(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0));
  std::vector<float> out = readY();
  for (size_t i = 0; i < kN; ++i)
    ASSERT_EQ(out[i], 2.0f * x[i] + 1.0f) << "at " << i;
}

TEST_F(CAPILaunchTest, AsyncLaunchesChainThroughEvents) {
  kiln_event_t first = nullptr, second = nullptr;
  ASSERT_KILN_OK(
      kiln_launch_async(queue, saxpy, 1, range, args, 3, nullptr, 0, &first));
  ASSERT_KILN_OK(
      kiln_launch_async(queue, saxpy, 1, range, args, 3, &first, 1, &second));
  EXPECT_KILN_OK(kiln_event_wait(second));
  kiln_event_state_t state = KILN_EVENT_PENDING;
  EXPECT_KILN_OK(kiln_event_state(first, &state));
  EXPECT_EQ(state, KILN_EVENT_COMPLETE);
  kiln_event_release(first);
  kiln_event_release(second);
  std::vector<float> out = readY();
  for (size_t i = 0; i < kN; ++i)
    ASSERT_EQ(out[i], 4.0f * x[i] + 1.0f) << "at " << i;
  EXPECT_KILN_OK(kiln_queue_finish(queue));
}

TEST_F(CAPILaunchTest, KernelMetadata) {
  const char *name = nullptr;
  ASSERT_KILN_OK(kiln_kernel_name(saxpy, &name));
  EXPECT_STREQ(name, "saxpy");
  kiln_index_kind_t kind;
  ASSERT_KILN_OK(kiln_kernel_index_kind(saxpy, &kind));
  EXPECT_EQ(kind, KILN_INDEX_ITEM);
  size_t count = 0;
  ASSERT_KILN_OK(kiln_kernel_param_count(saxpy, &count));
  ASSERT_EQ(count, 3u);
  const char *param = nullptr;
  int isArray = -1, rank = -1;
  kiln_dtype_t dtype;
  ASSERT_KILN_OK(
      kiln_kernel_param_info(saxpy, 0, &param, &isArray, &dtype, &rank));
  EXPECT_STREQ(param, "a");
  EXPECT_EQ(isArray, 0);
  EXPECT_EQ(dtype, KILN_DTYPE_FLOAT32);
  EXPECT_EQ(rank, 0);
  ASSERT_KILN_OK(
      kiln_kernel_param_info(saxpy, 2, &param, &isArray, nullptr, &rank));
  EXPECT_STREQ(param, "y");
  EXPECT_EQ(isArray, 1);
  EXPECT_EQ(rank, 1);
  EXPECT_KILN_ERROR(
      kiln_kernel_param_info(saxpy, 3, &param, nullptr, nullptr, nullptr),
      KILN_STATUS_INVALID_ARGUMENT,
      "kernel 'saxpy' has 3 parameters; index 3 is out of range");
  kiln_param_kind_t kind2 = KILN_PARAM_SCALAR;
  EXPECT_KILN_OK(kiln_kernel_param_kind(saxpy, 1, &kind2));
  EXPECT_EQ(kind2, KILN_PARAM_ARRAY);
  EXPECT_KILN_ERROR(kiln_kernel_param_kind(saxpy, 9, &kind2),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_kernel_param_kind: kernel 'saxpy' has 3 parameters");
  const char *device_name = nullptr;
  EXPECT_KILN_OK(kiln_device_name(device, &device_name));
  EXPECT_NE(std::string(device_name), "");
  kiln_backend_t backend;
  EXPECT_KILN_OK(kiln_device_backend(device, &backend));
  EXPECT_EQ(backend, KILN_BACKEND_OPENCL);
}

TEST_F(CAPILaunchTest, UnknownKernel) {
  kiln_kernel_t kernel = reinterpret_cast<kiln_kernel_t>(1);
  EXPECT_KILN_ERROR(kiln_kernel_get(executable, "saxpi", &kernel),
                    KILN_STATUS_NOT_FOUND, "no kernel 'saxpi'");
  EXPECT_EQ(kernel, nullptr);
  EXPECT_NE(lastError().find("saxpy"), std::string::npos)
      << "lists the kernels: " << lastError();
}

TEST_F(CAPILaunchTest, WrongArgumentCount) {
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 2, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "saxpy");
  EXPECT_NE(lastError().find("3"), std::string::npos) << lastError();
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, nullptr, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "kiln_launch: args is NULL");
}

TEST_F(CAPILaunchTest, WrongDType) {
  args[0] = kiln_arg_float64(2.0);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "argument 'a' of kernel 'saxpy'");
  EXPECT_NE(lastError().find("float64"), std::string::npos) << lastError();
  args[0] = kiln_arg_float32(2.0f);
  args[1] = kiln_arg_array(xbuf, shape, 1, KILN_DTYPE_INT32);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "argument 'x' of kernel 'saxpy'");
}

TEST_F(CAPILaunchTest, WrongRankAndKind) {
  int64_t matrix[2] = {10, 100};
  args[1] = kiln_arg_array(xbuf, matrix, 2, KILN_DTYPE_FLOAT32);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "rank 2");
  args[1] = kiln_arg_float32(1.0f);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "argument 'x' of kernel 'saxpy'");
  args[1] = kiln_arg_local_accessor(shape, 1, KILN_DTYPE_FLOAT32);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "argument 'x' of kernel 'saxpy'");
}

TEST_F(CAPILaunchTest, BufferTooSmallForShape) {
  int64_t tooBig[1] = {kN + 1};
  args[2] = kiln_arg_array(ybuf, tooBig, 1, KILN_DTYPE_FLOAT32);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "argument 'y'");
}

TEST_F(CAPILaunchTest, ArgumentsBuiltFromBadInput) {
  args[0] = kiln_arg_scalar(KILN_DTYPE_FLOAT32, nullptr);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch: kernel 'saxpy': argument 0: built from "
                    "invalid input");
  args[0] = kiln_arg_float32(2.0f);
  args[2] = kiln_arg_array(nullptr, shape, 1, KILN_DTYPE_FLOAT32);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "argument 2: array with a NULL buffer");
  kiln_arg_t garbage[3] = {args[0], args[1], args[1]};
  garbage[2].kind = static_cast<kiln_arg_kind_t>(77);
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, garbage, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "argument 2: not made by kiln_arg_* (kind 77)");
}

TEST_F(CAPILaunchTest, BadRangesAndWaitLists) {
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 0, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "a range has 1 to 3 dimensions, got 0");
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 4, range, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "got 4");
  int64_t negative[1] = {-5};
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, negative, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "saxpy");
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, nullptr, args, 3, nullptr, 0),
                    KILN_STATUS_INVALID_ARGUMENT, "kiln_launch: range is NULL");
  kiln_event_t none[1] = {nullptr};
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, none, 1),
                    KILN_STATUS_INVALID_ARGUMENT, "wait list entry 0 is NULL");
  EXPECT_KILN_ERROR(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 1),
                    KILN_STATUS_INVALID_ARGUMENT, "wait is NULL");
}

TEST_F(CAPILaunchTest, NdRangeLaunchOfAnItemKernelIsChecked) {
  int64_t local[1] = {7};
  kiln_event_t event = nullptr;
  EXPECT_KILN_ERROR(kiln_launch_nd_async(queue, saxpy, 1, range, local, args, 3,
                                         nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT, "saxpy");
  EXPECT_EQ(event, nullptr);
}

TEST_F(CAPILaunchTest, TransfersAreBoundsChecked) {
  std::vector<float> big(kN + 1);
  EXPECT_KILN_ERROR(
      kiln_buffer_write(queue, xbuf, big.data(), big.size() * sizeof(float)),
      KILN_STATUS_INVALID_ARGUMENT, "copy of 4004 bytes");
  EXPECT_KILN_ERROR(
      kiln_buffer_read(queue, xbuf, big.data(), big.size() * sizeof(float)),
      KILN_STATUS_INVALID_ARGUMENT, "copy of 4004 bytes");
  EXPECT_KILN_ERROR(kiln_buffer_write(queue, xbuf, nullptr, 4),
                    KILN_STATUS_INVALID_ARGUMENT, "data is NULL");
  size_t size = 0;
  EXPECT_KILN_OK(kiln_buffer_size(xbuf, &size));
  EXPECT_EQ(size, kN * sizeof(float));
}

TEST_F(CAPILaunchTest, HandlesOutliveWhatTheyCameFrom) {
  // The kernel keeps its executable and device alive.
  kiln_executable_release(executable);
  executable = nullptr;
  kiln_device_release(device);
  device = nullptr;
  ASSERT_KILN_OK(kiln_launch(queue, saxpy, 1, range, args, 3, nullptr, 0));
  EXPECT_EQ(readY()[10], 21.0f);
}

TEST_F(CAPILaunchTest, BinaryWithoutKernelsDoesNotLoad) {
  const uint32_t words[1] = {0x07230203};
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(
      kiln_binary_create(KILN_BINARY_SPIRV, nullptr, words, 4, &binary));
  kiln_executable_t loaded = nullptr;
  EXPECT_KILN_ERROR(kiln_executable_load(device, binary, &loaded),
                    KILN_STATUS_INVALID_ARGUMENT, "describes no kernels");
  kiln_binary_release(binary);
}

TEST_F(CAPILaunchTest, TwoDimensionsAndOtherDTypes) {
  kiln_binary_t binary = nullptr;
  ASSERT_KILN_OK(kiln_compile_source_for_device(
      compiler, device, kTwoKernelsSource, "two.py", nullptr, &binary));
  kiln_executable_t two = nullptr;
  ASSERT_KILN_OK(kiln_executable_load(device, binary, &two));
  kiln_binary_release(binary);
  kiln_kernel_t scale = nullptr, fill = nullptr;
  ASSERT_KILN_OK(kiln_kernel_get(two, "scale", &scale));
  ASSERT_KILN_OK(kiln_kernel_get(two, "fill", &fill));
  kiln_executable_release(two);

  std::vector<double> matrix(6 * 5);
  for (size_t i = 0; i < matrix.size(); ++i)
    matrix[i] = static_cast<double>(i);
  kiln_buffer_t m = nullptr, v = nullptr;
  ASSERT_KILN_OK(
      kiln_buffer_create(device, matrix.size() * sizeof(double), &m));
  buffers.push_back(m);
  ASSERT_KILN_OK(kiln_buffer_write(queue, m, matrix.data(),
                                   matrix.size() * sizeof(double)));
  int64_t shape2[2] = {6, 5};
  kiln_arg_t scaleArgs[2] = {kiln_arg_float64(0.5),
                             kiln_arg_array(m, shape2, 2, KILN_DTYPE_FLOAT64)};
  ASSERT_KILN_OK(
      kiln_launch(queue, scale, 2, shape2, scaleArgs, 2, nullptr, 0));
  std::vector<double> scaled(matrix.size());
  ASSERT_KILN_OK(kiln_buffer_read(queue, m, scaled.data(),
                                  scaled.size() * sizeof(double)));
  for (size_t i = 0; i < matrix.size(); ++i)
    ASSERT_EQ(scaled[i], 0.5 * matrix[i]) << "at " << i;

  ASSERT_KILN_OK(kiln_buffer_create(device, 16 * sizeof(int32_t), &v));
  buffers.push_back(v);
  int64_t n[1] = {16};
  kiln_arg_t fillArgs[2] = {kiln_arg_array(v, n, 1, KILN_DTYPE_INT32),
                            kiln_arg_int32(-7)};
  ASSERT_KILN_OK(kiln_launch(queue, fill, 1, n, fillArgs, 2, nullptr, 0));
  std::vector<int32_t> filled(16);
  ASSERT_KILN_OK(
      kiln_buffer_read(queue, v, filled.data(), 16 * sizeof(int32_t)));
  for (int32_t value : filled)
    EXPECT_EQ(value, -7);
  kiln_kernel_release(scale);
  kiln_kernel_release(fill);
}

} // namespace
