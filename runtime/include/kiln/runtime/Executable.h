//===- Executable.h - A loaded device binary and its kernels ----*- C++ -*-===//
//
// An Executable is one KernelBinary loaded on one device; it holds many
// kernels, fetched by name. Each Kernel carries the KernelMetadata the
// compiler emitted, which is all the launcher needs to check and pack
// arguments.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_EXECUTABLE_H
#define KILN_RUNTIME_EXECUTABLE_H

#include "kiln/runtime/KernelMetadata.h"
#include "kiln/runtime/Status.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

class Device;
class Executable;

/// One entry point of an executable, ready to launch.
class Kernel {
public:
  virtual ~Kernel() = default;
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  /// Name, index kind and parameters, as emitted by the compiler.
  const KernelMetadata &metadata() const { return metadata_; }
  const std::string &name() const { return metadata_.name; }
  /// The device the kernel was loaded on.
  const Device &device() const { return device_; }
  /// The executable that handed out this kernel (Executable::getKernel),
  /// for reaching the kernels generated next to it (its argument-block
  /// entry); null once that executable is gone.
  std::shared_ptr<Executable> executable() const { return executable_.lock(); }

protected:
  Kernel(const Device &device, KernelMetadata metadata)
      : device_(device), metadata_(std::move(metadata)) {}

private:
  friend class Executable;
  const Device &device_;
  KernelMetadata metadata_;
  std::weak_ptr<Executable> executable_;
};

/// A device binary loaded on one device.
class Executable : public std::enable_shared_from_this<Executable> {
public:
  virtual ~Executable() = default;
  Executable(const Executable &) = delete;
  Executable &operator=(const Executable &) = delete;

  /// The kernel called `name`; an unknown name is an error listing the
  /// kernels the executable has.
  StatusOr<std::shared_ptr<Kernel>> getKernel(std::string_view name);
  /// Metadata of every kernel in the binary.
  const std::vector<KernelMetadata> &kernels() const { return kernels_; }

protected:
  explicit Executable(std::vector<KernelMetadata> kernels)
      : kernels_(std::move(kernels)) {}
  /// Creates the back end's kernel object for one metadata entry.
  virtual StatusOr<std::shared_ptr<Kernel>>
  createKernel(const KernelMetadata &metadata) = 0;

private:
  std::vector<KernelMetadata> kernels_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Kernel>, std::less<>> loaded_;
};

} // namespace kiln

#endif // KILN_RUNTIME_EXECUTABLE_H
