//===- LaunchPlanTest.cpp - A plan's launch is Queue::submit's -----------===//
//
// On a fake device with a queue that records what reaches the driver: a
// plan's direct launch (tryLaunch) packs exactly what packLaunch packs --
// extents, launch rank, values, buffers, the coarsened or merged geometry
// -- and accepts a range exactly when Queue::submit does, over ranges
// around each device and kernel limit; what it does not accept, and local
// accessors, go through Queue::submit with its error or launch.
//
//===----------------------------------------------------------------------===//
#include "RuntimeTestSupport.h"

#include "kiln/runtime/LaunchPlan.h"

namespace kiln {
namespace {

/// The queue's record of the launches that reached it.
struct Recorded {
  std::vector<PackedLaunch> direct;  ///< Through the plan's driver launch.
  std::vector<PackedLaunch> checked; ///< Through Queue::submit.
};

class RecordingPlan final : public KernelLaunchPlan {
public:
  explicit RecordingPlan(Recorded &record) : record_(record) {}
  Status launch(const PackedLaunch &launch) override {
    record_.direct.push_back(launch);
    return Status();
  }

private:
  Recorded &record_;
};

class RecordingQueue final : public Queue {
public:
  explicit RecordingQueue(const Device &device) : Queue(device) {}
  Recorded record;

  Status finish() override { return Status(); }
  StatusOr<std::shared_ptr<Event>> submitKernel(const Kernel &,
                                                const PackedLaunch &,
                                                const EventList &) override {
    return unimplemented("the recording queue launches only without events");
  }
  Status submitKernelWithoutEvent(const Kernel &, const PackedLaunch &launch,
                                  const EventList &) override {
    record.checked.push_back(launch);
    return Status();
  }
  StatusOr<std::unique_ptr<KernelLaunchPlan>>
  planKernelLaunch(const Kernel &, const PackedLaunch &) override {
    return std::unique_ptr<KernelLaunchPlan>(
        std::make_unique<RecordingPlan>(record));
  }

protected:
  Status write(Buffer &, const void *, size_t, size_t) override {
    return unimplemented("no transfers");
  }
  Status read(const Buffer &, void *, size_t, size_t) override {
    return unimplemented("no transfers");
  }
};

/// A device with limits in every dimension the checks look at.
DeviceInfo limitedDevice() {
  DeviceInfo info;
  info.name = "limited";
  info.selector = "fake:limited";
  info.maxWorkGroupSize = 64;
  info.maxWorkItemSizes = {64, 8, 4};
  info.maxGlobalWorkItems = 1 << 20;
  info.maxPrivateMemPerWorkGroup = 4096;
  info.computeUnits = 4;
  info.maxWorkItemsPerComputeUnit = 64;
  return info;
}

void expectSamePacking(const PackedLaunch &plan, const PackedLaunch &submit) {
  EXPECT_EQ(plan.geometry.dims, submit.geometry.dims);
  EXPECT_EQ(plan.geometry.global, submit.geometry.global);
  EXPECT_EQ(plan.geometry.local, submit.geometry.local);
  EXPECT_EQ(plan.dynamicLocalMemBytes, submit.dynamicLocalMemBytes);
  ASSERT_EQ(plan.args.size(), submit.args.size());
  for (size_t i = 0; i < plan.args.size(); ++i) {
    EXPECT_EQ(plan.args[i].kind, submit.args[i].kind) << "argument " << i;
    EXPECT_EQ(plan.args[i].size, submit.args[i].size) << "argument " << i;
    EXPECT_EQ(plan.args[i].bytes, submit.args[i].bytes) << "argument " << i;
    EXPECT_EQ(plan.args[i].buffer, submit.args[i].buffer) << "argument " << i;
  }
}

class LaunchPlanTest : public ::testing::Test {
protected:
  void SetUp() override {
    device = std::make_shared<test::FakeDevice>(limitedDevice());
    queue = std::make_shared<RecordingQueue>(*device);
    x = *device->allocateBuffer(64 * sizeof(float));
    y = *device->allocateBuffer(64 * sizeof(float));
  }

  std::unique_ptr<LaunchPlan> plan(KernelMetadata metadata, unsigned dims,
                                   bool ndRange) {
    kernel = test::fakeKernel(*device, std::move(metadata));
    StatusOr<std::unique_ptr<LaunchPlan>> made =
        LaunchPlan::create(queue, kernel, LaunchPlanShape{dims, ndRange});
    EXPECT_TRUE(made.ok()) << made.message();
    return made.ok() ? std::move(*made) : nullptr;
  }

