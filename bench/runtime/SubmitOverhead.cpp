//===- SubmitOverhead.cpp - Host cost of kiln_queue_submit vs launchAsync -===//
//
// kiln-bench-submit [selector] [launches] [repeats]: the host cost of one
// launch of an empty kernel with 4 arrays (16 floats each) and 2 scalars
// (issue 13's launch) on one in-order queue of `selector` (default: the
// first CUDA device, else the CPU device), through
//   c-event      kiln_queue_submit, the device event returned and released
//   c-no-event   kiln_queue_submit with KILN_LAUNCH_NO_EVENT
//   cxx-event    kiln::launchAsync (the C++ API), the event dropped
//   cxx-no-event Queue::submit of a LaunchDesc with noEvent
//   c-plan       kiln_launch_plan_submit of a plan made once
//   raw          cuLaunchKernel of the same CUfunction, stream and
//                parameters through Kiln's dlopen'ed driver table (CUDA
//                builds on a CUDA device only): the floor the others pay on
// Each repeat times `launches` back-to-back submissions (the queue is
// finished after each, untimed); the program prints the median and the
// best ns per launch of every way. The kernel is PTX written here on CUDA
// and SPIR-V built from empty_args_spirv.ll at build time on OpenCL
// (KILN_BENCH_KERNEL_DIR overrides where it is read).
//
//===----------------------------------------------------------------------===//
#include "kiln/capi/Handles.h"
#include "kiln/kiln.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

#ifdef KILN_BENCH_RAW_CUDA
#include "CudaDynamicSymbols.h"
#include "CudaExecutable.h"
#include "CudaQueue.h"
#include "CudaStatus.h"
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char *kEmptyArgsPtx = R"(.version 7.0
.target sm_52
.address_size 64
.visible .entry empty_args(.param .u64 r0, .param .u64 r1, .param .u64 r2,
    .param .u64 a, .param .u64 an, .param .u64 b, .param .u64 bn,
    .param .u64 c, .param .u64 cn, .param .u64 d, .param .u64 dn,
    .param .f32 s, .param .u32 t)
{
  ret;
}
)";

constexpr int64_t kItems = 256;
constexpr int64_t kElements = 16;
constexpr int kArrays = 4;

/// Exits with `what` and the C API's last error when `status` failed.
void check(kiln_status_t status, const char *what) {
  if (status == KILN_STATUS_OK)
    return;
  std::fprintf(stderr, "kiln-bench-submit: %s: %s\n", what,
               kiln_last_error_message());
  std::exit(1);
}

std::vector<char> spirvKernel() {
  const char *dir = std::getenv("KILN_BENCH_KERNEL_DIR");
  std::string path = std::string(dir && *dir ? dir : KILN_BENCH_KERNEL_DIR) +
                     "/empty_args.spv";
  std::ifstream in(path, std::ios::binary);
  std::vector<char> code((std::istreambuf_iterator<char>(in)),
                         std::istreambuf_iterator<char>());
  if (code.empty()) {
    std::fprintf(stderr, "kiln-bench-submit: no SPIR-V kernel at %s\n",
                 path.c_str());
    std::exit(1);
  }
  return code;
}

/// The empty kernel loaded on `device`.
kiln_kernel_t loadKernel(kiln_device_t device, kiln_executable_t &executable) {
  kiln_backend_t backend;
  check(kiln_device_backend(device, &backend), "the device's back end");
  bool ptx = backend == KILN_BACKEND_CUDA;
  std::vector<char> code =
      ptx ? std::vector<char>(kEmptyArgsPtx,
                              kEmptyArgsPtx +
                                  std::char_traits<char>::length(kEmptyArgsPtx))
          : spirvKernel();
  kiln_binary_t binary = nullptr;
  check(kiln_binary_create(ptx ? KILN_BINARY_PTX : KILN_BINARY_SPIRV,
                           ptx ? "sm_52" : nullptr, code.data(), code.size(),
                           &binary),
        "creating the binary");
  const kiln_param_desc_t params[] = {
      {"a", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"b", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"c", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"d", KILN_PARAM_ARRAY, KILN_DTYPE_FLOAT32, 1},
      {"s", KILN_PARAM_SCALAR, KILN_DTYPE_FLOAT32, 0},
      {"t", KILN_PARAM_SCALAR, KILN_DTYPE_INT32, 0}};
  check(
      kiln_binary_add_kernel(binary, "empty_args", KILN_INDEX_ITEM, params, 6),
      "describing the kernel");
  check(kiln_executable_load(device, binary, &executable), "loading");
  kiln_binary_release(binary);
  kiln_kernel_t kernel = nullptr;
  check(kiln_kernel_get(executable, "empty_args", &kernel), "the kernel");
  return kernel;
}

