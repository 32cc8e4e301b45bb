//===- HostExecutable.cpp - A loaded host shared object -------------------===//
#include "HostExecutable.h"

#include <dlfcn.h>
#include <elf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace kiln::host {

SharedLibrary::~SharedLibrary() {
  if (handle_)
    dlclose(handle_);
}

namespace {

#if defined(__x86_64__)
constexpr uint16_t kHostMachine = EM_X86_64;
constexpr const char *kHostMachineName = "x86_64";
#elif defined(__aarch64__)
constexpr uint16_t kHostMachine = EM_AARCH64;
constexpr const char *kHostMachineName = "aarch64";
#else
constexpr uint16_t kHostMachine = EM_NONE;
constexpr const char *kHostMachineName = "this machine";
#endif

const char *machineName(uint16_t machine) {
  switch (machine) {
  case EM_X86_64:
    return "x86_64";
  case EM_AARCH64:
    return "aarch64";
  default:
    return "another architecture";
  }
}

/// Writes `bytes` to a new memfd; returns its descriptor or -1 (errno).
int anonymousFile(const std::vector<uint8_t> &bytes) {
  int fd = memfd_create("kiln-kernels", MFD_CLOEXEC);
  if (fd < 0)
    return -1;
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int saved = errno;
      close(fd);
      errno = saved;
      return -1;
    }
    done += static_cast<size_t>(n);
  }
  return fd;
}

} // namespace

Status checkHostObject(const std::vector<uint8_t> &binary,
                       const std::string &device) {
  if (binary.size() < sizeof(Elf64_Ehdr) ||
      std::memcmp(binary.data(), ELFMAG, SELFMAG) != 0)
    return invalidArgument("the host binary for '" + device +
                           "' is not an ELF object");
  Elf64_Ehdr header;
  std::memcpy(&header, binary.data(), sizeof(header));
  if (header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_type != ET_DYN)
    return invalidArgument("the host binary for '" + device +
                           "' is not a 64-bit ELF shared object");
  if (header.e_machine != kHostMachine)
    return unimplemented(std::string("the host binary is compiled for ") +
                         machineName(header.e_machine) + "; '" + device +
                         "' runs " + kHostMachineName +
                         " code (compile with --arch native)");
  return Status();
}

StatusOr<std::shared_ptr<Executable>>
HostExecutable::load(std::shared_ptr<const HostDevice> device,
                     const KernelBinary &binary) {
  const std::string &name = device->info().name;
  if (binary.format != BinaryFormat::HostELF)
    return invalidArgument("'" + name +
                           "' loads host ELF binaries (kilnc --target "
                           "host), not PTX or SPIR-V");
  if (Status ok = checkHostObject(binary.data, name); !ok.ok())
    return ok;
  int fd = anonymousFile(binary.data);
  if (fd < 0)
    return internalError("cannot create an anonymous file for the kernels "
                         "on '" +
                         name + "': " + std::strerror(errno));
  std::string path = "/proc/self/fd/" + std::to_string(fd);
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  std::string error = handle ? "" : dlerror();
  close(fd);
  if (!handle)
    return internalError("cannot load the kernels' shared object on '" + name +
                         "': " + error);
  auto library = std::make_shared<const SharedLibrary>(handle);
  return std::shared_ptr<Executable>(new HostExecutable(
      std::move(device), binary.kernels, std::move(library)));
}

StatusOr<std::shared_ptr<Kernel>>
HostExecutable::createKernel(const KernelMetadata &metadata) {
  dlerror();
  void *symbol = dlsym(library_->handle(), metadata.name.c_str());
  if (!symbol)
    return notFound("the host binary has no work-group function for kernel '" +
                    metadata.name + "'");
  return std::shared_ptr<Kernel>(std::make_shared<HostKernel>(
      *device_, metadata, library_,
      reinterpret_cast<HostWorkGroupFunction>(symbol)));
}

} // namespace kiln::host
