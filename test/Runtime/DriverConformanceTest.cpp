//===- DriverConformanceTest.cpp - The same checks on every back end ----===//
//
// One suite, instantiated over every device of every back end
// (DriverConformanceFixture.h): device properties against the capability
// queries, transfers and fills, in-order and out-of-order queues, event
// dependencies across queues, synchronous and asynchronous launches checked
// against host results, local accessors, profiling timestamps, argument
// errors and launch options. A back end without a driver or device here is
// one skipped test instance per check, with the driver's reason.
// Back-end-specific behaviour (SPIR translation, PTX loading, Level Zero
// group shapes) stays in the per-back-end tests.
//
//===----------------------------------------------------------------------===//
#include "DriverConformanceFixture.h"

#include "kiln/runtime/Launch.h"

#include <algorithm>
#include <functional>
#include <numeric>

namespace kiln {
namespace {

using test::DriverConformance;

std::vector<float> iota(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = scale * static_cast<float>(i);
  return v;
}

std::vector<KernelArg> saxpyArgs(float a, const std::shared_ptr<Buffer> &x,
                                 const std::shared_ptr<Buffer> &y, int64_t n) {
  return {KernelArg::scalar(a), KernelArg::array(x, {n}, DType::Float32),
          KernelArg::array(y, {n}, DType::Float32)};
}

/// Expects `status` to be InvalidArgument with exactly `message`.
void expectInvalid(const Status &status, const std::string &message) {
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument) << status.toString();
  EXPECT_EQ(status.message(), message);
}

TEST_P(DriverConformance, DevicePropertiesAreConsistent) {
  const DeviceInfo &info = device->info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_EQ(info.backend, GetParam().backend);
  EXPECT_EQ(info.selector, GetParam().selector);
  EXPECT_EQ(info.selector.rfind(backendName(info.backend), 0), 0u)
      << "selector '" << info.selector << "' does not name its back end";
  EXPECT_GT(info.maxWorkGroupSize, 0u);
  EXPECT_GT(info.localMemSize, 0u);
  // Listed sub-group sizes imply sub-groups; sizes are positive.
  if (!info.subGroupSizes.empty()) {
    EXPECT_TRUE(info.supportsSubGroups);
  }
  for (uint32_t size : info.subGroupSizes) {
    EXPECT_GT(size, 0u);
    EXPECT_LE(size, info.maxWorkGroupSize);
  }
  if (info.supportsFp64Atomics) {
    EXPECT_TRUE(info.supportsFp64);
  }
  EXPECT_EQ(info.computeCapability != 0, info.backend == Backend::CUDA);
  EXPECT_LE(info.highestLaunchPriority, info.lowestLaunchPriority);
  // Reopening the selector gives the same device.
  ASSERT_OK_AND_ASSIGN(again, openDevice(info.selector));
  EXPECT_EQ(again->info().name, info.name);
  EXPECT_EQ(again->info().backend, info.backend);
  // The device appears in listDevices() under its selector.
  ASSERT_OK_AND_ASSIGN(listed, listDevices());
  EXPECT_EQ(std::count_if(listed.begin(), listed.end(),
                          [&](const DeviceInfo &d) {
                            return d.selector == info.selector &&
                                   d.name == info.name;
                          }),
            1);
}

TEST_P(DriverConformance, CapabilityFlagsMatchFeatureChecks) {
  const DeviceInfo &info = device->info();
  const std::pair<const char *, bool> features[] = {
      {"fp16", info.supportsFp16},
      {"fp64", info.supportsFp64},
      {"sub_groups", info.supportsSubGroups},
      {"int64_atomics", info.supportsInt64Atomics},
      {"fp64_atomics", info.supportsFp64Atomics}};
  for (const auto &[feature, supported] : features) {
    KernelBinary needing = binary;
    needing.kernels[0].requiredFeatures = {feature};
    Status checked = checkKernelFeatures(info, needing);
    if (supported) {
      EXPECT_TRUE(checked.ok()) << feature << ": " << checked.toString();
      continue;
    }
    EXPECT_EQ(checked.code(), StatusCode::Unimplemented) << feature;
    EXPECT_EQ(checked.message(), "kernel '" + needing.kernels[0].name +
                                     "' needs " + feature + ", which device '" +
                                     info.name + "' does not support");
    // loadExecutable refuses it the same way, before loading anything.
    EXPECT_EQ(device->loadExecutable(needing).message(), checked.message());
  }
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i) {
    auto attribute = static_cast<LaunchAttribute>(i);
    EXPECT_EQ(device->supportsLaunchAttribute(attribute),
              info.launchAttributes.contains(attribute))
        << launchAttributeName(attribute);
    EXPECT_EQ(supportsLaunchAttribute(info, attribute),
              info.launchAttributes.contains(attribute));
  }
}

