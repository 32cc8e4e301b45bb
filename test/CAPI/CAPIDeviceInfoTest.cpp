//===- CAPIDeviceInfoTest.cpp - Device discovery and properties in C ------===//
//
// kiln_device_list_* (what kiln-run --list-devices shows) and
// kiln_device_info on the OpenCL CPU device (PoCL): the listed entry of the
// opened device has the same properties, the growable struct is filled only
// as far as the caller's struct_size, bad input is named. The CUDA case
// skips with the reason where there is no driver.
//
//===----------------------------------------------------------------------===//
#include "CAPIHeaderC99.h"
#include "CAPIRuntimeFixture.h"

#include <cstring>

using namespace kiln::capitest;

namespace {

class CpuDeviceInfo : public PrecompiledKernels {
protected:
  void SetUp() override { open("cpu"); }
};

TEST_F(CpuDeviceInfo, OpenedDeviceReportsItsProperties) {
  kiln_device_info_t info;
  kiln_device_info_init(&info);
  ASSERT_KILN_OK(kiln_device_info(device, &info));
  const char *name = nullptr;
  ASSERT_KILN_OK(kiln_device_name(device, &name));
  EXPECT_STREQ(info.name, name);
  EXPECT_EQ(std::strncmp(info.selector, "opencl:", 7), 0) << info.selector;
  EXPECT_EQ(info.backend, KILN_BACKEND_OPENCL);
  EXPECT_EQ(info.type, KILN_DEVICE_TYPE_CPU);
  size_t wg = 0, local = 0;
  ASSERT_KILN_OK(kiln_device_max_work_group_size(device, &wg));
  ASSERT_KILN_OK(kiln_device_local_mem_size(device, &local));
  EXPECT_EQ(info.max_work_group_size, wg);
  EXPECT_EQ(info.local_mem_size, local);
  EXPECT_EQ(info.compute_capability, 0u);
  // PoCL's CPU device: fp64, profiling, SVM and hence device addresses.
  EXPECT_EQ(info.supports_fp64, 1);
  EXPECT_EQ(info.supports_profiling, 1);
  EXPECT_EQ(info.supports_shared_virtual_memory, 1);
  EXPECT_EQ(info.supports_device_addresses, 1);
  EXPECT_EQ(info.sub_group_size_count == 0, info.sub_group_sizes == nullptr);
  for (size_t i = 0; i < info.sub_group_size_count; ++i)
    EXPECT_GT(info.sub_group_sizes[i], 0u);
}

TEST_F(CpuDeviceInfo, TheListHoldsTheOpenedDeviceWithTheSameProperties) {
  kiln_device_info_t opened;
  kiln_device_info_init(&opened);
  ASSERT_KILN_OK(kiln_device_info(device, &opened));
  kiln_device_list_t list = nullptr;
  ASSERT_KILN_OK(kiln_device_list_create(&list));
  size_t count = 0;
  ASSERT_KILN_OK(kiln_device_list_count(list, &count));
  bool found = false;
  for (size_t i = 0; i < count; ++i) {
    kiln_device_info_t listed;
    kiln_device_info_init(&listed);
    ASSERT_KILN_OK(kiln_device_list_info(list, i, &listed));
    if (std::strcmp(listed.selector, opened.selector) != 0)
      continue;
    found = true;
    EXPECT_STREQ(listed.name, opened.name);
    EXPECT_EQ(listed.backend, opened.backend);
    EXPECT_EQ(listed.max_work_group_size, opened.max_work_group_size);
    EXPECT_EQ(listed.supports_fp16, opened.supports_fp16);
    EXPECT_EQ(listed.supports_int64_atomics, opened.supports_int64_atomics);
    EXPECT_EQ(listed.supports_out_of_order_queues,
              opened.supports_out_of_order_queues);
    EXPECT_EQ(listed.sub_group_size_count, opened.sub_group_size_count);
  }
  EXPECT_TRUE(found) << "'" << opened.selector << "' is not listed";
  // The same discovery made from C99 code.
  size_t c99Count = 0, withSelector = 0;
  ASSERT_KILN_OK(kiln_c99_count_devices(&c99Count, &withSelector));
  EXPECT_EQ(c99Count, count);
  EXPECT_EQ(withSelector, count);
  EXPECT_EQ(kiln_c99_default_queue_options(), 1);
  kiln_device_list_release(list);
}

TEST_F(CpuDeviceInfo, AnOlderSmallerStructIsFilledOnlyAsFarAsItGoes) {
  // A caller whose header ended after `backend`: the bytes beyond its
  // struct_size must stay untouched.
  kiln_device_info_t info;
  std::memset(&info, 0xAB, sizeof(info));
  info.struct_size = offsetof(kiln_device_info_t, type);
  ASSERT_KILN_OK(kiln_device_info(device, &info));
  EXPECT_EQ(info.struct_size, offsetof(kiln_device_info_t, type));
  EXPECT_EQ(info.backend, KILN_BACKEND_OPENCL);
  unsigned char rest[sizeof(info) - offsetof(kiln_device_info_t, type)];
  std::memcpy(rest,
              reinterpret_cast<unsigned char *>(&info) +
                  offsetof(kiln_device_info_t, type),
              sizeof(rest));
  for (unsigned char byte : rest)
    ASSERT_EQ(byte, 0xAB);
}

TEST_F(CpuDeviceInfo, BadInputIsNamed) {
  kiln_device_info_t info;
  std::memset(&info, 0, sizeof(info));
  EXPECT_KILN_ERROR(kiln_device_info(device, &info),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_device_info: out->struct_size is 0 (initialise it "
                    "with kiln_device_info_init)");
  kiln_device_info_init(&info);
  EXPECT_KILN_ERROR(kiln_device_info(nullptr, &info),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_device_info: device is NULL");
  kiln_device_list_t list = nullptr;
  ASSERT_KILN_OK(kiln_device_list_create(&list));
  size_t count = 0;
  ASSERT_KILN_OK(kiln_device_list_count(list, &count));
  EXPECT_KILN_ERROR(
      kiln_device_list_info(list, count, &info), KILN_STATUS_INVALID_ARGUMENT,
      "kiln_device_list_info: index " + std::to_string(count) +
          " is out of range (" + std::to_string(count) + " devices)");
  EXPECT_KILN_ERROR(kiln_device_list_create(nullptr),
                    KILN_STATUS_INVALID_ARGUMENT,
                    "kiln_device_list_create: out is NULL");
  kiln_device_list_release(list);
  kiln_device_list_release(nullptr);
}

class CudaDeviceInfo : public PrecompiledKernels {
protected:
  void SetUp() override { open("cuda:0"); }
};

TEST_F(CudaDeviceInfo, ReportsComputeCapabilityAndDeviceAddresses) {
  kiln_device_info_t info;
  kiln_device_info_init(&info);
  ASSERT_KILN_OK(kiln_device_info(device, &info));
  EXPECT_EQ(info.backend, KILN_BACKEND_CUDA);
  EXPECT_EQ(info.type, KILN_DEVICE_TYPE_GPU);
  EXPECT_GE(info.compute_capability, 50u);
  EXPECT_EQ(info.supports_device_addresses, 1);
  EXPECT_EQ(info.supports_shared_virtual_memory, 0);
  EXPECT_STREQ(info.selector, "cuda:0");
}

} // namespace
