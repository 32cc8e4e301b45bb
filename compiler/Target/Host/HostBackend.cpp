//===- HostBackend.cpp - The host CPU back end ----------------------------===//
#include "compiler/Target/Host/HostBackend.h"
#include "compiler/Target/Host/HostWorkGroupFunction.h"
#include "compiler/Target/LLVMCodegen.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>

using namespace kiln;

namespace {

constexpr llvm::StringLiteral kNative = "native";

std::string tripleOf(llvm::StringRef arch) {
  return (arch + "-unknown-linux-gnu").str();
}

/// The running machine's architecture as a triple's first part.
std::string hostArchitecture() {
  llvm::Triple process(llvm::sys::getProcessTriple());
  return process.getArchName().str();
}

std::string hostFeatures() {
  std::string features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    features += (features.empty() ? "" : ",") +
                std::string(feature.second ? "+" : "-") + feature.first().str();
  return features;
}

llvm::Error badArch(llvm::StringRef arch, const llvm::Twine &why) {
  return llvm::createStringError(
      "unknown host architecture '" + arch.str() + "': " + why.str() +
      " (expected native, a CPU name such as x86-64-v3, or ARCH:CPU such as "
      "aarch64:cortex-a72)");
}

std::string lastErrorLine(const std::string &text) {
  llvm::StringRef trimmed = llvm::StringRef(text).trim();
  return trimmed.empty() ? std::string("no message") : trimmed.str();
}

/// LLVM's ELF linker, or an error saying how to get it.
llvm::Expected<std::string> findLinker() {
  if (const char *path = std::getenv("KILN_LLD"); path && *path)
    return std::string(path);
  if (auto found = llvm::sys::findProgramByName("ld.lld-22"))
    return *found;
  if (llvm::sys::fs::can_execute("/usr/lib/llvm-22/bin/ld.lld"))
    return std::string("/usr/lib/llvm-22/bin/ld.lld");
  if (auto found = llvm::sys::findProgramByName("ld.lld"))
    return *found;
  return llvm::createStringError(
      "the host target links each kernel's shared object with LLVM's "
      "linker, but neither $KILN_LLD, ld.lld-22 nor ld.lld was found "
      "(Debian: apt-get install lld-22)");
}

class HostBackend final : public TargetBackend {
public:
  TargetKind getKind() const override { return TargetKind::Host; }
  BinaryFormat getBinaryFormat() const override {
    return BinaryFormat::HostELF;
  }
  llvm::StringRef getDefaultArch() const override { return kNative; }
  std::string describeArch(llvm::StringRef arch) const override {
    llvm::Expected<HostMachine> machine = resolveHostArch(arch);
    if (!machine) {
      llvm::consumeError(machine.takeError());
      return arch.str();
    }
    return arch.str() + " (" + machine->triple + ", " + machine->cpu +
           (machine->features.empty() ? "" : ", " + machine->features) + ")";
  }

  llvm::Error checkOptions(const BackendOptions &options) const override {
    return resolveHostArch(options.arch).takeError();
  }

  llvm::Expected<std::vector<uint8_t>> serialize(
      llvm::Module &module, const BackendOptions &options,
      llvm::function_ref<void(llvm::Module &)> onOptimized) const override {
    llvm::Expected<HostMachine> host = resolveHostArch(options.arch);
    if (!host)
      return host.takeError();
    if (llvm::Error error = buildHostWorkGroupFunctions(module))
      return std::move(error);
    module.setTargetTriple(llvm::Triple(host->triple));
    auto machine = createTargetMachine(host->triple, host->cpu, host->features,
                                       options.optLevel, llvm::Reloc::PIC_);
    if (!machine)
      return machine.takeError();
    optimizeModule(module, **machine, options.optLevel);
    if (onOptimized)
      onOptimized(module);
    auto object =
        emitModule(module, **machine, llvm::CodeGenFileType::ObjectFile);
    if (!object)
      return object.takeError();
    return linkHostSharedObject(*object);
  }
};

} // namespace

const TargetBackend &kiln::getHostBackend() {
  static const HostBackend backend;
  return backend;
}