TEST_P(DriverConformance, TransfersAndFillsRoundTrip) {
  const size_t n = 1024, bytes = n * 4;
  const size_t before = device->liveBufferCount();
  std::vector<int32_t> host(n);
  std::iota(host.begin(), host.end(), 0);
  ASSERT_OK_AND_ASSIGN(a, device->allocateBuffer(bytes));
  ASSERT_OK_AND_ASSIGN(b, device->allocateBuffer(bytes));
  EXPECT_EQ(a->size(), bytes);
  EXPECT_EQ(&a->device(), device.get());
  EXPECT_EQ(device->liveBufferCount(), before + 2);
  // Blocking host -> device -> host.
  ASSERT_OK(queue->writeBuffer(*a, host.data(), bytes));
  EXPECT_EQ(download<int32_t>(*a, n), host);
  // Asynchronous: write, device -> device copy, fills of 1, 2 and 4 byte
  // patterns at offsets, read back; each step after the one before.
  ASSERT_OK_AND_ASSIGN(written,
                       queue->writeBufferAsync(*b, host.data(), bytes));
  ASSERT_OK_AND_ASSIGN(copied,
                       queue->copyBuffer(*b, 0, *a, 0, bytes, {written}));
  const uint8_t byte = 0x11;
  const uint16_t half = 0x2222;
  const int32_t word = -7;
  ASSERT_OK_AND_ASSIGN(fill1, queue->fillBuffer(*a, &byte, 1, 0, 16, {copied}));
  ASSERT_OK_AND_ASSIGN(fill2, queue->fillBuffer(*a, &half, 2, 16, 16, {fill1}));
  ASSERT_OK_AND_ASSIGN(fill4,
                       queue->fillBuffer(*a, &word, 4, 512, 256, {fill2}));
  std::vector<int32_t> out(n, 0);
  ASSERT_OK_AND_ASSIGN(
      read, queue->readBufferAsync(*a, out.data(), bytes, 0, {fill4}));
  ASSERT_OK(read->wait());
  for (const auto &event : {written, copied, fill1, fill2, fill4, read}) {
    EXPECT_EQ(event->state(), EventState::Complete);
    ASSERT_OK(event->wait()); // Releases the buffers the command kept.
  }
  for (size_t i = 0; i < n; ++i) {
    int32_t expected = static_cast<int32_t>(i);
    if (i < 4)
      expected = 0x11111111;
    else if (i < 8)
      expected = 0x22222222;
    else if (i >= 128 && i < 192)
      expected = -7;
    ASSERT_EQ(out[i], expected) << "at " << i;
  }
  // A partial read at an offset.
  std::vector<int32_t> tail(16, 0);
  ASSERT_OK(queue->readBuffer(*a, tail.data(), 64, bytes - 64));
  EXPECT_EQ(tail[15], static_cast<int32_t>(n - 1));
  // Range errors name the side, on every back end.
  EXPECT_EQ(queue->copyBuffer(*a, 8, *b, 0, bytes).message(),
            "source range of " + std::to_string(bytes) +
                " bytes at offset 8 overruns a buffer of " +
                std::to_string(bytes) + " bytes");
  a.reset();
  b.reset();
  EXPECT_EQ(device->liveBufferCount(), before);
}

