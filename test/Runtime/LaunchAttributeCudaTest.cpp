//===- LaunchAttributeCudaTest.cpp - Launch attributes on a CUDA GPU ----===//
//
// Cooperative grids, thread-block clusters, priorities, memory sync
// domains, L2 access policy windows and the shared-memory carveout on
// cuda:0 (sm_90); every test checks what the kernels computed. Skips with
// the reason without a CUDA driver or an sm_90 device.
//
//===----------------------------------------------------------------------===//
#include "LaunchAttributeCudaFixture.h"

#include <algorithm>
#include <iostream>

namespace kiln {
namespace {

using Attributes = test::CudaAttributeTest;

TEST_F(Attributes, Sm90HonoursEveryAttribute) {
  const DeviceInfo &info = device->info();
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i) {
    auto attribute = static_cast<LaunchAttribute>(i);
    if (attribute == LaunchAttribute::LaunchCompletionEvent &&
        !device->supportsLaunchAttribute(attribute)) {
      std::cout << "[          ] launchCompletionEvent needs a CUDA 12.3 "
                   "driver\n";
      continue;
    }
    EXPECT_TRUE(device->supportsLaunchAttribute(attribute))
        << launchAttributeName(attribute);
  }
  EXPECT_LE(info.highestLaunchPriority, info.lowestLaunchPriority);
  EXPECT_GT(info.maxAccessPolicyWindowBytes, 0u);
  std::cout << "[          ] priorities " << info.highestLaunchPriority
            << " (highest) to " << info.lowestLaunchPriority
            << " (lowest); access policy window up to "
            << info.maxAccessPolicyWindowBytes << " bytes\n";
}

TEST_F(Attributes, CooperativeGridBarrier) {
  auto exchange = kernel("grid_exchange");
  ASSERT_NE(exchange, nullptr);
  for (int64_t blocks : {int64_t(2), int64_t(64), int64_t(128)}) {
    auto stage = ints(blocks, -1), out = ints(blocks, -1), counter = ints(1, 0);
    LaunchOptions options;
    options.cooperative = true;
    ASSERT_OK(launch(*queue, exchange, NdRange{{blocks * 32}, {32}},
                     {KernelArg::array(stage, {blocks}, DType::Int32),
                      KernelArg::array(out, {blocks}, DType::Int32),
                      KernelArg::array(counter, {1}, DType::Int32)},
                     {}, options));
    std::vector<int32_t> got = read(*out, blocks);
    for (int64_t b = 0; b < blocks; ++b)
      ASSERT_EQ(got[b], 3 * ((b + 1) % blocks) + 1) << "block " << b;
    EXPECT_EQ(read(*counter, 1)[0], blocks);
  }
}

TEST_F(Attributes, CooperativeGridThatCannotBeResidentIsRefused) {
  auto exchange = kernel("grid_exchange");
  ASSERT_NE(exchange, nullptr);
  const int64_t blocks = 1000000;
  auto counter = ints(1, 0);
  ASSERT_OK_AND_ASSIGN(big, device->allocateBuffer(blocks * 4));
  LaunchOptions options;
  options.cooperative = true;
  Status status = launch(*queue, exchange, NdRange{{blocks * 32}, {32}},
                         {KernelArg::array(big, {blocks}, DType::Int32),
                          KernelArg::array(big, {blocks}, DType::Int32),
                          KernelArg::array(counter, {1}, DType::Int32)},
                         {}, options);
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  const std::string prefix =
      "launch of kernel 'grid_exchange': cooperative launch of 1000000 "
      "blocks of 32 threads exceeds the ";
  EXPECT_EQ(status.message().rfind(prefix, 0), 0u) << status.message();
  EXPECT_NE(status.message().find(" blocks '" + device->info().name +
                                  "' holds at once ("),
            std::string::npos)
      << status.message();
  ASSERT_OK(queue->finish());
  EXPECT_EQ(read(*counter, 1)[0], 0) << "nothing may have run";
}

TEST_F(Attributes, ClusterRegistersFollowClusterDim) {
  auto ids = kernel("cluster_ids");
  ASSERT_NE(ids, nullptr);
  const int64_t blocks = 16;
  auto run = [&](const LaunchOptions &options) {
    auto out = ints(3 * blocks, -1);
    Status status = launch(*queue, ids, NdRange{{blocks * 32}, {32}},
                           {KernelArg::array(out, {3 * blocks}, DType::Int32)},
                           {}, options);
    EXPECT_TRUE(status.ok()) << status.toString();
    return read(*out, 3 * blocks);
  };
  std::vector<int32_t> plain = run(LaunchOptions{});
  for (int64_t b = 0; b < blocks; ++b)
    EXPECT_EQ(
        std::vector<int32_t>(plain.begin() + 3 * b, plain.begin() + 3 * b + 3),
        (std::vector<int32_t>{0, int32_t(b), 1}))
        << "block " << b << " without clusters";
  for (uint32_t size : {2u, 4u, 8u}) {
    LaunchOptions options;
    options.clusterDim = ClusterDim{size, 1, 1};
    if (size == 4)
      options.clusterSchedulingPolicy = ClusterSchedulingPolicy::Spread;
    if (size == 8)
      options.clusterSchedulingPolicy = ClusterSchedulingPolicy::LoadBalancing;
    std::vector<int32_t> got = run(options);
    for (int64_t b = 0; b < blocks; ++b)
      EXPECT_EQ(
          std::vector<int32_t>(got.begin() + 3 * b, got.begin() + 3 * b + 3),
          (std::vector<int32_t>{int32_t(b % size), int32_t(b / size),
                                int32_t(size)}))
          << "block " << b << " in clusters of " << size;
  }
}

TEST_F(Attributes, ClusterThatDoesNotDivideTheGridIsRefused) {
  auto ids = kernel("cluster_ids");
  auto produce = kernel("produce");
  ASSERT_TRUE(ids && produce);
  auto out = ints(3 * 3, -1);
  LaunchOptions options;
  options.clusterDim = ClusterDim{2, 1, 1};
  Status status =
      launch(*queue, ids, NdRange{{3 * 32}, {32}},
             {KernelArg::array(out, {9}, DType::Int32)}, {}, options);
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(status.message(),
            "launch of kernel 'cluster_ids': clusterDim (2, 1, 1) does not "
            "divide the grid of (3, 1, 1) blocks of (32, 1, 1) threads");
  // A plain Range: 1000 items in blocks of 256 make 4 blocks.
  auto x = ints(1000, 7);
  options.clusterDim = ClusterDim{3, 1, 1};
  EXPECT_EQ(
      launch(*queue, produce, Range{1000}, produceArgs(x, 1000), {}, options)
          .message(),
      "launch of kernel 'produce': clusterDim (3, 1, 1) does not divide "
      "the grid of (4, 1, 1) blocks of (256, 1, 1) threads");
  EXPECT_EQ(read(*out, 9), std::vector<int32_t>(9, -1));
  EXPECT_EQ(read(*x, 1000), std::vector<int32_t>(1000, 7));
}

TEST_F(Attributes, HighAndLowPriorityLaunchesBothRun) {
  auto produce = kernel("produce");
  ASSERT_NE(produce, nullptr);
  ASSERT_OK_AND_ASSIGN(other, device->createQueue());
  const DeviceInfo &info = device->info();
  const int64_t n = 100000;
  auto high = ints(n, 0), low = ints(n, 0);
  LaunchOptions urgent, relaxed;
  urgent.priority = info.highestLaunchPriority;
  relaxed.priority = info.lowestLaunchPriority;
  ASSERT_OK_AND_ASSIGN(slow, launchAsync(*other, produce, Range{n},
                                         produceArgs(low, n, 50), {}, relaxed));
  ASSERT_OK_AND_ASSIGN(fast, launchAsync(*queue, produce, Range{n},
                                         produceArgs(high, n), {}, urgent));
  ASSERT_OK(fast.device->wait());
  ASSERT_OK(slow.device->wait());
  EXPECT_EQ(read(*high, n), produced(n));
  EXPECT_EQ(read(*low, n), produced(n));
  LaunchOptions outside;
  outside.priority = info.lowestLaunchPriority + 1;
  EXPECT_EQ(launch(*queue, produce, Range{n}, produceArgs(high, n), {}, outside)
                .message(),
            "priority " + std::to_string(info.lowestLaunchPriority + 1) +
                " is outside the range of '" + info.name + "': " +
                std::to_string(info.highestLaunchPriority) + " (highest) to " +
                std::to_string(info.lowestLaunchPriority) + " (lowest)");
}

TEST_F(Attributes, RemoteMemSyncDomainAndAccessPolicyWindow) {
  auto produce = kernel("produce");
  auto consume = kernel("consume");
  ASSERT_TRUE(produce && consume);
  const int64_t n = 1 << 20;
  auto x = ints(n, 0), y = ints(n, 0);
  LaunchOptions remote;
  remote.memSyncDomain = MemSyncDomain::Remote;
  ASSERT_OK(launch(*queue, produce, Range{n}, produceArgs(x, n), {}, remote));
  EXPECT_EQ(read(*x, n), produced(n));
  LaunchOptions window;
  size_t bytes =
      std::min<size_t>(n * 4, device->info().maxAccessPolicyWindowBytes);
  window.accessPolicyWindow = AccessPolicyWindow{
      x, 0, bytes, 0.6f, AccessProperty::Persisting, AccessProperty::Streaming};
  window.memSyncDomain = MemSyncDomain::Default;
  ASSERT_OK(launch(*queue, consume, Range{n},
                   {KernelArg::array(x, {n}, DType::Int32),
                    KernelArg::array(y, {n}, DType::Int32)},
                   {}, window));
  EXPECT_EQ(read(*y, n), produced(n, 1));
}

TEST_F(Attributes, SharedMemCarveoutOfHalf) {
  StatusOr<KernelBinary> ptx = test::ptxTestBinary();
  if (!ptx.ok())
    GTEST_SKIP() << ptx.message();
  ASSERT_OK_AND_ASSIGN(shared, device->loadExecutable(*ptx));
  ASSERT_OK_AND_ASSIGN(reverse, shared->getKernel("reverse_in_group"));
  const int64_t n = 4096, group = 256;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(i);
  ASSERT_OK_AND_ASSIGN(dx, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(dy, device->allocateBuffer(n * 4));
  ASSERT_OK(queue->writeBuffer(*dx, x.data(), n * 4));
  for (std::optional<int> carveout :
       {std::optional<int>(50), std::optional<int>(), std::optional<int>(0)}) {
    LaunchOptions options;
    options.sharedMemCarveout = carveout;
    ASSERT_OK(launch(*queue, reverse, NdRange{{n}, {group}},
                     {KernelArg::array(dx, {n}, DType::Float32),
                      KernelArg::array(dy, {n}, DType::Float32),
                      KernelArg::localAccessor({group}, DType::Float32)},
                     {}, options));
    std::vector<float> y(n);
    ASSERT_OK(queue->readBuffer(*dy, y.data(), n * 4));
    for (int64_t i = 0; i < n; ++i) {
      int64_t base = i / group * group;
      ASSERT_EQ(y[i], static_cast<float>(base + group - 1 - (i - base)))
          << "at " << i << " with carveout " << carveout.value_or(-1);
    }
  }
}

} // namespace
} // namespace kiln