llvm::Expected<HostMachine> kiln::resolveHostArch(llvm::StringRef arch) {
  initializeDeviceTargets();
  HostMachine machine;
  if (arch == kNative) {
    machine.triple = tripleOf(hostArchitecture());
    machine.cpu = llvm::sys::getHostCPUName().str();
    machine.features = hostFeatures();
    return machine;
  }
  if (arch.empty())
    return badArch(arch, "it is empty");
  auto [first, rest] = arch.split(':');
  std::string architecture = rest.empty() ? hostArchitecture() : first.str();
  machine.cpu = (rest.empty() ? first : rest).str();
  if (architecture != "x86_64" && architecture != "aarch64")
    return badArch(arch, "the host target knows x86_64 and aarch64");
  machine.triple = tripleOf(architecture);
  auto probe = createTargetMachine(machine.triple, "", "", 0);
  if (!probe)
    return probe.takeError();
  if (!(*probe)->getMCSubtargetInfo()->isCPUStringValid(machine.cpu))
    return badArch(arch, "LLVM knows no " + architecture + " CPU '" +
                             machine.cpu + "'");
  return machine;
}

llvm::Expected<std::string> kiln::emitHostAssembly(llvm::Module &module,
                                                   llvm::StringRef arch,
                                                   unsigned optLevel) {
  llvm::Expected<HostMachine> host = resolveHostArch(arch);
  if (!host)
    return host.takeError();
  auto machine = createTargetMachine(host->triple, host->cpu, host->features,
                                     optLevel, llvm::Reloc::PIC_);
  if (!machine)
    return machine.takeError();
  return emitModule(module, **machine, llvm::CodeGenFileType::AssemblyFile);
}

llvm::Expected<std::vector<uint8_t>>
kiln::linkHostSharedObject(llvm::StringRef object) {
  llvm::Expected<std::string> linker = findLinker();
  if (!linker)
    return linker.takeError();
  llvm::SmallString<128> input, output, log;
  auto cleanup = llvm::make_scope_exit([&] {
    for (const auto &path : {input, output, log})
      if (!path.empty())
        llvm::sys::fs::remove(path);
  });
  int fd = -1;
  if (std::error_code error =
          llvm::sys::fs::createTemporaryFile("kiln-host", "o", fd, input))
    return llvm::createStringError("host target: cannot create a temporary "
                                   "object file: " +
                                   error.message());
  {
    llvm::raw_fd_ostream stream(fd, /*shouldClose=*/true);
    stream << object;
    if (stream.has_error())
      return llvm::createStringError("host target: cannot write '" +
                                     input.str().str() + "'");
  }
  if (std::error_code error =
          llvm::sys::fs::createTemporaryFile("kiln-host", "so", output))
    return llvm::createStringError("host target: cannot create a temporary "
                                   "file: " +
                                   error.message());
  if (std::error_code error =
          llvm::sys::fs::createTemporaryFile("kiln-host", "log", log))
    return llvm::createStringError("host target: cannot create a temporary "
                                   "file: " +
                                   error.message());
  // Undefined symbols (libm's, printf) stay for the process to resolve
  // when the runtime loads the object; -z now makes that happen at once.
  llvm::SmallVector<llvm::StringRef> argv = {*linker,
                                             "-shared",
                                             "--hash-style=gnu",
                                             "--build-id=none",
                                             "-z",
                                             "noexecstack",
                                             "-z",
                                             "now",
                                             "-soname",
                                             "kiln-kernels.so",
                                             "-o",
                                             output,
                                             input};
  std::optional<llvm::StringRef> redirects[] = {
      llvm::StringRef(""), llvm::StringRef(log), llvm::StringRef(log)};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(*linker, argv, std::nullopt, redirects,
                                         0, 0, &message);
  if (status != 0) {
    std::string text;
    if (auto buffer = llvm::MemoryBuffer::getFile(log))
      text = (*buffer)->getBuffer().str();
    return llvm::createStringError(
        "host target: linking the kernel's shared object with '" + *linker +
        "' failed (" +
        (message.empty() ? "exit " + std::to_string(status) : message) +
        "): " + lastErrorLine(text));
  }
  auto buffer = llvm::MemoryBuffer::getFile(output, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError("host target: cannot read the linked "
                                   "object: " +
                                   buffer.getError().message());
  llvm::StringRef bytes = (*buffer)->getBuffer();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}