TEST_P(DriverConformance, InOrderQueueRunsInSubmissionOrder) {
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  const int64_t n = 4096;
  std::vector<float> x = iota(n, 1.0f);
  ASSERT_OK_AND_ASSIGN(dx, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(dy, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(dz, device->allocateBuffer(n * 4));
  EXPECT_FALSE(queue->options().outOfOrder);
  // No wait lists: the queue alone orders fill, write, launch, copy,
  // launch, reads.
  const float one = 1.0f;
  ASSERT_OK(queue->fillBuffer(*dy, &one, 4, 0, n * 4).status());
  ASSERT_OK(queue->writeBufferAsync(*dx, x.data(), n * 4).status());
  ASSERT_OK(
      launchAsync(*queue, saxpy, Range{n}, saxpyArgs(2, dx, dy, n)).status());
  ASSERT_OK(queue->copyBuffer(*dy, 0, *dz, 0, n * 4).status());
  ASSERT_OK(
      launchAsync(*queue, saxpy, Range{n}, saxpyArgs(2, dx, dy, n)).status());
  std::vector<float> y(n), z(n);
  ASSERT_OK(queue->readBufferAsync(*dy, y.data(), n * 4).status());
  ASSERT_OK_AND_ASSIGN(last, queue->readBufferAsync(*dz, z.data(), n * 4));
  ASSERT_OK(last->wait());
  ASSERT_OK(queue->finish());
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(z[i], 2.0f * x[i] + 1.0f) << "z at " << i;
    ASSERT_EQ(y[i], 4.0f * x[i] + 1.0f) << "y at " << i;
  }
}

TEST_P(DriverConformance, OutOfOrderQueueFollowsWaitLists) {
  const DeviceInfo &info = device->info();
  StatusOr<std::shared_ptr<Queue>> created =
      device->createQueue(QueueOptions{true, false});
  if (!info.supportsOutOfOrderQueues) {
    // The refusal agrees with the capability query.
    EXPECT_EQ(created.status().code(), StatusCode::Unimplemented);
    EXPECT_EQ(created.message(),
              "out-of-order queues are unsupported on '" + info.name + "'");
    GTEST_SKIP() << "'" << info.name << "' has no out-of-order queues "
                 << "(refusal checked)";
  }
  ASSERT_OK(created.status());
  std::shared_ptr<Queue> q = *created;
  EXPECT_TRUE(q->options().outOfOrder);
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  const int64_t n = 4096;
  std::vector<float> x = iota(n, 1.0f);
  ASSERT_OK_AND_ASSIGN(dx, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(dy, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(dz, device->allocateBuffer(n * 4));
  const float one = 1.0f;
  ASSERT_OK_AND_ASSIGN(filled, q->fillBuffer(*dy, &one, 4, 0, n * 4));
  ASSERT_OK_AND_ASSIGN(written, q->writeBufferAsync(*dx, x.data(), n * 4));
  ASSERT_OK_AND_ASSIGN(first,
                       launchAsync(*q, saxpy, Range{n}, saxpyArgs(2, dx, dy, n),
                                   {filled, written}));
  ASSERT_OK_AND_ASSIGN(copied, q->copyBuffer(*dy, 0, *dz, 0, n * 4, {first}));
  ASSERT_OK_AND_ASSIGN(second, launchAsync(*q, saxpy, Range{n},
                                           saxpyArgs(2, dx, dy, n), {copied}));
  std::vector<float> y(n), z(n);
  ASSERT_OK_AND_ASSIGN(readY,
                       q->readBufferAsync(*dy, y.data(), n * 4, 0, {second}));
  ASSERT_OK_AND_ASSIGN(readZ,
                       q->readBufferAsync(*dz, z.data(), n * 4, 0, {copied}));
  ASSERT_OK(readY->wait());
  ASSERT_OK(readZ->wait());
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(z[i], 2.0f * x[i] + 1.0f) << "z at " << i;
    ASSERT_EQ(y[i], 4.0f * x[i] + 1.0f) << "y at " << i;
  }
  ASSERT_OK(q->finish());
}

TEST_P(DriverConformance, EventDependenciesAcrossQueues) {
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  ASSERT_OK_AND_ASSIGN(second, device->createQueue());
  ASSERT_OK_AND_ASSIGN(third, device->createQueue());
  const int64_t n = 10000;
  std::vector<float> x = iota(n, 0.5f);
  auto dx = upload(x);
  ASSERT_OK_AND_ASSIGN(dy, device->allocateBuffer(n * 4));
  // fill (queue 1) -> saxpy (queue 2) -> saxpy (queue 3) -> read (queue 1):
  // only the wait lists order the queues.
  const float three = 3.0f;
  ASSERT_OK_AND_ASSIGN(filled, queue->fillBuffer(*dy, &three, 4, 0, n * 4));
  ASSERT_OK_AND_ASSIGN(k1, launchAsync(*second, saxpy, Range{n},
                                       saxpyArgs(2, dx, dy, n), {filled}));
  ASSERT_OK_AND_ASSIGN(
      k2, launchAsync(*third, saxpy, Range{n}, saxpyArgs(-1, dx, dy, n), {k1}));
  std::vector<float> y(n);
  ASSERT_OK_AND_ASSIGN(read,
                       queue->readBufferAsync(*dy, y.data(), n * 4, 0, {k2}));
  ASSERT_OK(read->wait());
  EXPECT_EQ(k1->state(), EventState::Complete);
  EXPECT_EQ(k2->state(), EventState::Complete);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(y[i], x[i] + 3.0f) << "at " << i;
  // A failed dependency skips the launch on any queue, untouched data.
  auto broken = Event::failed(internalError("upstream failed"));
  ASSERT_OK_AND_ASSIGN(skipped, launchAsync(*second, saxpy, Range{n},
                                            saxpyArgs(2, dx, dy, n), {broken}));
  EXPECT_EQ(skipped->wait().message(),
            "launch of kernel 'saxpy' skipped: a dependency failed: upstream "
            "failed");
  std::vector<float> after = download<float>(*dy, n);
  EXPECT_EQ(after, y);
}

TEST_P(DriverConformance, SynchronousLaunchesMatchTheHost) {
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  // Not a multiple of any work-group size.
  const int64_t n = 10007;
  std::vector<float> x = iota(n, 1.0f), y = iota(n, 0.25f);
  auto dx = upload(x), dy = upload(y);
  ASSERT_OK(launch(*queue, saxpy, Range{n}, saxpyArgs(3.0f, dx, dy, n)));
  std::vector<float> out = download<float>(*dy, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 3.0f * x[i] + y[i]) << "at " << i;
  // An Item kernel over an NdRange: the local range is the work-group.
  const int64_t groups = 8, local = 64;
  ASSERT_OK(launch(*queue, saxpy, NdRange{{groups * local}, {local}},
                   saxpyArgs(1.0f, dx, dy, groups * local)));
  std::vector<float> out2 = download<float>(*dy, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out2[i], i < groups * local ? out[i] + x[i] : out[i])
        << "at " << i;
}

TEST_P(DriverConformance, AsynchronousLaunchesMatchTheHost) {
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  const int64_t n = 5000;
  std::vector<float> x = iota(n, 1.0f);
  auto dx = upload(x), dy = upload(std::vector<float>(n, 1.0f));
  ASSERT_OK_AND_ASSIGN(
      first, launchAsync(*queue, saxpy, Range{n}, saxpyArgs(2, dx, dy, n)));
  ASSERT_OK_AND_ASSIGN(second, launchAsync(*queue, saxpy, Range{n},
                                           saxpyArgs(3, dx, dy, n), {first}));
  ASSERT_OK(second->wait());
  EXPECT_EQ(first->state(), EventState::Complete);
  std::vector<float> out = download<float>(*dy, n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 5.0f * x[i] + 1.0f) << "at " << i;
  // callKernelAsync: the caller drops its buffers at once; the launch keeps
  // them until the host event completes, then frees them.
  const size_t before = device->liveBufferCount();
  std::vector<float> result(n);
  std::shared_ptr<Event> read;
  LaunchEvents events;
  {
    auto tx = upload(x), ty = upload(std::vector<float>(n, 0.0f));
    ASSERT_OK_AND_ASSIGN(called, callKernelAsync(*queue, saxpy, Range{n},
                                                 saxpyArgs(4, tx, ty, n)));
    events = called;
    ASSERT_OK_AND_ASSIGN(r, queue->readBufferAsync(*ty, result.data(), n * 4, 0,
                                                   {events.device}));
    read = r;
  }
  ASSERT_NE(events.host, nullptr);
  ASSERT_OK(read->wait());
  ASSERT_OK(events.host->wait());
  EXPECT_EQ(events.device->state(), EventState::Complete);
  read.reset(); // The read keeps its buffer alive until dropped.
  EXPECT_EQ(device->liveBufferCount(), before);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], 4.0f * x[i]) << "at " << i;
}

