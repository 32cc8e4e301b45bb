//===- OpenCLSvmLifetimeTest.cpp - When SVM buffers are freed -----------===//
//
// clSVMFree does not wait for commands that still use the memory, so an SVM
// buffer dropped while a command runs must be freed after it
// (clEnqueueSVMFree behind the command's event). Which of the two calls the
// runtime makes is observed by defining clSVMFree and clEnqueueSVMFree in
// this executable: the statically linked runtime binds to them, and they
// record the call before forwarding to the ICD loader's (RTLD_NEXT). The
// memory itself is not observable: PoCL does not hand a freed address out
// again at once, so a use after free would go unnoticed otherwise.
//
//===----------------------------------------------------------------------===//
#include "OpenCLTestFixture.h"

#include "kiln/runtime/Launch.h"

#include <CL/cl.h>

#include <algorithm>
#include <dlfcn.h>
#include <mutex>

namespace {

struct FreeCall {
  void *pointer;
  cl_uint waits; ///< Wait-list length of clEnqueueSVMFree; 0 for clSVMFree.
};

std::mutex callsMutex;
std::vector<FreeCall> immediateFrees; // clSVMFree
std::vector<FreeCall> queuedFrees;    // clEnqueueSVMFree

template <typename Fn> Fn next(const char *name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

} // namespace

extern "C" {

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context context, void *pointer) {
  {
    std::lock_guard<std::mutex> lock(callsMutex);
    immediateFrees.push_back({pointer, 0});
  }
  static auto real = next<void(CL_API_CALL *)(cl_context, void *)>("clSVMFree");
  real(context, pointer);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMFree(
    cl_command_queue queue, cl_uint count, void *pointers[],
    void(CL_CALLBACK *callback)(cl_command_queue, cl_uint, void *[], void *),
    void *userData, cl_uint waitCount, const cl_event *waitList,
    cl_event *event) {
  {
    std::lock_guard<std::mutex> lock(callsMutex);
    for (cl_uint i = 0; i < count; ++i)
      queuedFrees.push_back({pointers[i], waitCount});
  }
  using Fn = cl_int(CL_API_CALL *)(
      cl_command_queue, cl_uint, void *[],
      void(CL_CALLBACK *)(cl_command_queue, cl_uint, void *[], void *), void *,
      cl_uint, const cl_event *, cl_event *);
  static auto real = next<Fn>("clEnqueueSVMFree");
  return real(queue, count, pointers, callback, userData, waitCount, waitList,
              event);
}

} // extern "C"

namespace kiln {
namespace {

/// The calls that freed `address` so far.
std::vector<FreeCall> callsFor(const std::vector<FreeCall> &calls,
                               uint64_t address) {
  std::lock_guard<std::mutex> lock(callsMutex);
  std::vector<FreeCall> found;
  for (const FreeCall &call : calls)
    if (reinterpret_cast<uintptr_t>(call.pointer) == address)
      found.push_back(call);
  return found;
}

class OpenCLSvmLifetime : public test::OpenCLTest {
protected:
  void SetUp() override {
    test::OpenCLTest::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    if (!device->info().supportsSharedVirtualMemory)
      GTEST_SKIP() << "'" << device->info().name
                   << "' has no coarse-grain buffer SVM";
    module = loadTestModule();
    ASSERT_TRUE(module);
    ASSERT_OK_AND_ASSIGN(kernel, module->getKernel("spin"));
    spin = kernel;
  }

