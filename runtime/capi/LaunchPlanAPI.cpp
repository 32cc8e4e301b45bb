//===- LaunchPlanAPI.cpp - kiln_launch_plan_*, prepared launches ---------===//
//
// A kiln_launch_plan_t wraps a kiln::LaunchPlan. A launch converts its
// kiln_arg_t values into borrowed PlanArg views (no buffer reference is
// taken: like KILN_LAUNCH_NO_EVENT, the caller keeps the buffers alive)
// and tries the plan's direct launch; whatever that does not take -- an
// argument built from bad input, a check that fails, a launch needing
// kiln_queue_submit's extra work -- goes through kiln_queue_submit's path
// (submitLaunch) with KILN_LAUNCH_NO_EVENT, which words the error exactly
// as kiln_queue_submit does or launches it.
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"

#include "kiln/runtime/LaunchPlan.h"

#include <cstdio>
#include <new>
#include <type_traits>
#include <vector>

using namespace kiln;
using capi::guarded;

/// The handles the checked path takes, next to the plan.
struct kiln_launch_plan {
  kiln_queue queue;
  kiln_kernel kernel;
  std::unique_ptr<LaunchPlan> plan;
};

namespace {

/// `in` constructed as a PlanArg at `out` (uninitialised storage); false
/// when it is not a scalar or array the direct launch can take (the
/// checked path then says what is wrong, if anything).
bool toPlanArg(const kiln_arg_t &in, PlanArg *out) {
  DType dtype;
  if (!capi::toDType(in.dtype, dtype))
    return false;
  switch (capi::enumValue(in.kind)) {
  case KILN_ARG_SCALAR:
    new (out) PlanArg(PlanArg::scalar(dtype, in.value));
    return true;
  case KILN_ARG_ARRAY:
    // A strided array's offset and strides go through Queue::submit.
    if (!in.buffer || in.rank < 0 || in.rank > KILN_MAX_RANK || in.strided)
      return false;
    new (out) PlanArg(PlanArg::array(in.buffer->buffer.get(), in.shape,
                                     static_cast<unsigned>(in.rank), dtype));
    return true;
  default:
    return false;
  }
}

/// Room for the PlanArg views of one launch, left uninitialised (each is
/// constructed by toPlanArg; PlanArg is trivially destructible): on the
/// stack for most kernels, else this thread's vector (kept, so warm
/// launches allocate nothing).
class PlanArgs {
public:
  explicit PlanArgs(size_t count) {
    if (count <= kInline)
      return;
    thread_local std::vector<PlanArg> more;
    more.resize(count);
    data_ = more.data();
  }
  PlanArg *data() { return data_; }

private:
  static_assert(std::is_trivially_destructible_v<PlanArg>);
  static constexpr size_t kInline = 16;
  alignas(PlanArg) unsigned char inline_[kInline * sizeof(PlanArg)];
  PlanArg *data_ = reinterpret_cast<PlanArg *>(inline_);
};

/// Why `desc` cannot make a plan; empty when it can.
std::string descError(const kiln_launch_plan_desc_t &desc) {
  if (desc.struct_size < sizeof(kiln_launch_plan_desc_t))
    return "desc->struct_size is " + std::to_string(desc.struct_size) +
           ", expected at least " +
           std::to_string(sizeof(kiln_launch_plan_desc_t)) +
           " (initialise it with kiln_launch_plan_desc_init)";
  const auto *bytes = reinterpret_cast<const unsigned char *>(&desc);
  for (size_t i = sizeof(kiln_launch_plan_desc_t); i < desc.struct_size; ++i)
    if (bytes[i] != 0)
      return "desc->struct_size is " + std::to_string(desc.struct_size) +
             " and sets fields after the " +
             std::to_string(sizeof(kiln_launch_plan_desc_t)) +
             " bytes this library knows";
  if (desc.flags != 0) {
    char bits[16];
    std::snprintf(bits, sizeof(bits), "0x%x", desc.flags);
    return std::string("desc->flags has unknown bits ") + bits;
  }
  if (desc.ndim < 1 || desc.ndim > 3)
    return "a range has 1 to 3 dimensions, got " + std::to_string(desc.ndim);
  return {};
}

} // namespace

extern "C" {

void kiln_launch_plan_desc_init(kiln_launch_plan_desc_t *desc) {
  if (!desc)
    return;
  std::memset(desc, 0, sizeof(*desc));
  desc->struct_size = sizeof(*desc);
  desc->ndim = 1;
}

kiln_status_t kiln_launch_plan_create(kiln_queue_t queue, kiln_kernel_t kernel,
                                      const kiln_launch_plan_desc_t *desc,
                                      kiln_launch_plan_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(queue);
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(desc);
  const char *function = __func__;
  std::string error = descError(*desc);
  if (!error.empty())
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": " + error);
  return guarded(function, [&] {
    LaunchPlanShape shape;
    shape.dims = static_cast<unsigned>(desc->ndim);
    shape.ndRange = desc->nd_range != 0;
    StatusOr<std::unique_ptr<LaunchPlan>> plan =
        LaunchPlan::create(queue->queue, kernel->kernel, shape);
    if (!plan.ok())
      return capi::fromStatus(plan.status());
    *out = new kiln_launch_plan{kiln_queue{queue->queue},
                                kiln_kernel{kernel->kernel}, std::move(*plan)};
    return capi::succeed();
  });
}

kiln_status_t kiln_launch_plan_submit(kiln_launch_plan_t plan,
                                      const kiln_arg_t *args, size_t nargs,
                                      const int64_t *global,
                                      const int64_t *local) {
  KILN_CAPI_REQUIRE(plan);
  KILN_CAPI_REQUIRE(global);
  if (nargs != 0)
    KILN_CAPI_REQUIRE(args);
  const char *function = __func__;
  const LaunchPlanShape &shape = plan->plan->shape();
  if (shape.ndRange != (local != nullptr))
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) +
                          (local ? ": local is set but the plan launches "
                                   "plain ranges"
                                 : ": local is NULL but the plan launches "
                                   "NdRanges"));
  return guarded(function, [&] {
    PlanArgs views(nargs);
    bool direct = true;
    for (size_t i = 0; i < nargs && direct; ++i)
      direct = toPlanArg(args[i], views.data() + i);
    if (direct) {
      StatusOr<bool> launched =
          plan->plan->tryLaunch(views.data(), nargs, global, local);
      if (!launched.ok())
        return capi::fromStatus(launched.status());
      if (*launched)
        return capi::succeed();
    }
    kiln_launch_desc_t desc =
        capi::listDesc(&plan->kernel, static_cast<int>(shape.dims), global,
                       local, args, nargs);
    desc.flags = KILN_LAUNCH_NO_EVENT;
    LaunchEvents events;
    return capi::submitLaunch(function, &plan->queue, desc, nullptr, 0, events);
  });
}

void kiln_launch_plan_release(kiln_launch_plan_t plan) { delete plan; }

} // extern "C"