TEST_P(DriverConformance, LocalAccessorLaunch) {
  KILN_REQUIRE_TEST_KERNELS();
  auto reverse = kernel("reverse_in_group");
  ASSERT_TRUE(reverse);
  const int64_t n = 1024, group = 64;
  std::vector<float> x = iota(n, 1.0f);
  auto dx = upload(x), dy = upload(std::vector<float>(n, -1.0f));
  ASSERT_OK(launch(*queue, reverse, NdRange{{n}, {group}},
                   {KernelArg::array(dx, {n}, DType::Float32),
                    KernelArg::array(dy, {n}, DType::Float32),
                    KernelArg::localAccessor({group}, DType::Float32)}));
  std::vector<float> y = download<float>(*dy, n);
  for (int64_t i = 0; i < n; ++i) {
    int64_t base = i / group * group;
    ASSERT_EQ(y[i], x[base + group - 1 - (i - base)]) << "at " << i;
  }
}

TEST_P(DriverConformance, DebugRecordReportsOutOfBounds) {
  KILN_REQUIRE_TEST_KERNELS();
  auto store = kernel("checked_store");
  ASSERT_TRUE(store);
  auto u = upload(std::vector<float>(37 * 40, 0.0f));
  auto args = [&](int64_t i, int64_t j) {
    return std::vector<KernelArg>{KernelArg::array(u, {37, 40}, DType::Float32),
                                  KernelArg::scalar(i), KernelArg::scalar(j),
                                  KernelArg::scalar(1.5f)};
  };
  ASSERT_OK(launch(*queue, store, Range{1}, args(1, 2)));
  EXPECT_EQ(download<float>(*u, 37 * 40)[42], 1.5f);
  Status failed = launch(*queue, store, Range{1}, args(5, 40));
  EXPECT_EQ(failed.code(), StatusCode::Internal);
  EXPECT_EQ(failed.message(),
            "kernel 'checked_store': out-of-bounds access at line 12, column "
            "9: index (5, 40) outside shape (37, 40) of array 'u'");
}