/// ns per launch of each repeat of `launches` calls of `launch`.
std::vector<double> time(kiln_queue_t queue, int launches, int repeats,
                         const std::function<void()> &launch) {
  for (int i = 0; i < 100; ++i) // Warm: the thread's scratch, the driver.
    launch();
  check(kiln_queue_finish(queue), "finishing the queue");
  std::vector<double> perLaunch;
  for (int r = 0; r < repeats; ++r) {
    Clock::time_point start = Clock::now();
    for (int i = 0; i < launches; ++i)
      launch();
    Clock::duration spent = Clock::now() - start;
    check(kiln_queue_finish(queue), "finishing the queue");
    perLaunch.push_back(
        std::chrono::duration<double, std::nano>(spent).count() / launches);
  }
  std::sort(perLaunch.begin(), perLaunch.end());
  return perLaunch;
}

[[noreturn]] void failed(const kiln::Status &status) {
  std::fprintf(stderr, "kiln-bench-submit: %s\n", status.message().c_str());
  std::exit(1);
}

struct Way {
  const char *name;
  std::function<void()> launch;
};

#ifdef KILN_BENCH_RAW_CUDA
/// The raw row: cuLaunchKernel of the kernel's CUfunction on the queue's
/// stream with its 13 native parameters (3 range extents, 4 x (pointer,
/// extent), float, int32), one block of kItems threads. Kiln's launches
/// before it made the device's context current on this thread.
Way rawCudaLaunch(kiln_queue_t queue, kiln_kernel_t kernel,
                  const std::vector<kiln_buffer_t> &buffers) {
  using namespace kiln::cuda;
  auto symbols = CudaDynamicSymbols::get();
  if (!symbols.ok())
    failed(symbols.status());
  const CudaDynamicSymbols *cu = *symbols;
  CUfunction function =
      static_cast<const CudaKernel &>(*kernel->kernel).function();
  CUstream stream = static_cast<CudaQueue &>(*queue->queue).stream();
  struct Params {
    int64_t range[3] = {kItems, 1, 1};
    uint64_t pointers[kArrays] = {};
    int64_t extent = kElements;
    float s = 2.0f;
    int32_t t = 3;
    void *pointerArray[13] = {};
  };
  auto params = std::make_shared<Params>();
  for (int i = 0; i < kArrays; ++i)
    check(kiln_buffer_device_address(buffers[i], &params->pointers[i]),
          "a buffer's address");
  void **p = params->pointerArray;
  for (int i = 0; i < 3; ++i)
    *p++ = &params->range[i];
  for (int i = 0; i < kArrays; ++i) {
    *p++ = &params->pointers[i];
    *p++ = &params->extent;
  }
  *p++ = &params->s;
  *p++ = &params->t;
  return {"raw", [=] {
            CUresult result =
                cu->cuLaunchKernel(function, 1, 1, 1, kItems, 1, 1, 0, stream,
                                   params->pointerArray, nullptr);
            if (result != CUDA_SUCCESS)
              failed(cudaStatus(*cu, result, "cuLaunchKernel"));
          }};
}
#endif

} // namespace

