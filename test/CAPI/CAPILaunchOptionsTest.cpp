//===- CAPILaunchOptionsTest.cpp - Launch attributes through kiln/kiln.h --===//
//
// kiln_launch_options_t on the OpenCL CPU device (PoCL), which honours no
// launch attribute: options that ask for nothing launch (sync and async,
// Range and NdRange with dynamic local memory from a local accessor), each
// attribute is refused with the C++ API's "<attribute> is unsupported on
// '<device>'", and the C-only input errors (struct sizes, unknown bits, enum
// values) are named. On CUDA the honoured attributes launch and return
// their events; without a CUDA driver those tests skip with the reason.
//
// Only the C header is used, with the precompiled runtime test kernels
// (test/Runtime/kernels, built by llc-22): no compiler is needed, as for an
// application that ships kernels.
//
//===----------------------------------------------------------------------===//
#include "kiln/kiln.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::string lastError() { return kiln_last_error_message(); }

#define ASSERT_KILN_OK(call) ASSERT_EQ((call), KILN_STATUS_OK) << lastError()
#define EXPECT_KILN_OK(call) EXPECT_EQ((call), KILN_STATUS_OK) << lastError()

/// The bytes of a precompiled test kernel file; empty if it was not built.
std::vector<char> readKernelFile(const std::string &name) {
  const char *dir = std::getenv("KILN_TEST_KERNEL_DIR");
  std::string path =
      std::string(dir && *dir ? dir : KILN_TEST_KERNEL_DIR) + "/" + name;
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
}