  std::shared_ptr<Executable> module;
  std::shared_ptr<Kernel> spin;
};

TEST_F(OpenCLSvmLifetime, AnUnusedBufferIsFreedAtOnce) {
  uint64_t address = 0;
  {
    ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(64));
    ASSERT_OK_AND_ASSIGN(a, y->deviceAddress());
    address = a;
    const uint32_t one = 1;
    ASSERT_OK_AND_ASSIGN(filled, queue->fillBuffer(*y, &one, 4, 0, 64));
    ASSERT_OK(filled->wait()); // Its only use has finished.
  }
  EXPECT_EQ(callsFor(immediateFrees, address).size(), 1u);
  EXPECT_TRUE(callsFor(queuedFrees, address).empty());
}

// Dropping the launch event releases the last reference to y while the
// kernel runs: the Buffer goes (the live count says so), its memory is
// freed on the queue after the kernel.
TEST_F(OpenCLSvmLifetime, BufferDroppedWhileAKernelUsesItIsFreedAfterIt) {
  const size_t before = device->liveBufferCount();
  ASSERT_OK_AND_ASSIGN(witnessBuffer, device->allocateBuffer(sizeof(float)));
  uint64_t address = 0;
  std::shared_ptr<Event> witness;
  const float one = 1.0f;
  {
    ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(sizeof(float)));
    ASSERT_OK_AND_ASSIGN(a, y->deviceAddress());
    address = a;
    ASSERT_OK_AND_ASSIGN(launched,
                         launchAsync(*queue, spin, Range{1},
                                     {KernelArg::array(y, {1}, DType::Float32),
                                      KernelArg::scalar(int64_t(40'000'000))}));
    // The queue is in order: this write completes after the kernel.
    ASSERT_OK_AND_ASSIGN(
        after, queue->writeBufferAsync(*witnessBuffer, &one, sizeof(float)));
    witness = after;
  } // The launch event, and with it the last reference to y, is gone.
  EXPECT_EQ(device->liveBufferCount(), before + 1);
  std::vector<FreeCall> immediate = callsFor(immediateFrees, address);
  std::vector<FreeCall> queued = callsFor(queuedFrees, address);
  ASSERT_NE(witness->state(), EventState::Complete)
      << "the slow kernel finished before it could be observed";
  EXPECT_TRUE(immediate.empty())
      << "clSVMFree of memory a running kernel still writes";
  ASSERT_EQ(queued.size(), 1u);
  EXPECT_EQ(queued[0].waits, 1u); // The kernel's event.
  ASSERT_OK(witness->wait());
  ASSERT_OK(queue->finish());
}

// A buffer used by thousands of commands, then dropped while a hundred are
// still queued behind a slow kernel: the free waits for those hundred, not
// for the thousands that have finished.
TEST_F(OpenCLSvmLifetime, BufferDroppedBehindManyQueuedCommands) {
  const size_t before = device->liveBufferCount();
  std::shared_ptr<Buffer> a;
  {
    ASSERT_OK_AND_ASSIGN(allocated, device->allocateBuffer(4096));
    a = allocated;
  }
  ASSERT_OK_AND_ASSIGN(address, a->deviceAddress());
  const uint32_t three = 3, four = 4;
  for (int i = 0; i < 2000; ++i)
    ASSERT_OK(queue->fillBuffer(*a, &three, 4, 0, 4096).status());
  EXPECT_EQ(download<uint32_t>(*a, 1024), std::vector<uint32_t>(1024, 3));
  // Keeps the fills below queued until the host lets the kernel go.
  ASSERT_OK_AND_ASSIGN(y, device->allocateBuffer(sizeof(float)));
  ASSERT_OK_AND_ASSIGN(slow,
                       launchAsync(*queue, spin, Range{1},
                                   {KernelArg::array(y, {1}, DType::Float32),
                                    KernelArg::scalar(int64_t(40'000'000))}));
  for (int i = 0; i < 100; ++i)
    ASSERT_OK(queue->fillBuffer(*a, &four, 4, 0, 4096).status());
  a.reset();
  EXPECT_EQ(device->liveBufferCount(), before + 1); // y only.
  ASSERT_NE(slow->state(), EventState::Complete)
      << "the slow kernel finished before it could be observed";
  EXPECT_TRUE(callsFor(immediateFrees, address).empty());
  std::vector<FreeCall> queued = callsFor(queuedFrees, address);
  ASSERT_EQ(queued.size(), 1u);
  // The 100 fills behind the kernel, not the 2000 finished ones.
  EXPECT_EQ(queued[0].waits, 100u);
  ASSERT_OK(queue->finish());
}

} // namespace
} // namespace kiln