int main(int argc, char **argv) {
  const char *selector = argc > 1 ? argv[1] : nullptr;
  int launches = argc > 2 ? std::atoi(argv[2]) : 10000;
  int repeats = argc > 3 ? std::atoi(argv[3]) : 7;
  if (launches < 1 || repeats < 1) {
    std::fprintf(stderr,
                 "usage: kiln-bench-submit [selector] [launches] [repeats]\n");
    return 2;
  }
  kiln_device_t device = nullptr;
  if (selector)
    check(kiln_device_open(selector, &device), "opening the device");
  else if (kiln_device_open("cuda", &device) != KILN_STATUS_OK)
    check(kiln_device_open("cpu", &device), "opening cuda, then cpu");
  kiln_executable_t executable = nullptr;
  kiln_kernel_t kernel = loadKernel(device, executable);
  kiln_queue_t queue = nullptr;
  check(kiln_queue_create(device, &queue), "creating a queue");

  // The C launch: one descriptor, filled once.
  const int64_t extent = kElements, range = kItems;
  std::vector<kiln_buffer_t> buffers(kArrays);
  std::vector<kiln_arg_t> args;
  for (kiln_buffer_t &buffer : buffers) {
    check(kiln_buffer_create(device, kElements * sizeof(float), &buffer),
          "a buffer");
    args.push_back(kiln_arg_array(buffer, &extent, 1, KILN_DTYPE_FLOAT32));
  }
  args.push_back(kiln_arg_float32(2.0f));
  args.push_back(kiln_arg_int32(3));
  kiln_launch_desc_t desc;
  kiln_launch_desc_init(&desc);
  desc.kernel = kernel;
  desc.ndim = 1;
  desc.global = &range;
  desc.args = args.data();
  desc.nargs = args.size();

  // The C++ launch of the same kernel, queue and buffers.
  kiln::Queue &cxxQueue = *queue->queue;
  kiln::LaunchDesc cxx;
  cxx.kernel = kernel->kernel;
  cxx.space = kiln::Range{kItems};
  for (kiln_buffer_t buffer : buffers)
    cxx.args.push_back(kiln::KernelArg::array(buffer->buffer, {kElements},
                                              kiln::DType::Float32));
  cxx.args.push_back(kiln::KernelArg::scalar(2.0f));
  cxx.args.push_back(kiln::KernelArg::scalar(int32_t(3)));

  kiln_launch_plan_desc_t planDesc;
  kiln_launch_plan_desc_init(&planDesc);
  kiln_launch_plan_t plan = nullptr;
  check(kiln_launch_plan_create(queue, kernel, &planDesc, &plan),
        "creating the launch plan");

  std::vector<Way> ways = {
      {"c-event",
       [&] {
         kiln_launch_events_t events;
         kiln_launch_events_init(&events);
         desc.flags = 0;
         check(kiln_queue_submit(queue, &desc, nullptr, 0, &events), "submit");
         kiln_event_release(events.device);
       }},
      {"c-no-event",
       [&] {
         desc.flags = KILN_LAUNCH_NO_EVENT;
         check(kiln_queue_submit(queue, &desc, nullptr, 0, nullptr), "submit");
       }},
      {"cxx-event",
       [&] {
         auto events =
             kiln::launchAsync(cxxQueue, cxx.kernel, cxx.space, cxx.args);
         if (!events.ok())
           failed(events.status());
       }},
      {"cxx-no-event",
       [&] {
         cxx.noEvent = true;
         auto events = cxxQueue.submit(cxx);
         if (!events.ok())
           failed(events.status());
       }},
      {"c-plan",
       [&] {
         check(kiln_launch_plan_submit(plan, args.data(), args.size(), &range,
                                       nullptr),
               "plan submit");
       }},
  };
#ifdef KILN_BENCH_RAW_CUDA
  kiln_backend_t backend;
  check(kiln_device_backend(device, &backend), "the device's back end");
  if (backend == KILN_BACKEND_CUDA)
    ways.push_back(rawCudaLaunch(queue, kernel, buffers));
#endif
  const char *name = "";
  check(kiln_device_name(device, &name), "the device's name");
  std::printf("kiln-bench-submit: %s, empty kernel, %d arrays + 2 scalars, "
              "%d launches x %d repeats\n",
              name, kArrays, launches, repeats);
  std::printf("%-14s %14s %14s\n", "way", "median ns", "best ns");
  for (const Way &way : ways) {
    std::vector<double> ns = time(queue, launches, repeats, way.launch);
    std::printf("%-14s %14.0f %14.0f\n", way.name, ns[ns.size() / 2], ns[0]);
  }
  kiln_launch_plan_release(plan);
  for (kiln_buffer_t buffer : buffers)
    kiln_buffer_release(buffer);
  kiln_queue_release(queue);
  kiln_kernel_release(kernel);
  kiln_executable_release(executable);
  kiln_device_release(device);
  return 0;
}