TEST_P(DriverConformance, ProfilingTimestamps) {
  const DeviceInfo &info = device->info();
  // Commands of a plain queue carry no timestamps on any back end.
  ASSERT_OK_AND_ASSIGN(plainBuffer, device->allocateBuffer(64));
  const uint8_t zero = 0;
  ASSERT_OK_AND_ASSIGN(plainFill,
                       queue->fillBuffer(*plainBuffer, &zero, 1, 0, 64));
  ASSERT_OK(plainFill->wait());
  EXPECT_FALSE(plainFill->profilingTimes().ok());
  StatusOr<std::shared_ptr<Queue>> created =
      device->createQueue(QueueOptions{false, true});
  if (!info.supportsProfiling) {
    EXPECT_EQ(created.status().code(), StatusCode::Unimplemented);
    EXPECT_EQ(created.message(),
              "profiling queues are unsupported on '" + info.name + "'");
    GTEST_SKIP() << "'" << info.name << "' has no profiling queues "
                 << "(refusal checked)";
  }
  ASSERT_OK(created.status());
  std::shared_ptr<Queue> timed = *created;
  EXPECT_TRUE(timed->options().profiling);
  const int64_t n = 1 << 16;
  ASSERT_OK_AND_ASSIGN(dx, device->allocateBuffer(n * 4));
  ASSERT_OK_AND_ASSIGN(dy, device->allocateBuffer(n * 4));
  const float one = 1.0f;
  ASSERT_OK_AND_ASSIGN(fx, timed->fillBuffer(*dx, &one, 4, 0, n * 4));
  ASSERT_OK_AND_ASSIGN(cy, timed->copyBuffer(*dx, 0, *dy, 0, n * 4, {fx}));
  ASSERT_OK(cy->wait());
  for (const auto &event : {fx, cy}) {
    ASSERT_OK_AND_ASSIGN(times, event->profilingTimes());
    EXPECT_GE(times.end, times.start);
  }
  // Transfers are not kernels: no statistics.
  EXPECT_TRUE(timed->statistics().empty());
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  ASSERT_OK_AND_ASSIGN(
      k, launchAsync(*timed, saxpy, Range{n}, saxpyArgs(2, dx, dy, n)));
  ASSERT_OK(k->wait());
  ASSERT_OK_AND_ASSIGN(times, k->profilingTimes());
  EXPECT_GE(times.end, times.start);
  ASSERT_OK(timed->finish());
  KernelStatistics stats = timed->statistics()["saxpy"];
  EXPECT_EQ(stats.count, 1u);
  EXPECT_LE(stats.minNs, stats.maxNs);
  EXPECT_EQ(download<float>(*dy, 1)[0], 3.0f);
}

