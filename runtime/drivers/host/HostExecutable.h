//===- HostExecutable.h - A loaded host shared object -----------*- C++ -*-===//
//
// The binary's bytes go into an anonymous file (memfd_create) that dlopen
// loads from /proc/self/fd (RTLD_NOW | RTLD_LOCAL: libm's and printf's
// symbols resolve at once, from the process); nothing touches the disk.
// Each kernel is the work-group function of its name (HostKernelABI.h).
// The library stays loaded while the executable or any kernel lives.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_HOST_HOSTEXECUTABLE_H
#define KILN_RUNTIME_DRIVERS_HOST_HOSTEXECUTABLE_H

#include "HostDevice.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/HostKernelABI.h"

namespace kiln::host {

/// A dlopen handle, closed when the last owner goes.
class SharedLibrary {
public:
  explicit SharedLibrary(void *handle) : handle_(handle) {}
  ~SharedLibrary();
  SharedLibrary(const SharedLibrary &) = delete;
  SharedLibrary &operator=(const SharedLibrary &) = delete;
  void *handle() const { return handle_; }

private:
  void *handle_;
};

class HostKernel final : public Kernel {
public:
  HostKernel(const Device &device, KernelMetadata metadata,
             std::shared_ptr<const SharedLibrary> library,
             HostWorkGroupFunction function)
      : Kernel(device, std::move(metadata)), library_(std::move(library)),
        function_(function) {}
  HostWorkGroupFunction function() const { return function_; }

private:
  std::shared_ptr<const SharedLibrary> library_;
  HostWorkGroupFunction function_;
};

class HostExecutable final : public Executable {
public:
  static StatusOr<std::shared_ptr<Executable>>
  load(std::shared_ptr<const HostDevice> device, const KernelBinary &binary);

protected:
  StatusOr<std::shared_ptr<Kernel>>
  createKernel(const KernelMetadata &metadata) override;

private:
  HostExecutable(std::shared_ptr<const HostDevice> device,
                 std::vector<KernelMetadata> kernels,
                 std::shared_ptr<const SharedLibrary> library)
      : Executable(std::move(kernels)), device_(std::move(device)),
        library_(std::move(library)) {}
  std::shared_ptr<const HostDevice> device_;
  std::shared_ptr<const SharedLibrary> library_;
};

/// Why `binary` (ELF bytes) cannot run on this machine, or ok: an ELF
/// shared object of this machine's architecture.
Status checkHostObject(const std::vector<uint8_t> &binary,
                       const std::string &device);

} // namespace kiln::host

#endif // KILN_RUNTIME_DRIVERS_HOST_HOSTEXECUTABLE_H
