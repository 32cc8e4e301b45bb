//===- kiln-difftest-run.cpp - Run many kernels of one module ------------===//
//
//   kiln-difftest-run MODULE.py MANIFEST [-O N] [-g] [--device D] [--only K]
//
// The differential tester's executor (docs/reliability.md). kiln-run
// compiles one kernel per process, and a fresh process with a fresh
// compile and a fresh OpenCL program costs most of a second on the CPU
// device; the tester runs tens of thousands of kernels, so this tool
// compiles the whole module once per configuration, loads it once, and
// launches every kernel the manifest lists. The manifest is line based:
//
//   kernel NAME
//   range 32            (or: nd-range 32:8)
//   arg NAME=VALUE      (kiln-run's --arg syntax: number, @file.npy, zeros:N)
//   out NAME=FILE.npy
//   end
//
// It prints "ok NAME" or "fail NAME: MESSAGE" per kernel and goes on with
// the next; a module that does not compile is "compile-error: MESSAGE". A
// debug-mode kernel whose launch failed on its debug record (a division by
// zero) still writes its outputs before its "fail" line.
//
//===----------------------------------------------------------------------===//
#include "../kiln-run/ArgumentBinding.h"

#include "compiler/Session/CompileSession.h"
#include "compiler/Target/TargetBackend.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <sstream>

using namespace kiln;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("kiln-difftest-run options");
cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                               cl::desc("<module.py>"), cl::cat(category));
cl::opt<std::string> manifestPath(cl::Positional, cl::Required,
                                  cl::desc("<manifest>"), cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Optimisation level 0..3"), cl::Prefix,
                           cl::init(2), cl::cat(category));
cl::opt<bool> debugMode("g", cl::desc("Debug mode"), cl::cat(category));
cl::opt<std::string> deviceName("device", cl::init("cpu"),
                                cl::desc("cpu, opencl[:i], cuda[:i]"),
                                cl::cat(category));
cl::opt<std::string> onlyKernel("only", cl::desc("Compile only this kernel"),
                                cl::cat(category));

/// One kernel launch of the manifest.
struct LaunchRequest {
  std::string kernel;
  std::string indexSpace; ///< "N[,M[,K]]" or "G...:L..."
  std::vector<std::string> args, outs;
};

StatusOr<std::vector<LaunchRequest>> readManifest(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return invalidArgument("cannot read manifest '" + path + "'");
  std::vector<LaunchRequest> requests;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key, value;
    words >> key >> value;
    if (key.empty())
      continue;
    if (key == "kernel")
      requests.push_back({value, "", {}, {}});
    else if (requests.empty())
      return invalidArgument("manifest: '" + key + "' before any 'kernel'");
    else if (key == "range" || key == "nd-range")
      requests.back().indexSpace = value;
    else if (key == "arg")
      requests.back().args.push_back(value);
    else if (key == "out")
      requests.back().outs.push_back(value);
    else if (key != "end")
      return invalidArgument("manifest: unknown line '" + line + "'");
  }
  return requests;
}

/// "8,4" → extents; the Python side writes only well-formed ranges.
Range parseExtents(const std::string &text) {
  std::vector<int64_t> extents;
  std::istringstream parts(text);
  std::string part;
  while (std::getline(parts, part, ','))
    extents.push_back(std::stoll(part));
  return Range(extents);
}

IndexSpace parseIndexSpace(const std::string &text) {
  size_t colon = text.find(':');
  if (colon == std::string::npos)
    return parseExtents(text);
  return NdRange{parseExtents(text.substr(0, colon)),
                 parseExtents(text.substr(colon + 1))};
}

StatusOr<KernelBinary> compileModule(const Device &device,
                                     llvm::StringRef source) {
  CompileSession session;
  std::string diagnosticText;
  llvm::raw_string_ostream diagnostics(diagnosticText);
  CompileJob job;
  job.kernel = onlyKernel;
  job.options.optLevel = optLevel;
  job.options.debug = debugMode;
  job.options.target =
      getTargetBackendForDriver(device.info().backend).getKind();
  auto result = session.compile(source, inputPath, job, diagnostics);
  if (result && !result->stopped)
    return std::move(result->binary);
  Status failed = invalidArgument(diagnosticText);
  if (!result)
    llvm::handleAllErrors(result.takeError(), [&](const CompileError &e) {
      if (e.kind == CompileErrorKind::KernelNotFound)
        failed = invalidArgument("no kernel '" + onlyKernel + "'");
      else if (e.kind != CompileErrorKind::Source)
        failed = internalError(e.summary);
    });
  return failed;
}

/// Binds, launches and writes back one request; the status says why not.
Status runOne(Executable &executable, Device &device, Queue &queue,
              const LaunchRequest &request) {
  auto kernel = executable.getKernel(request.kernel);
  if (!kernel.ok())
    return kernel.status();
  const KernelMetadata &metadata = (*kernel)->metadata();
  auto outputs = parseOutputs(metadata, request.outs);
  if (!outputs.ok())
    return outputs.status();
  std::map<std::string, LoadedArray> arrays = loadArrayArguments(request.args);
  auto bound = bindArguments(metadata, request.args, {}, arrays, device, queue);
  if (!bound.ok())
    return bound.status();
  std::vector<KernelArg> args;
  for (const BoundArgument &b : *bound)
    args.push_back(b.arg);
  Status launched =
      launch(queue, *kernel, parseIndexSpace(request.indexSpace), args);
  // A debug kernel's launch fails on the first violation its DebugRecord
  // holds (an integer division by zero, language.md §6.3), read after the
  // kernel finished: the outputs still hold what the language defines (the
  // division's 0), so they are written for the tester to compare too.
  if (!launched.ok() && !metadata.debug)
    return launched;
  Status written = writeOutputs(metadata, *bound, *outputs, queue);
  return launched.ok() ? written : launched;
}

/// Newlines would break the one-line-per-kernel report.
std::string oneLine(std::string text) {
  for (char &c : text)
    if (c == '\n')
      c = ' ';
  return text;
}

int run() {
  auto requests = readManifest(manifestPath);
  if (!requests.ok())
    return llvm::errs() << "error: " << requests.message() << "\n", 2;
  auto source = llvm::MemoryBuffer::getFile(inputPath);
  if (!source)
    return llvm::errs() << "error: cannot read " << inputPath << "\n", 2;
  auto device = openDevice(deviceName);
  if (!device.ok())
    return llvm::errs() << "error: " << device.message() << "\n", 2;
  auto binary = compileModule(**device, (*source)->getBuffer());
  if (!binary.ok()) {
    llvm::outs() << "compile-error: " << oneLine(binary.message()) << "\n";
    return 1;
  }
  auto executable = (*device)->loadExecutable(*binary);
  if (!executable.ok()) {
    llvm::outs() << "load-error: " << oneLine(executable.message()) << "\n";
    return 1;
  }
  auto queue = (*device)->createQueue();
  if (!queue.ok())
    return llvm::errs() << "error: " << queue.message() << "\n", 2;
  for (const LaunchRequest &request : *requests) {
    Status s = runOne(**executable, **device, **queue, request);
    if (s.ok())
      llvm::outs() << "ok " << request.kernel << "\n";
    else
      llvm::outs() << "fail " << request.kernel << ": " << oneLine(s.message())
                   << "\n";
    llvm::outs().flush();
  }
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Run many kernels of one module\n");
  return run();
}