TEST_P(DriverConformance, BadArgumentsNameTheParameter) {
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  auto reverse = kernel("reverse_in_group");
  ASSERT_TRUE(saxpy && reverse);
  const DeviceInfo &info = device->info();
  const int64_t n = 64;
  auto x = upload(std::vector<float>(n, 1.0f));
  auto y = upload(std::vector<float>(n, 5.0f));
  ASSERT_OK_AND_ASSIGN(ints, device->allocateBuffer(n * 4));
  expectInvalid(launch(*queue, saxpy, Range{n},
                       {KernelArg::scalar(2.0f),
                        KernelArg::array(x, {n}, DType::Float32)}),
                "kernel 'saxpy' takes 3 arguments (a, x, y), got 2");
  expectInvalid(
      launch(*queue, saxpy, Range{n},
             {KernelArg::scalar(2.0), KernelArg::array(x, {n}, DType::Float32),
              KernelArg::array(y, {n}, DType::Float32)}),
      "argument 'a' of kernel 'saxpy': expected a float32 scalar, "
      "got float64");
  expectInvalid(launch(*queue, saxpy, Range{n},
                       {KernelArg::scalar(2.0f),
                        KernelArg::array(ints, {n}, DType::Int32),
                        KernelArg::array(y, {n}, DType::Float32)}),
                "argument 'x' of kernel 'saxpy': expected a rank-1 float32 "
                "array, got a int32 array");
  expectInvalid(
      launch(*queue, saxpy, Range{n},
             {KernelArg::scalar(2.0f), KernelArg::array(x, {n}, DType::Float32),
              KernelArg::array(y, {2, n / 2}, DType::Float32)}),
      "argument 'y' of kernel 'saxpy': expected a rank-1 float32 "
      "array, got rank 2 (shape [2, 32])");
  expectInvalid(
      launch(*queue, saxpy, Range{n},
             {KernelArg::scalar(2.0f), KernelArg::array(x, {n}, DType::Float32),
              KernelArg::array(y, {n + 1}, DType::Float32)}),
      "argument 'y' of kernel 'saxpy': buffer of 256 bytes is too "
      "small for shape [65] of float32 (260 bytes)");
  expectInvalid(launch(*queue, saxpy, Range{n},
                       {KernelArg::scalar(2.0f),
                        KernelArg::array(x, {-1}, DType::Float32),
                        KernelArg::array(y, {n}, DType::Float32)}),
                "argument 'x' of kernel 'saxpy': invalid shape [-1]");
  // An array on another device.
  test::FakeDevice other("fake:0");
  ASSERT_OK_AND_ASSIGN(foreign, other.allocateBuffer(n * 4));
  expectInvalid(launch(*queue, saxpy, Range{n},
                       {KernelArg::scalar(2.0f),
                        KernelArg::array(foreign, {n}, DType::Float32),
                        KernelArg::array(y, {n}, DType::Float32)}),
                "argument 'x' of kernel 'saxpy': array is on device 'fake:0', "
                "kernel on '" +
                    info.selector + "'");
  // Index-space sizes name the kernel and the dimension.
  expectInvalid(launch(*queue, saxpy, Range{n, 0}, saxpyArgs(2, x, y, n)),
                "kernel 'saxpy': range dimension 1 is 0; extents must be "
                "positive");
  expectInvalid(
      launch(*queue, saxpy, NdRange{{n}, {n / 2 + 1}}, saxpyArgs(2, x, y, n)),
      "kernel 'saxpy': global extent 64 of dimension 0 is not "
      "divisible by local extent 33");
  const int64_t tooWide = static_cast<int64_t>(info.maxWorkGroupSize) * 2;
  expectInvalid(launch(*queue, saxpy, NdRange{{tooWide}, {tooWide}},
                       saxpyArgs(2, x, y, n)),
                "kernel 'saxpy': work-group of " + std::to_string(tooWide) +
                    " work-items exceeds the device limit of " +
                    std::to_string(info.maxWorkGroupSize));
  expectInvalid(launch(*queue, reverse, Range{n},
                       {KernelArg::array(x, {n}, DType::Float32),
                        KernelArg::array(y, {n}, DType::Float32),
                        KernelArg::localAccessor({n}, DType::Float32)}),
                "kernel 'reverse_in_group' takes an NdItem and must be "
                "launched with an NdRange, not a Range");
  // Local memory beyond the device: the accessor is named.
  const int64_t tile = static_cast<int64_t>(info.localMemSize / 4 + 1);
  const uint64_t aligned = (uint64_t(tile) * 4 + 15) / 16 * 16;
  expectInvalid(launch(*queue, reverse, NdRange{{n}, {n}},
                       {KernelArg::array(x, {n}, DType::Float32),
                        KernelArg::array(y, {n}, DType::Float32),
                        KernelArg::localAccessor({tile}, DType::Float32)}),
                "argument 'tile' of kernel 'reverse_in_group': local memory "
                "of " +
                    std::to_string(aligned) + " bytes (" +
                    std::to_string(aligned) +
                    " for local accessors + 0 static) exceeds the " +
                    std::to_string(info.localMemSize) + " bytes of device '" +
                    info.name + "'");
  // None of them ran.
  ASSERT_OK(queue->finish());
  EXPECT_EQ(download<float>(*y, n), std::vector<float>(n, 5.0f));
}