/// A device with the runtime test module: saxpy(a: float32, x: float32[1],
/// y: float32[1]) and reverse_in_group(nd, x, y, tile: LocalAccessor).
class PrecompiledKernels : public ::testing::Test {
protected:
  /// Opens `selector` and loads `file` as `format`; skips, saying why,
  /// where the device, the kernel file or a loading tool is missing.
  void open(const char *selector, kiln_binary_format_t format,
            const char *file) {
    if (kiln_device_open(selector, &device) != KILN_STATUS_OK)
      GTEST_SKIP() << "no device '" << selector << "': " << lastError();
    std::vector<char> code = readKernelFile(file);
    if (code.empty())
      GTEST_SKIP() << "test kernel '" << file
                   << "' was not built (needs llc-22)";
    kiln_binary_t binary = nullptr;
    ASSERT_KILN_OK(kiln_binary_create(
        format, format == KILN_BINARY_PTX ? "sm_90" : nullptr, code.data(),
        code.size(), &binary));
    const kiln_param_desc_t saxpyParams[] = {
        {"a", KILN_PARAM_SCALAR, KILN_DTYPE_FLOAT32, 0},
        {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
        {"y", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1}};
    const kiln_param_desc_t reverseParams[] = {
        {"x", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
        {"y", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
        {"tile", KILN_PARAM_LOCAL_ACCESSOR, KILN_DTYPE_FLOAT32, 1}};
    EXPECT_KILN_OK(kiln_binary_add_kernel(binary, "saxpy", KILN_INDEX_ITEM,
                                          saxpyParams, 3));
    EXPECT_KILN_OK(kiln_binary_add_kernel(
        binary, "reverse_in_group", KILN_INDEX_ND_ITEM, reverseParams, 3));
    kiln_status_t loaded = kiln_executable_load(device, binary, &executable);
    kiln_binary_release(binary);
    // PoCL takes SPIR through llvm-spirv-15; a machine without it skips.
    if (loaded == KILN_STATUS_UNAVAILABLE)
      GTEST_SKIP() << "cannot load " << file << ": " << lastError();
    ASSERT_KILN_OK(loaded);
    ASSERT_KILN_OK(kiln_kernel_get(executable, "saxpy", &saxpy));
    ASSERT_KILN_OK(kiln_kernel_get(executable, "reverse_in_group", &reverse));
    ASSERT_KILN_OK(kiln_queue_create(device, &queue));
    ASSERT_KILN_OK(kiln_device_name(device, &deviceName));
  }

  void TearDown() override {
    for (kiln_buffer_t buffer : buffers)
      kiln_buffer_release(buffer);
    kiln_kernel_release(saxpy);
    kiln_kernel_release(reverse);
    kiln_executable_release(executable);
    kiln_queue_release(queue);
    kiln_device_release(device);
  }

  kiln_buffer_t upload(const std::vector<float> &values) {
    kiln_buffer_t buffer = nullptr;
    EXPECT_KILN_OK(
        kiln_buffer_create(device, values.size() * sizeof(float), &buffer));
    if (buffer) {
      EXPECT_KILN_OK(kiln_buffer_write(queue, buffer, values.data(),
                                       values.size() * sizeof(float)));
    }
    buffers.push_back(buffer);
    return buffer;
  }

  std::vector<float> download(kiln_buffer_t buffer, size_t count) {
    std::vector<float> out(count);
    EXPECT_KILN_OK(
        kiln_buffer_read(queue, buffer, out.data(), count * sizeof(float)));
    return out;
  }

  /// saxpy's arguments over x, y of `n` elements.
  std::vector<kiln_arg_t> saxpyArgs(float a, kiln_buffer_t x, kiln_buffer_t y,
                                    const int64_t *n) {
    return {kiln_arg_float32(a), kiln_arg_array(x, n, 1, KILN_DTYPE_FLOAT32),
            kiln_arg_array(y, n, 1, KILN_DTYPE_FLOAT32)};
  }

  kiln_device_t device = nullptr;
  const char *deviceName = nullptr;
  kiln_queue_t queue = nullptr;
  kiln_executable_t executable = nullptr;
  kiln_kernel_t saxpy = nullptr;
  kiln_kernel_t reverse = nullptr;
  std::vector<kiln_buffer_t> buffers;
};

class CpuLaunchOptions : public PrecompiledKernels {
protected:
  void SetUp() override { open("cpu", KILN_BINARY_SPIRV, "test_kernels.spv"); }
};

/// Options asking for `attribute` alone with a value in range.
kiln_launch_options_t only(kiln_launch_attribute_t attribute,
                           kiln_buffer_t window) {
  kiln_launch_options_t options;
  kiln_launch_options_init(&options);
  options.attributes = KILN_LAUNCH_ATTRIBUTE_BIT(attribute);
  options.cluster_scheduling_policy = KILN_CLUSTER_SCHEDULING_SPREAD;
  options.mem_sync_domain = KILN_MEM_SYNC_DOMAIN_REMOTE;
  options.access_policy_window_buffer = window;
  options.access_policy_window_bytes = 64;
  options.shared_mem_carveout = 50;
  return options;
}

TEST(CAPILaunchOptionsStruct, InitAndAttributeNames) {
  kiln_launch_options_t options;
  std::memset(&options, 0x5a, sizeof(options));
  kiln_launch_options_init(&options);
  EXPECT_EQ(options.struct_size, sizeof(kiln_launch_options_t));
  EXPECT_EQ(options.attributes, 0u);
  EXPECT_EQ(options.cluster_dim[0], 1u);
  EXPECT_EQ(options.cluster_dim[2], 1u);
  EXPECT_EQ(options.access_policy_window_buffer, nullptr);
  EXPECT_EQ(options.access_policy_window_hit_ratio, 1.0f);
  EXPECT_EQ(options.access_policy_window_hit_property,
            KILN_ACCESS_PROPERTY_PERSISTING);
  EXPECT_EQ(options.access_policy_window_miss_property,
            KILN_ACCESS_PROPERTY_STREAMING);
  kiln_launch_events_t events;
  std::memset(&events, 0x5a, sizeof(events));
  kiln_launch_events_init(&events);
  EXPECT_EQ(events.struct_size, sizeof(kiln_launch_events_t));
  EXPECT_EQ(events.device, nullptr);
  EXPECT_EQ(events.programmatic, nullptr);
  EXPECT_EQ(events.launch_completion, nullptr);
  const char *names[] = {"cooperative",
                         "clusterDim",
                         "clusterSchedulingPolicy",
                         "priority",
                         "programmaticStreamSerialization",
                         "programmaticEvent",
                         "launchCompletionEvent",
                         "memSyncDomain",
                         "accessPolicyWindow",
                         "sharedMemCarveout"};
  for (int i = 0; i < KILN_LAUNCH_ATTRIBUTE_COUNT; ++i)
    EXPECT_STREQ(
        kiln_launch_attribute_name(static_cast<kiln_launch_attribute_t>(i)),
        names[i]);
  EXPECT_EQ(kiln_launch_attribute_name(static_cast<kiln_launch_attribute_t>(
                KILN_LAUNCH_ATTRIBUTE_COUNT)),
            nullptr);
}

TEST_F(CpuLaunchOptions, CapabilityQueriesReportNoAttribute) {
  for (int i = 0; i < KILN_LAUNCH_ATTRIBUTE_COUNT; ++i) {
    int supported = -1;
    ASSERT_KILN_OK(kiln_device_supports_launch_attribute(
        device, static_cast<kiln_launch_attribute_t>(i), &supported));
    EXPECT_EQ(supported, 0)
        << kiln_launch_attribute_name(static_cast<kiln_launch_attribute_t>(i));
  }
  int supported = 0;
  EXPECT_EQ(kiln_device_supports_launch_attribute(
                device, static_cast<kiln_launch_attribute_t>(10), &supported),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kiln_device_supports_launch_attribute: attribute 10 "
                         "is not a kiln_launch_attribute_t");
  int highest = 7, lowest = 7;
  ASSERT_KILN_OK(kiln_device_launch_priority_range(device, &highest, &lowest));
  EXPECT_EQ(highest, 0);
  EXPECT_EQ(lowest, 0);
  size_t window = 1, groupSize = 0, localMem = 0;
  ASSERT_KILN_OK(kiln_device_max_access_policy_window(device, &window));
  EXPECT_EQ(window, 0u);
  ASSERT_KILN_OK(kiln_device_max_work_group_size(device, &groupSize));
  EXPECT_GT(groupSize, 0u);
  ASSERT_KILN_OK(kiln_device_local_mem_size(device, &localMem));
  EXPECT_GT(localMem, 0u);
  EXPECT_EQ(kiln_device_local_mem_size(nullptr, &localMem),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kiln_device_local_mem_size: device is NULL");
}

TEST_F(CpuLaunchOptions, EmptyOptionsLaunchSyncAndAsync) {
  const int64_t n[1] = {1000};
  std::vector<float> x(n[0]);
  for (int64_t i = 0; i < n[0]; ++i)
    x[i] = static_cast<float>(i);
  kiln_buffer_t dx = upload(x), dy = upload(std::vector<float>(n[0], 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(2.0f, dx, dy, n);
  kiln_launch_options_t options;
  kiln_launch_options_init(&options);
  // Synchronous, with and without an options struct.
  ASSERT_KILN_OK(kiln_launch_with_options(
      queue, saxpy, 1, n, nullptr, args.data(), 3, nullptr, 0, &options));
  ASSERT_KILN_OK(kiln_launch_with_options(queue, saxpy, 1, n, nullptr,
                                          args.data(), 3, nullptr, 0, nullptr));
  // Asynchronous: only the device event, which the next launch waits on.
  kiln_launch_events_t first, second;
  kiln_launch_events_init(&first);
  kiln_launch_events_init(&second);
  ASSERT_KILN_OK(kiln_launch_async_with_options(queue, saxpy, 1, n, nullptr,
                                                args.data(), 3, nullptr, 0,
                                                &options, &first));
  ASSERT_NE(first.device, nullptr);
  EXPECT_EQ(first.programmatic, nullptr);
  EXPECT_EQ(first.launch_completion, nullptr);
  ASSERT_KILN_OK(kiln_launch_async_with_options(queue, saxpy, 1, n, nullptr,
                                                args.data(), 3, &first.device,
                                                1, &options, &second));
  ASSERT_KILN_OK(kiln_event_wait(second.device));
  kiln_event_state_t state = KILN_EVENT_PENDING;
  ASSERT_KILN_OK(kiln_event_state(first.device, &state));
  EXPECT_EQ(state, KILN_EVENT_COMPLETE);
  kiln_event_release(first.device);
  kiln_event_release(second.device);
  std::vector<float> y = download(dy, n[0]);
  for (int64_t i = 0; i < n[0]; ++i)
    ASSERT_EQ(y[i], 8.0f * x[i] + 1.0f) << "at " << i;
}

TEST_F(CpuLaunchOptions, DynamicLocalMemoryFromLocalAccessors) {
  const int64_t n[1] = {256}, group[1] = {64};
  std::vector<float> x(n[0]);
  for (int64_t i = 0; i < n[0]; ++i)
    x[i] = static_cast<float>(i);
  kiln_buffer_t dx = upload(x), dy = upload(std::vector<float>(n[0], -1.0f));
  kiln_arg_t args[3] = {kiln_arg_array(dx, n, 1, KILN_DTYPE_FLOAT32),
                        kiln_arg_array(dy, n, 1, KILN_DTYPE_FLOAT32),
                        kiln_arg_local_accessor(group, 1, KILN_DTYPE_FLOAT32)};
  kiln_launch_options_t options;
  kiln_launch_options_init(&options);
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  ASSERT_KILN_OK(kiln_launch_async_with_options(
      queue, reverse, 1, n, group, args, 3, nullptr, 0, &options, &events));
  ASSERT_KILN_OK(kiln_event_wait(events.device));
  kiln_event_release(events.device);
  std::vector<float> y = download(dy, n[0]);
  for (int64_t i = 0; i < n[0]; ++i) {
    int64_t base = i / group[0] * group[0];
    ASSERT_EQ(y[i], x[base + group[0] - 1 - (i - base)]) << "at " << i;
  }
  // More local memory than the device has: the C++ error, naming 'tile'.
  size_t localMem = 0;
  ASSERT_KILN_OK(kiln_device_local_mem_size(device, &localMem));
  const int64_t tooMany[1] = {static_cast<int64_t>(localMem / 4 + 1)};
  args[2] = kiln_arg_local_accessor(tooMany, 1, KILN_DTYPE_FLOAT32);
  EXPECT_EQ(kiln_launch_with_options(queue, reverse, 1, n, group, args, 3,
                                     nullptr, 0, &options),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError().rfind("argument 'tile' of kernel 'reverse_in_group': "
                              "local memory of ",
                              0),
            0u)
      << lastError();
}

TEST_F(CpuLaunchOptions, EveryAttributeIsUnsupportedOnTheDevice) {
  const int64_t n[1] = {64};
  kiln_buffer_t dx = upload(std::vector<float>(n[0], 1.0f));
  kiln_buffer_t dy = upload(std::vector<float>(n[0], 5.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(2.0f, dx, dy, n);
  for (int i = 0; i < KILN_LAUNCH_ATTRIBUTE_COUNT; ++i) {
    auto attribute = static_cast<kiln_launch_attribute_t>(i);
    kiln_launch_options_t options = only(attribute, dy);
    std::string expected = std::string(kiln_launch_attribute_name(attribute)) +
                           " is unsupported on '" + deviceName + "'";
    EXPECT_EQ(kiln_launch_with_options(queue, saxpy, 1, n, nullptr, args.data(),
                                       3, nullptr, 0, &options),
              KILN_STATUS_UNIMPLEMENTED)
        << expected;
    EXPECT_EQ(lastError(), expected);
    kiln_launch_events_t events;
    kiln_launch_events_init(&events);
    EXPECT_EQ(kiln_launch_async_with_options(queue, saxpy, 1, n, nullptr,
                                             args.data(), 3, nullptr, 0,
                                             &options, &events),
              KILN_STATUS_UNIMPLEMENTED);
    EXPECT_EQ(lastError(), expected);
    EXPECT_EQ(events.device, nullptr);
    EXPECT_EQ(events.programmatic, nullptr);
    EXPECT_EQ(events.launch_completion, nullptr);
  }
  // Argument errors come first, as in C++.
  kiln_launch_options_t cooperative =
      only(KILN_LAUNCH_ATTRIBUTE_COOPERATIVE, nullptr);
  EXPECT_EQ(kiln_launch_with_options(queue, saxpy, 1, n, nullptr, args.data(),
                                     2, nullptr, 0, &cooperative),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kernel 'saxpy' takes 3 arguments (a, x, y), got 2");
  // Nothing ran.
  ASSERT_KILN_OK(kiln_queue_finish(queue));
  EXPECT_EQ(download(dy, n[0]), std::vector<float>(n[0], 5.0f));
}

TEST_F(CpuLaunchOptions, MalformedOptionsAreNamed) {
  const int64_t n[1] = {64};
  kiln_buffer_t dx = upload(std::vector<float>(n[0], 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(2.0f, dx, dx, n);
  auto launchWith = [&](const kiln_launch_options_t &options) {
    return kiln_launch_with_options(queue, saxpy, 1, n, nullptr, args.data(), 3,
                                    nullptr, 0, &options);
  };
  kiln_launch_options_t options;
  kiln_launch_options_init(&options);
  options.struct_size = 8;
  EXPECT_EQ(launchWith(options), KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(),
            "kiln_launch_with_options: options->struct_size is 8, expected at "
            "least " +
                std::to_string(sizeof(kiln_launch_options_t)) +
                " (initialise it with kiln_launch_options_init)");
  kiln_launch_options_init(&options);
  options.attributes =
      KILN_LAUNCH_ATTRIBUTE_BIT(12) |
      KILN_LAUNCH_ATTRIBUTE_BIT(KILN_LAUNCH_ATTRIBUTE_PRIORITY);
  EXPECT_EQ(launchWith(options), KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kiln_launch_with_options: options->attributes has "
                         "unknown bits 0x1000");
  options = only(KILN_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN, nullptr);
  options.mem_sync_domain = static_cast<kiln_mem_sync_domain_t>(2);
  EXPECT_EQ(launchWith(options), KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kiln_launch_with_options: options->mem_sync_domain "
                         "2 is not a kiln_mem_sync_domain_t");
  options = only(KILN_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, dx);
  options.access_policy_window_miss_property =
      static_cast<kiln_access_property_t>(-1);
  EXPECT_EQ(launchWith(options), KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(),
            "kiln_launch_with_options: "
            "options->access_policy_window_miss_property -1 is not a "
            "kiln_access_property_t");
  // An unset attribute's field is not read.
  kiln_launch_options_init(&options);
  options.cluster_scheduling_policy =
      static_cast<kiln_cluster_scheduling_policy_t>(99);
  EXPECT_KILN_OK(launchWith(options));
  // The events struct must be initialised.
  kiln_launch_events_t events;
  std::memset(&events, 0, sizeof(events));
  kiln_launch_options_init(&options);
  EXPECT_EQ(kiln_launch_async_with_options(queue, saxpy, 1, n, nullptr,
                                           args.data(), 3, nullptr, 0, &options,
                                           &events),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(),
            "kiln_launch_async_with_options: out_events->struct_size is 0, "
            "expected at least " +
                std::to_string(sizeof(kiln_launch_events_t)) +
                " (initialise it with kiln_launch_events_init)");
  EXPECT_EQ(kiln_launch_async_with_options(queue, saxpy, 1, n, nullptr,
                                           args.data(), 3, nullptr, 0, &options,
                                           nullptr),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kiln_launch_async_with_options: out_events is NULL");
  EXPECT_EQ(kiln_launch_with_options(queue, saxpy, 0, n, nullptr, args.data(),
                                     3, nullptr, 0, &options),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError(), "kiln_launch_with_options: a range has 1 to 3 "
                         "dimensions, got 0");
}

/// The same module as PTX on cuda:0; skipped where there is no CUDA driver.
class CudaLaunchOptions : public PrecompiledKernels {
protected:
  void SetUp() override { open("cuda:0", KILN_BINARY_PTX, "test_kernels.ptx"); }
};

TEST_F(CudaLaunchOptions, HonouredAttributesLaunchAndReturnTheirEvents) {
  const int64_t n[1] = {4096};
  std::vector<float> x(n[0]);
  for (int64_t i = 0; i < n[0]; ++i)
    x[i] = static_cast<float>(i);
  kiln_buffer_t dx = upload(x), dy = upload(std::vector<float>(n[0], 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(2.0f, dx, dy, n);
  int highest = 0, lowest = 0;
  ASSERT_KILN_OK(kiln_device_launch_priority_range(device, &highest, &lowest));
  EXPECT_LE(highest, lowest);
  kiln_launch_options_t options;
  kiln_launch_options_init(&options);
  int supported = 0;
  ASSERT_KILN_OK(kiln_device_supports_launch_attribute(
      device, KILN_LAUNCH_ATTRIBUTE_PRIORITY, &supported));
  EXPECT_EQ(supported, 1); // Every CUDA device has stream priorities.
  options.attributes |=
      KILN_LAUNCH_ATTRIBUTE_BIT(KILN_LAUNCH_ATTRIBUTE_PRIORITY);
  options.priority = highest;
  bool completion = false;
  ASSERT_KILN_OK(kiln_device_supports_launch_attribute(
      device, KILN_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT, &supported));
  if (supported) {
    options.attributes |= KILN_LAUNCH_ATTRIBUTE_BIT(
        KILN_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT);
    completion = true;
  }
  kiln_launch_events_t events;
  kiln_launch_events_init(&events);
  ASSERT_KILN_OK(kiln_launch_async_with_options(queue, saxpy, 1, n, nullptr,
                                                args.data(), 3, nullptr, 0,
                                                &options, &events));
  ASSERT_NE(events.device, nullptr);
  EXPECT_EQ(events.programmatic, nullptr);
  EXPECT_EQ(events.launch_completion != nullptr, completion);
  if (events.launch_completion) {
    EXPECT_KILN_OK(kiln_event_wait(events.launch_completion));
  }
  ASSERT_KILN_OK(kiln_event_wait(events.device));
  kiln_event_release(events.launch_completion);
  kiln_event_release(events.device);
  std::vector<float> y = download(dy, n[0]);
  for (int64_t i = 0; i < n[0]; ++i)
    ASSERT_EQ(y[i], 2.0f * x[i] + 1.0f) << "at " << i;
  // A value out of range is the C++ value error.
  options.attributes =
      KILN_LAUNCH_ATTRIBUTE_BIT(KILN_LAUNCH_ATTRIBUTE_PRIORITY);
  options.priority = lowest + 1;
  EXPECT_EQ(kiln_launch_with_options(queue, saxpy, 1, n, nullptr, args.data(),
                                     3, nullptr, 0, &options),
            KILN_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lastError().rfind("priority " + std::to_string(lowest + 1), 0), 0u)
      << lastError();
}

TEST_F(CudaLaunchOptions, CapabilityQueryMatchesEachAttributesOutcome) {
  const int64_t n[1] = {256};
  kiln_buffer_t dy = upload(std::vector<float>(n[0], 1.0f));
  std::vector<kiln_arg_t> args = saxpyArgs(0.0f, dy, dy, n);
  for (int i = 0; i < KILN_LAUNCH_ATTRIBUTE_COUNT; ++i) {
    auto attribute = static_cast<kiln_launch_attribute_t>(i);
    int supported = 0;
    ASSERT_KILN_OK(
        kiln_device_supports_launch_attribute(device, attribute, &supported));
    kiln_launch_options_t options = only(attribute, dy);
    kiln_status_t status = kiln_launch_with_options(
        queue, saxpy, 1, n, nullptr, args.data(), 3, nullptr, 0, &options);
    if (supported) {
      EXPECT_EQ(status, KILN_STATUS_OK)
          << kiln_launch_attribute_name(attribute) << ": " << lastError();
    } else {
      EXPECT_EQ(status, KILN_STATUS_UNIMPLEMENTED);
      EXPECT_EQ(lastError(),
                std::string(kiln_launch_attribute_name(attribute)) +
                    " is unsupported on '" + deviceName + "'");
    }
  }
}

} // namespace