  /// The plan's direct launch of `args` over `space` packs as packLaunch.
  void expectDirectAsPackLaunch(LaunchPlan &plan,
                                const std::vector<KernelArg> &args,
                                const std::vector<PlanArg> &views,
                                const IndexSpace &space) {
    const NdRange *nd = std::get_if<NdRange>(&space);
    const Range &global = nd ? nd->global : std::get<Range>(space);
    StatusOr<bool> launched =
        plan.tryLaunch(views.data(), views.size(), global.extents.data(),
                       nd ? nd->local.extents.data() : nullptr);
    ASSERT_TRUE(launched.ok()) << launched.message();
    ASSERT_TRUE(*launched);
    StatusOr<PackedLaunch> packed = packLaunch(*kernel, space, args);
    ASSERT_TRUE(packed.ok()) << packed.message();
    ASSERT_FALSE(queue->record.direct.empty());
    expectSamePacking(queue->record.direct.back(), *packed);
  }

  std::shared_ptr<test::FakeDevice> device;
  std::shared_ptr<RecordingQueue> queue;
  std::shared_ptr<Kernel> kernel;
  std::shared_ptr<Buffer> x, y;
  const int64_t n = 64;
  const float a = 2.5f;
};

TEST_F(LaunchPlanTest, SaxpyPacksAsQueueSubmit) {
  std::unique_ptr<LaunchPlan> p = plan(test::saxpyMetadata(), 1, false);
  ASSERT_TRUE(p);
  std::vector<KernelArg> args = {KernelArg::scalar(a),
                                 KernelArg::array(x, {n}, DType::Float32),
                                 KernelArg::array(y, {n}, DType::Float32)};
  std::vector<PlanArg> views = {PlanArg::scalar(DType::Float32, &a),
                                PlanArg::array(x.get(), &n, 1, DType::Float32),
                                PlanArg::array(y.get(), &n, 1, DType::Float32)};
  expectDirectAsPackLaunch(*p, args, views, Range{n});
  expectDirectAsPackLaunch(*p, args, views, Range{1000});
  EXPECT_TRUE(queue->record.checked.empty());
}

TEST_F(LaunchPlanTest, LaunchRankCoarseningAndMergingPackAsQueueSubmit) {
  const int64_t rows = 8, cols = 8;
  const int64_t shape[2] = {rows, cols};
  KernelMetadata m;
  m.name = "ranked";
  m.takesLaunchRank = true;
  m.coarsening = {1, 4, 1};
  m.params = {KernelParam{"out", ParamKind::Array, DType::Float32, 2}};
  std::unique_ptr<LaunchPlan> p = plan(m, 2, false);
  ASSERT_TRUE(p);
  std::vector<KernelArg> args = {
      KernelArg::array(x, {rows, cols}, DType::Float32)};
  std::vector<PlanArg> views = {
      PlanArg::array(x.get(), shape, 2, DType::Float32)};
  expectDirectAsPackLaunch(*p, args, views, Range{6, 10});

  KernelMetadata merged;
  merged.name = "merged";
  merged.indexKind = IndexKind::NdItem;
  merged.mergesWorkGroups = true;
  p = plan(merged, 1, true);
  ASSERT_TRUE(p);
  expectDirectAsPackLaunch(*p, {}, {}, NdRange{Range{1024}, Range{16}});
  EXPECT_NE(queue->record.direct.back().geometry.global[0], 1024);
}

TEST_F(LaunchPlanTest, RangesAreAcceptedExactlyWhenQueueSubmitAcceptsThem) {
  KernelMetadata m;
  m.name = "ranges";
  m.maxWorkGroupSize = 32;
  m.privateMemBytes = 128; // 32 work-items fit the device's 4096 bytes.
  const std::vector<int64_t> extents = {-1, 0, 1, 3, 4, 8, 32, 64, 96, 1 << 20};
  int accepted = 0, refused = 0;
  for (unsigned dims = 1; dims <= 3; ++dims) {
    for (bool nd : {false, true}) {
      std::unique_ptr<LaunchPlan> p = plan(m, dims, nd);
      ASSERT_TRUE(p);
      for (int64_t g : extents) {
        for (int64_t l : extents) {
          if (!nd && l != 1)
            continue;
          // Every dimension g, the first l (the others 1 or 2).
          std::vector<int64_t> global(dims, g), local(dims, dims > 1 ? 2 : l);
          local[0] = l;
          LaunchDesc desc;
          desc.kernel = kernel;
          desc.noEvent = true;
          if (nd)
            desc.space = NdRange{Range(global), Range(local)};
          else
            desc.space = Range(global);
          bool submitted = queue->submit(desc).ok();
          StatusOr<bool> direct = p->tryLaunch(nullptr, 0, global.data(),
                                               nd ? local.data() : nullptr);
          ASSERT_TRUE(direct.ok()) << direct.message();
          ++(submitted ? accepted : refused);
          EXPECT_EQ(*direct, submitted)
              << dims << "-D, global " << g << ", local " << l << ", nd " << nd;
        }
      }
    }
  }
  // Both outcomes were seen, each many times.
  EXPECT_GT(accepted, 20);
  EXPECT_GT(refused, 20);
}

TEST_F(LaunchPlanTest, RefusedArgumentsGetQueueSubmitsErrors) {
  std::unique_ptr<LaunchPlan> p = plan(test::saxpyMetadata(), 1, false);
  ASSERT_TRUE(p);
  std::shared_ptr<Buffer> small = *device->allocateBuffer(16);
  const int32_t three = 3;
  std::vector<std::vector<PlanArg>> bad = {
      {PlanArg::scalar(DType::Int32, &three),
       PlanArg::array(x.get(), &n, 1, DType::Float32),
       PlanArg::array(y.get(), &n, 1, DType::Float32)},
      {PlanArg::scalar(DType::Float32, &a),
       PlanArg::array(small.get(), &n, 1, DType::Float32),
       PlanArg::array(y.get(), &n, 1, DType::Float32)},
      {PlanArg::scalar(DType::Float32, &a),
       PlanArg::array(x.get(), &n, 1, DType::Float32),
       PlanArg::array(nullptr, &n, 1, DType::Float32)},
  };
  const std::vector<std::string> expected = {
      "argument 'a' of kernel 'saxpy': expected a float32 scalar, got int32",
      "argument 'x' of kernel 'saxpy': buffer of 16 bytes is too small for "
      "shape [64] of float32 (256 bytes)",
      "argument 'y' of kernel 'saxpy': array has no buffer"};
  for (size_t i = 0; i < bad.size(); ++i) {
    StatusOr<bool> direct = p->tryLaunch(bad[i].data(), 3, &n, nullptr);
    ASSERT_TRUE(direct.ok());
    EXPECT_FALSE(*direct);
    Status status = p->launch(bad[i].data(), 3, &n, nullptr);
    EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
    EXPECT_EQ(status.message(), expected[i]);
  }
  EXPECT_TRUE(queue->record.direct.empty());
  EXPECT_TRUE(queue->record.checked.empty());
}

TEST_F(LaunchPlanTest, LocalAccessorsLaunchThroughQueueSubmit) {
  std::unique_ptr<LaunchPlan> p = plan(test::reverseInGroupMetadata(), 1, true);
  ASSERT_TRUE(p);
  const int64_t group = 16;
  std::vector<PlanArg> views = {PlanArg::array(x.get(), &n, 1, DType::Float32),
                                PlanArg::array(y.get(), &n, 1, DType::Float32),
                                PlanArg()};
  views[2].kind = PlanArg::Kind::LocalAccessor;
  views[2].shape = &group;
  views[2].rank = 1;
  ASSERT_OK(p->launch(views.data(), 3, &n, &group));
  EXPECT_TRUE(queue->record.direct.empty());
  ASSERT_EQ(queue->record.checked.size(), 1u);
  EXPECT_EQ(queue->record.checked[0].dynamicLocalMemBytes,
            group * sizeof(float));
}

TEST_F(LaunchPlanTest, CreationRefusesWhatThePlanCannotLaunch) {
  kernel = test::fakeKernel(*device, test::reverseInGroupMetadata());
  StatusOr<std::unique_ptr<LaunchPlan>> made =
      LaunchPlan::create(queue, kernel, LaunchPlanShape{1, false});
  EXPECT_EQ(made.message(), "kernel 'reverse_in_group' takes an NdItem and "
                            "must be launched with an NdRange, not a Range");
  KernelMetadata ranked = test::saxpyMetadata();
  ranked.launchRank = 2;
  kernel = test::fakeKernel(*device, ranked);
  made = LaunchPlan::create(queue, kernel, LaunchPlanShape{1, false});
  EXPECT_EQ(made.message(),
            "kernel 'saxpy' was compiled for 2-dimensional launches and "
            "cannot be launched over 1 dimensions (recompile it without a "
            "launch rank, or for this one)");
  test::FakeDevice other("fake:other");
  kernel = test::fakeKernel(other, test::saxpyMetadata());
  made = LaunchPlan::create(queue, kernel, LaunchPlanShape{1, false});
  EXPECT_EQ(made.message(), "kernel 'saxpy' was loaded on 'fake:other' but "
                            "the queue is on 'fake:limited'");
}

} // namespace
} // namespace kiln