/// Options setting `attribute` alone, with a value every device that
/// honours the attribute accepts.
LaunchOptions onlyAttribute(LaunchAttribute attribute, const DeviceInfo &info,
                            const std::shared_ptr<Buffer> &window) {
  LaunchOptions o;
  switch (attribute) {
  case LaunchAttribute::Cooperative:
    o.cooperative = true;
    break;
  case LaunchAttribute::ClusterDim:
    o.clusterDim = ClusterDim{1, 1, 1};
    break;
  case LaunchAttribute::ClusterSchedulingPolicy:
    o.clusterSchedulingPolicy = ClusterSchedulingPolicy::Spread;
    break;
  case LaunchAttribute::Priority:
    o.priority = info.lowestLaunchPriority;
    break;
  case LaunchAttribute::ProgrammaticStreamSerialization:
    o.programmaticStreamSerialization = true;
    break;
  case LaunchAttribute::ProgrammaticEvent:
    o.programmaticEvent = ProgrammaticEventOptions{false};
    break;
  case LaunchAttribute::LaunchCompletionEvent:
    o.launchCompletionEvent = true;
    break;
  case LaunchAttribute::MemSyncDomain:
    o.memSyncDomain = MemSyncDomain::Remote;
    break;
  case LaunchAttribute::AccessPolicyWindow:
    o.accessPolicyWindow = AccessPolicyWindow{
        window, 0,
        std::min<size_t>(window->size(),
                         std::max<size_t>(info.maxAccessPolicyWindowBytes, 1))};
    break;
  case LaunchAttribute::SharedMemCarveout:
    o.sharedMemCarveout = 50;
    break;
  }
  return o;
}

