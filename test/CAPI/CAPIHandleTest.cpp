//===- CAPIHandleTest.cpp - C API calls with bad handles and inputs -------===//
//
// Every entry point given NULL handles, NULL out-pointers or out-of-range
// enums returns an error naming the function and the parameter; nothing
// crashes. None of these tests needs a device.
//
//===----------------------------------------------------------------------===//
#include "CAPITestSupport.h"

#include <cstdio>
#include <cstring>

using namespace kiln::capitest;

namespace {

TEST(CAPIHandleTest, ReleasingNullIsANoOp) {
  kiln_device_release(nullptr);
  kiln_queue_release(nullptr);
  kiln_buffer_release(nullptr);
  kiln_binary_release(nullptr);
  kiln_executable_release(nullptr);
  kiln_kernel_release(nullptr);
  kiln_event_release(nullptr);
  kiln_compiler_release(nullptr);
}

TEST(CAPIHandleTest, StatusAndDTypeNames) {
  EXPECT_STREQ(kiln_status_name(KILN_STATUS_OK), "OK");
  EXPECT_STREQ(kiln_status_name(KILN_STATUS_COMPILE_ERROR), "COMPILE_ERROR");
  EXPECT_STREQ(kiln_status_name(static_cast<kiln_status_t>(99)), "UNKNOWN");
  EXPECT_STREQ(kiln_dtype_name(KILN_DTYPE_FLOAT16), "float16");
  EXPECT_STREQ(kiln_dtype_name(KILN_DTYPE_UINT64), "uint64");
  EXPECT_STREQ(kiln_dtype_name(KILN_DTYPE_BFLOAT16), "bfloat16");
  EXPECT_STREQ(kiln_dtype_name(KILN_DTYPE_COMPLEX64), "complex64");
  EXPECT_EQ(kiln_dtype_size(KILN_DTYPE_COMPLEX128), 16u);
  EXPECT_EQ(kiln_dtype_name(static_cast<kiln_dtype_t>(15)), nullptr);
  EXPECT_EQ(kiln_dtype_size(KILN_DTYPE_BOOL), 1u);
  EXPECT_EQ(kiln_dtype_size(KILN_DTYPE_INT16), 2u);
  EXPECT_EQ(kiln_dtype_size(KILN_DTYPE_FLOAT64), 8u);
  EXPECT_EQ(kiln_dtype_size(static_cast<kiln_dtype_t>(-1)), 0u);
}

TEST(CAPIHandleTest, SuccessClearsTheLastError) {
  kiln_device_t device = nullptr;
  EXPECT_KILN_ERROR(kiln_device_open(nullptr, &device),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_device_open: selector is NULL");
  kiln_binary_t binary = nullptr;
  const uint32_t words[1] = {0x07230203};
  ASSERT_KILN_OK(
      kiln_binary_create(KILN_BINARY_SPIRV, nullptr, words, 4, &binary));
  EXPECT_STREQ(kiln_last_error_message(), "");
  kiln_binary_release(binary);
}

TEST(CAPIHandleTest, UnknownDevices) {
  kiln_device_t device = reinterpret_cast<kiln_device_t>(1);
  EXPECT_KILN_ERROR(kiln_device_open("tpu", &device), KILN_STATUS_NOT_FOUND,
                    "unknown device 'tpu'");
  EXPECT_EQ(device, nullptr) << "a failed call leaves the out-handle NULL";
  EXPECT_KILN_ERROR(kiln_device_open("opencl:99", &device),
                    KILN_STATUS_NOT_FOUND, "opencl:99");
  EXPECT_KILN_ERROR(kiln_device_open("cpu", nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_device_open: out is NULL");
}

TEST(CAPIHandleTest, NullDeviceQueueAndBuffer) {
  const char *name = nullptr;
  kiln_backend_t backend;
  kiln_queue_t queue = nullptr;
  kiln_buffer_t buffer = nullptr;
  size_t size = 0;
  char host[4] = {0};
  EXPECT_KILN_ERROR(kiln_device_name(nullptr, &name),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_device_name: device is NULL");
  EXPECT_KILN_ERROR(kiln_device_backend(nullptr, &backend),
                    KILN_STATUS_INVALID_ARGUMENT, "device is NULL");
  EXPECT_KILN_ERROR(kiln_queue_create(nullptr, &queue),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_create: device is NULL");
  EXPECT_KILN_ERROR(kiln_queue_finish(nullptr), KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_queue_finish: queue is NULL");
  EXPECT_KILN_ERROR(kiln_buffer_create(nullptr, 16, &buffer),
                    KILN_STATUS_INVALID_ARGUMENT, "device is NULL");
  EXPECT_KILN_ERROR(kiln_buffer_size(nullptr, &size),
                    KILN_STATUS_INVALID_ARGUMENT, "buffer is NULL");
  EXPECT_KILN_ERROR(kiln_buffer_write(nullptr, nullptr, host, 4),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_buffer_write: queue is NULL");
  EXPECT_KILN_ERROR(kiln_buffer_read(nullptr, nullptr, host, 4),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_buffer_read: queue is NULL");
}

TEST(CAPIHandleTest, NullExecutableKernelAndEvent) {
  kiln_executable_t executable = nullptr;
  kiln_kernel_t kernel = nullptr;
  kiln_event_t event = nullptr;
  kiln_event_state_t state;
  size_t count = 0;
  int64_t range[1] = {4};
  EXPECT_KILN_ERROR(kiln_executable_load(nullptr, nullptr, &executable),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_executable_load: device is NULL");
  EXPECT_KILN_ERROR(kiln_kernel_get(nullptr, "saxpy", &kernel),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_kernel_get: executable is NULL");
  EXPECT_KILN_ERROR(kiln_kernel_param_count(nullptr, &count),
                    KILN_STATUS_INVALID_ARGUMENT, "kernel is NULL");
  EXPECT_KILN_ERROR(
      kiln_kernel_param_info(nullptr, 0, nullptr, nullptr, nullptr, nullptr),
      KILN_STATUS_INVALID_ARGUMENT, "kiln_kernel_param_info: kernel is NULL");
  EXPECT_KILN_ERROR(
      kiln_launch(nullptr, nullptr, 1, range, nullptr, 0, nullptr, 0),
      KILN_STATUS_INVALID_ARGUMENT, "kiln_launch: queue is NULL");
  EXPECT_KILN_ERROR(kiln_launch_async(nullptr, nullptr, 1, range, nullptr, 0,
                                      nullptr, 0, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_launch_async: out_event is NULL");
  EXPECT_KILN_ERROR(kiln_launch_async(nullptr, nullptr, 1, range, nullptr, 0,
                                      nullptr, 0, &event),
                    KILN_STATUS_INVALID_ARGUMENT, "queue is NULL");
  EXPECT_KILN_ERROR(kiln_event_wait(nullptr), KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_event_wait: event is NULL");
  EXPECT_KILN_ERROR(kiln_event_state(nullptr, &state),
                    KILN_STATUS_INVALID_ARGUMENT, "event is NULL");
}

TEST(CAPIHandleTest, BinaryDescriptions) {
  const uint32_t words[2] = {0x07230203, 0};
  kiln_binary_t binary = nullptr;
  EXPECT_KILN_ERROR(
      kiln_binary_create(KILN_BINARY_SPIRV, nullptr, words, 6, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "not a whole number of words");
  EXPECT_KILN_ERROR(kiln_binary_create(static_cast<kiln_binary_format_t>(7),
                                       nullptr, words, 8, &binary),
                    KILN_STATUS_INVALID_ARGUMENT, "unknown binary format 7");
  EXPECT_KILN_ERROR(
      kiln_binary_create(KILN_BINARY_PTX, "sm_90", words, 0, &binary),
      KILN_STATUS_INVALID_ARGUMENT, "the device code is empty");
  ASSERT_KILN_OK(
      kiln_binary_create(KILN_BINARY_SPIRV, nullptr, words, 8, &binary));

  kiln_param_desc_t params[2] = {
      {"a", KILN_PARAM_SCALAR, KILN_DTYPE_FLOAT32, 0},
      {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1}};
  ASSERT_KILN_OK(
      kiln_binary_add_kernel(binary, "k", KILN_INDEX_ITEM, params, 2));
  EXPECT_KILN_ERROR(
      kiln_binary_add_kernel(binary, "k", KILN_INDEX_ITEM, params, 2),
      KILN_STATUS_INVALID_ARGUMENT, "kernel 'k': described twice");
  kiln_param_desc_t badRank[1] = {
      {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 4}};
  EXPECT_KILN_ERROR(
      kiln_binary_add_kernel(binary, "k2", KILN_INDEX_ITEM, badRank, 1),
      KILN_STATUS_INVALID_ARGUMENT,
      "parameter 0 ('x') is an array of rank 4; arrays and accessors have "
      "rank 1 to 3");
  kiln_param_desc_t badKind[1] = {
      {"x", static_cast<kiln_param_kind_t>(9), KILN_DTYPE_FLOAT32, 1}};
  EXPECT_KILN_ERROR(
      kiln_binary_add_kernel(binary, "k5", KILN_INDEX_ITEM, badKind, 1),
      KILN_STATUS_INVALID_ARGUMENT, "parameter 0 ('x') has an unknown kind 9");
  kiln_param_desc_t badDType[1] = {
      {"s", KILN_PARAM_SCALAR, static_cast<kiln_dtype_t>(40), 0}};
  EXPECT_KILN_ERROR(
      kiln_binary_add_kernel(binary, "k3", KILN_INDEX_ITEM, badDType, 1),
      KILN_STATUS_INVALID_ARGUMENT,
      "parameter 0 ('s') has an unknown dtype 40");
  EXPECT_KILN_ERROR(
      kiln_binary_add_kernel(binary, "k4", KILN_INDEX_ITEM, nullptr, 1),
      KILN_STATUS_INVALID_ARGUMENT, "params is NULL");

  size_t count = 0;
  const char *name = nullptr;
  kiln_binary_format_t format;
  const void *data = nullptr;
  size_t size = 0;
  EXPECT_KILN_OK(kiln_binary_kernel_count(binary, &count));
  EXPECT_EQ(count, 1u);
  EXPECT_KILN_OK(kiln_binary_kernel_name(binary, 0, &name));
  EXPECT_STREQ(name, "k");
  EXPECT_KILN_ERROR(kiln_binary_kernel_name(binary, 1, &name),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kernel index 1 out of range (1 kernels)");
  EXPECT_KILN_OK(kiln_binary_format(binary, &format));
  EXPECT_EQ(format, KILN_BINARY_SPIRV);
  EXPECT_KILN_OK(kiln_binary_data(binary, &data, &size));
  EXPECT_EQ(size, 8u);
  kiln_binary_release(binary);
}

// Reading artifacts that load is covered by test/Tools/bench-gpu-cpu-dry.test
// (kilnc --emit-artifact, then this call through ctypes); here the errors.
TEST(CAPIHandleTest, BinaryFromArtifactFileErrors) {
  kiln_binary_t binary = reinterpret_cast<kiln_binary_t>(1);
  EXPECT_KILN_ERROR(kiln_binary_read_file(nullptr, &binary),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_binary_read_file: path is NULL");
  EXPECT_EQ(binary, nullptr);
  std::string missing = ::testing::TempDir() + "kiln-capi-missing.kiln";
  std::remove(missing.c_str());
  EXPECT_KILN_ERROR(kiln_binary_read_file(missing.c_str(), &binary),
                    KILN_STATUS_NOT_FOUND, missing);
  std::string garbage = ::testing::TempDir() + "kiln-capi-garbage.kiln";
  FILE *file = std::fopen(garbage.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  std::fputs("not an artifact, but long enough to hold a header", file);
  std::fclose(file);
  EXPECT_KILN_ERROR(kiln_binary_read_file(garbage.c_str(), &binary),
                    KILN_STATUS_DATA_LOSS, garbage);
  EXPECT_EQ(binary, nullptr);
  std::remove(garbage.c_str());
}

// The same bytes from memory (the Python package's disk-cache index loads
// the JIT's entries so); loading them is covered by test_disk_index.py.
TEST(CAPIHandleTest, BinaryFromArtifactBytesErrors) {
  kiln_binary_t binary = reinterpret_cast<kiln_binary_t>(1);
  EXPECT_KILN_ERROR(kiln_binary_read_memory("", 0, nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_binary_read_memory: out is NULL");
  EXPECT_KILN_ERROR(kiln_binary_read_memory(nullptr, 8, &binary),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_binary_read_memory: data is NULL");
  EXPECT_EQ(binary, nullptr);
  const char garbage[] = "not an artifact, but long enough to hold a header";
  binary = reinterpret_cast<kiln_binary_t>(1);
  EXPECT_EQ(kiln_binary_read_memory(garbage, sizeof garbage, &binary),
            KILN_STATUS_DATA_LOSS);
  EXPECT_EQ(binary, nullptr);
  EXPECT_EQ(kiln_binary_read_memory(garbage, 0, &binary),
            KILN_STATUS_DATA_LOSS);
  EXPECT_EQ(binary, nullptr);
}

TEST(CAPIHandleTest, ArgumentBuilders) {
  kiln_arg_t f = kiln_arg_float32(1.5f);
  EXPECT_EQ(f.kind, KILN_ARG_SCALAR);
  EXPECT_EQ(f.dtype, KILN_DTYPE_FLOAT32);
  float back;
  std::memcpy(&back, f.value, sizeof back);
  EXPECT_EQ(back, 1.5f);
  EXPECT_EQ(kiln_arg_bool(7).value[0], 1);
  EXPECT_EQ(kiln_arg_int64(-1).dtype, KILN_DTYPE_INT64);
  EXPECT_EQ(kiln_arg_scalar(KILN_DTYPE_INT32, nullptr).kind, KILN_ARG_INVALID);
  int32_t v = 3;
  EXPECT_EQ(kiln_arg_scalar(static_cast<kiln_dtype_t>(50), &v).kind,
            KILN_ARG_INVALID);

  int64_t shape[2] = {3, 4};
  kiln_arg_t a = kiln_arg_array(nullptr, shape, 2, KILN_DTYPE_UINT8);
  EXPECT_EQ(a.kind, KILN_ARG_ARRAY);
  EXPECT_EQ(a.rank, 2);
  EXPECT_EQ(a.shape[1], 4);
  EXPECT_EQ(kiln_arg_array(nullptr, nullptr, 1, KILN_DTYPE_UINT8).kind,
            KILN_ARG_INVALID);
  kiln_arg_t local = kiln_arg_local_accessor(shape, 2, KILN_DTYPE_FLOAT32);
  EXPECT_EQ(local.kind, KILN_ARG_LOCAL_ACCESSOR);
  EXPECT_EQ(local.buffer, nullptr);
  EXPECT_EQ(local.shape[0], 3);
  EXPECT_EQ(kiln_arg_local_accessor(nullptr, 1, KILN_DTYPE_FLOAT32).kind,
            KILN_ARG_INVALID);
  EXPECT_EQ(
      kiln_arg_array(nullptr, shape, KILN_MAX_RANK + 1, KILN_DTYPE_UINT8).kind,
      KILN_ARG_INVALID);
}

} // namespace
