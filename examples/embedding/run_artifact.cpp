//===- run_artifact.cpp - Run a saxpy artifact with the Kiln runtime ------===//
//
//   kiln-embed-artifact saxpy.kiln [DEVICE]      (DEVICE: cpu, cuda, ...)
//
// Reads an artifact written by `kilnc --emit-artifact` (device code plus
// kernel metadata), loads it on the device, runs saxpy over 100000
// elements and checks the result on the host. Only the runtime is linked.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/KernelBinaryFile.h"
#include "kiln/runtime/LaunchDesc.h"
#include "kiln/runtime/Queue.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace {
int fail(const char *what, const kiln::Status &status) {
  std::fprintf(stderr, "kiln-embed-artifact: %s: %s\n", what,
               status.toString().c_str());
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: %s ARTIFACT.kiln [DEVICE]\n", argv[0]);
    return 2;
  }
  const char *selector = argc == 3 ? argv[2] : "cpu";

  kiln::StatusOr<kiln::KernelBinary> binary =
      kiln::readKernelBinaryFile(argv[1]);
  if (!binary.ok())
    return fail("reading the artifact", binary.status());
  auto device = kiln::openDevice(selector);
  if (!device.ok())
    return fail("opening the device", device.status());
  auto executable = (*device)->loadExecutable(*binary);
  if (!executable.ok())
    return fail("loading the artifact", executable.status());
  auto saxpy = (*executable)->getKernel("saxpy");
  if (!saxpy.ok())
    return fail("finding saxpy", saxpy.status());
  auto queue = (*device)->createQueue();
  if (!queue.ok())
    return fail("creating a queue", queue.status());

  const int64_t n = 100000;
  const size_t bytes = n * sizeof(float);
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = float(i % 1000);
    y[i] = 1.0f;
  }
  auto xbuf = (*device)->allocateBuffer(bytes);
  auto ybuf = (*device)->allocateBuffer(bytes);
  if (!xbuf.ok() || !ybuf.ok())
    return fail("allocating", xbuf.ok() ? ybuf.status() : xbuf.status());
  kiln::Status status = (*queue)->writeBuffer(**xbuf, x.data(), bytes);
  if (status.ok())
    status = (*queue)->writeBuffer(**ybuf, y.data(), bytes);
  // One launch, described: kernel, index space, arguments (checked against
  // the artifact's metadata before anything runs), then Queue::submit.
  kiln::LaunchDesc launch;
  launch.kernel = *saxpy;
  launch.space = kiln::Range{n};
  launch.args = {kiln::KernelArg::scalar(2.5f),
                 kiln::KernelArg::array(*xbuf, {n}, kiln::DType::Float32),
                 kiln::KernelArg::array(*ybuf, {n}, kiln::DType::Float32)};
  if (status.ok()) {
    kiln::StatusOr<kiln::LaunchEvents> events = (*queue)->submit(launch);
    status = events.ok() ? events->device->wait() : events.status();
  }
  if (status.ok())
    status = (*queue)->readBuffer(**ybuf, y.data(), bytes);
  if (!status.ok())
    return fail("running saxpy", status);
  for (int64_t i = 0; i < n; ++i)
    if (std::fabs(y[i] - (2.5f * x[i] + 1.0f)) > 1e-4f) {
      std::fprintf(stderr, "kiln-embed-artifact: wrong result at %lld\n",
                   static_cast<long long>(i));
      return 1;
    }
  std::printf("saxpy artifact on %s: verified (%lld elements, %s)\n", selector,
              static_cast<long long>(n), (*device)->info().name.c_str());
  return 0;
}