TEST_P(DriverConformance, LaunchOptionsFollowTheCapabilityQuery) {
  KILN_REQUIRE_TEST_KERNELS();
  auto saxpy = kernel("saxpy");
  ASSERT_TRUE(saxpy);
  const DeviceInfo &info = device->info();
  const int64_t n = 256;
  auto x = upload(std::vector<float>(n, 1.0f));
  auto y = upload(std::vector<float>(n, 5.0f));
  std::vector<KernelArg> args = saxpyArgs(2, x, y, n);
  size_t refused = 0;
  for (uint32_t i = 0; i < kLaunchAttributeCount; ++i) {
    auto attribute = static_cast<LaunchAttribute>(i);
    LaunchOptions options = onlyAttribute(attribute, info, y);
    ASSERT_EQ(options.attributes().bits(), 1u << i);
    if (device->supportsLaunchAttribute(attribute)) {
      // Honoured attributes pass the check (their effect is tested per
      // back end, e.g. LaunchAttributeCudaTest).
      EXPECT_TRUE(checkLaunchOptions(*saxpy, options).ok())
          << launchAttributeName(attribute) << ": "
          << checkLaunchOptions(*saxpy, options).toString();
      continue;
    }
    ++refused;
    std::string expected = std::string(launchAttributeName(attribute)) +
                           " is unsupported on '" + info.name + "'";
    Status checked = checkLaunchOptions(*saxpy, options);
    EXPECT_EQ(checked.code(), StatusCode::Unimplemented) << expected;
    EXPECT_EQ(checked.message(), expected);
    StatusOr<LaunchEvents> launched =
        launchAsync(*queue, saxpy, Range{n}, args, {}, options);
    EXPECT_EQ(launched.status().code(), StatusCode::Unimplemented);
    EXPECT_EQ(launched.message(), expected);
    EXPECT_EQ(launch(*queue, saxpy, Range{n}, args, {}, options).message(),
              expected);
    EXPECT_EQ(
        callKernelAsync(*queue, saxpy, Range{n}, args, {}, options).message(),
        expected);
  }
  // Nothing refused ran.
  ASSERT_OK(queue->finish());
  EXPECT_EQ(download<float>(*y, n), std::vector<float>(n, 5.0f));
  // Empty options launch on every device, with no extra events.
  ASSERT_OK_AND_ASSIGN(
      events, launchAsync(*queue, saxpy, Range{n}, args, {}, LaunchOptions{}));
  ASSERT_OK(events.device->wait());
  EXPECT_EQ(events.programmatic, nullptr);
  EXPECT_EQ(events.launchCompletion, nullptr);
  EXPECT_EQ(download<float>(*y, n), std::vector<float>(n, 7.0f));
  RecordProperty("refused_attributes", static_cast<int>(refused));
}

INSTANTIATE_TEST_SUITE_P(EveryBackend, DriverConformance,
                         ::testing::ValuesIn(test::conformanceTargets()),
                         test::conformanceTargetName);

} // namespace
} // namespace kiln
