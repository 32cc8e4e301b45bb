//===- KilnSession.h - The Kiln side of the CPU kernel suite ----*- C++ -*-===//
//
// One device, one queue and one JitCompiler for the whole suite: kernels
// are compiled from the suite's Kiln sources (bench/kernels/kiln) the way
// an embedding application would, loaded, and launched with a wait.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_BENCH_KERNELS_CPU_KILNSESSION_H
#define KILN_BENCH_KERNELS_CPU_KILNSESSION_H

#include "compiler/JIT/JitCompiler.h"
#include "kiln/runtime/Buffer.h"
#include "kiln/runtime/Device.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Launch.h"
#include "kiln/runtime/Queue.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kiln::bench {

/// The dtype of a C++ element type used by the suite's arrays.
template <typename T> constexpr DType dtypeFor() {
  if constexpr (std::is_same_v<T, float>)
    return DType::Float32;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return DType::UInt8;
  else {
    static_assert(std::is_same_v<T, uint32_t>, "unsupported element type");
    return DType::UInt32;
  }
}

class KilnSession {
public:
  /// Opens device `selector` and reads kernel sources from `kernelDir`.
  static StatusOr<std::unique_ptr<KilnSession>>
  open(const std::string &selector, const std::string &kernelDir);

  const DeviceInfo &deviceInfo() const { return device->info(); }

  /// Kernel `name` of `<kernelDir>/<file>`, compiled through the JIT for
  /// the device's binary format for launches of `launchRank` dimensions,
  /// and loaded.
  StatusOr<std::shared_ptr<Kernel>>
  kernel(const std::string &file, const std::string &name, unsigned launchRank);

  /// A device buffer holding `count` elements copied from `host`.
  template <typename T>
  StatusOr<std::shared_ptr<Buffer>> upload(const std::vector<T> &host) {
    return uploadBytes(host.data(), host.size() * sizeof(T));
  }
  /// A device buffer of `count` elements, zeroed.
  template <typename T> StatusOr<std::shared_ptr<Buffer>> zeros(size_t count) {
    return zeroBytes(count * sizeof(T));
  }
  /// Reads the whole of `buffer` into `host` (sized to match).
  template <typename T>
  Status download(const Buffer &buffer, std::vector<T> &host) {
    host.resize(buffer.size() / sizeof(T));
    return queue->readBuffer(buffer, host.data(), buffer.size());
  }
  /// Sets every byte of `buffer` to zero.
  Status clear(Buffer &buffer);

  /// Launches `kernel` over `space` and waits for it.
  Status run(const std::shared_ptr<Kernel> &kernel, const IndexSpace &space,
             const std::vector<KernelArg> &args);

private:
  KilnSession() = default;
  StatusOr<std::shared_ptr<Buffer>> uploadBytes(const void *data, size_t bytes);
  StatusOr<std::shared_ptr<Buffer>> zeroBytes(size_t bytes);

  std::shared_ptr<Device> device;
  std::shared_ptr<Queue> queue;
  std::unique_ptr<JitCompiler> jit;
  std::string kernelDir;
  /// Kernels refer to their executable weakly: the session keeps them.
  std::vector<std::shared_ptr<Executable>> executables;
};

/// An array argument of `shape` in `buffer`.
template <typename T>
KernelArg arrayArg(std::shared_ptr<Buffer> buffer, std::vector<int64_t> shape) {
  return KernelArg::array(std::move(buffer), std::move(shape), dtypeFor<T>());
}

} // namespace kiln::bench

#endif // KILN_BENCH_KERNELS_CPU_KILNSESSION_H
