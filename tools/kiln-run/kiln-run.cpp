//===- kiln-run.cpp - Compile a kernel and run it on a device -------------===//
//
//   kiln-run FILE.py -k KERNEL --range N[,M[,K]] [--device cpu|opencl[:i]|
//            cuda[:i]] --arg NAME=VALUE|NAME=@in.npy|NAME=zeros:SHAPE ...
//            --out NAME=out.npy ...
//
// Compiles for the chosen device's binary format through the JIT (its
// memory and disk cache: KILN_CACHE, KILN_CACHE_DIR, KILN_LOG=jit as for
// any embedder), specialized from the arguments' types; binds arguments
// from the command line and .npy files (each read once), launches, and
// writes outputs as .npy. Any bad input exits non-zero with a message
// naming what was wrong.
//
//===----------------------------------------------------------------------===//
#include "ArgumentBinding.h"
#include "LaunchArguments.h"

#include "compiler/Driver/PassPlacementOption.h"
#include "compiler/JIT/JitCompiler.h"
#include "compiler/Target/TargetBackend.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Queue.h"
#include "kiln/runtime/WorkGroupShape.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>

using namespace kiln;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("kiln-run options");
cl::opt<std::string> inputPath(cl::Positional,
                               cl::desc("<kernel.py|kiln.mlir>"),
                               cl::cat(category));
cl::opt<std::string> kernelName("k", cl::desc("Kernel to run"),
                                cl::value_desc("kernel"), cl::cat(category));
cl::opt<std::string> rangeText("range", cl::desc("Global range N[,M[,K]]"),
                               cl::cat(category));
cl::opt<std::string>
    ndRangeText("nd-range",
                cl::desc("Global and local range G0[,G1,G2]:L0[,L1,L2]"),
                cl::cat(category));
cl::list<std::string>
    localTexts("local",
               cl::desc("NAME=SHAPE[:DTYPE]: size of a LocalAccessor; DTYPE "
                        "types an unannotated one (repeatable)"),
               cl::cat(category));
cl::opt<bool> debugMode("g", cl::desc("Debug mode: bounds checks, asserts"),
                        cl::cat(category));
cl::opt<bool> numbaTyping(
    "numba-typing",
    cl::desc("Numba's typing rules: float literals float64, integer true "
             "division float64, int32/int64 with float32 float64"),
    cl::cat(category));
cl::opt<bool> anyRank(
    "any-rank",
    cl::desc("Compile for launches of any rank (the kernel then picks the "
             "hardware axis of each range dimension at run time, as an "
             "artifact built without --launch-rank does) instead of for "
             "this launch's rank"),
    cl::cat(category));
cl::opt<ElementwiseCoarsening> coarsenElementwise(
    "coarsen-elementwise",
    cl::desc("Elementwise kernels: each work-item handles 4 (2) consecutive "
             "ids with 128-bit accesses where the arrays are aligned and "
             "distinct (kilnc --coarsen-elementwise)"),
    passPlacementValues(), cl::init(ElementwiseCoarsening::Auto),
    cl::cat(category));
cl::opt<WorkGroupMerging> mergeWorkGroups(
    "merge-work-groups",
    cl::desc("NdRange kernels whose work-groups add into one address with "
             "relaxed atomics: each work-group loops over several and adds "
             "once where the arrays are distinct (docs/architecture.md)"),
    passPlacementValues(), cl::init(WorkGroupMerging::Auto), cl::cat(category));
cl::list<std::string> bitcodeLibraries(
    "link", cl::desc("LLVM IR/bitcode library for external device functions"),
    cl::value_desc("file.bc|file.ll"), cl::cat(category));
cl::opt<std::string> deviceName("device", cl::desc("cpu, opencl[:i], cuda[:i]"),
                                cl::init("cpu"), cl::cat(category));
cl::list<std::string> argTexts("arg",
                               cl::desc("NAME=VALUE | NAME=@in.npy | "
                                        "NAME=zeros:SHAPE (repeatable)"),
                               cl::cat(category));
cl::list<std::string> outTexts("out", cl::desc("NAME=out.npy (repeatable)"),
                               cl::cat(category));
cl::opt<std::string> arch("arch", cl::desc("CUDA architecture for PTX"),
                          cl::init("sm_90"), cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Optimisation level 0..3"), cl::Prefix,
                           cl::init(2), cl::cat(category));
cl::opt<bool> probeDevice("probe-device",
                          cl::desc("Only check that --device opens"),
                          cl::cat(category));
cl::opt<bool> listDevicesFlag("list-devices", cl::desc("List devices and exit"),
                              cl::cat(category));

int fail(const std::string &message) {
  llvm::errs() << "kiln-run: error: " << message << "\n";
  return 1;
}

StatusOr<Range> parseRange(const std::string &text,
                           const char *option = "--range") {
  std::vector<int64_t> extents;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string part =
        text.substr(start, comma == std::string::npos ? comma : comma - start);
    char *end = nullptr;
    errno = 0;
    long long v = std::strtoll(part.c_str(), &end, 10);
    if (part.empty() || *end)
      return invalidArgument(std::string(option) + " '" + text +
                             "' is not N, N,M or N,M,K with integers");
    // strtoll clamps to 2^63-1: refuse rather than launch a different range.
    if (errno == ERANGE)
      return invalidArgument(std::string(option) + " '" + text + "': " + part +
                             " does not fit in a signed 64-bit "
                             "integer (at most 9223372036854775807)");
    extents.push_back(v);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (extents.size() > 3)
    return invalidArgument(std::string(option) + " '" + text +
                           "' has more than 3 dimensions");
  return Range(extents);
}

/// "G0,G1:L0,L1" → NdRange; both parts must have the same rank.
StatusOr<NdRange> parseNdRange(const std::string &text) {
  size_t colon = text.find(':');
  if (colon == std::string::npos)
    return invalidArgument("--nd-range '" + text +
                           "' is not GLOBAL:LOCAL, e.g. 1024:64 or 64,64:8,8");
  auto global = parseRange(text.substr(0, colon), "--nd-range");
  if (!global.ok())
    return global.status();
  auto local = parseRange(text.substr(colon + 1), "--nd-range");
  if (!local.ok())
    return local.status();
  if (global->extents.size() != local->extents.size())
    return invalidArgument("--nd-range '" + text +
                           "': global and local ranges differ in rank");
  return NdRange{*global, *local};
}

std::string rangeString(const Range &range) {
  std::string s = "Range(";
  for (size_t i = 0; i < range.extents.size(); ++i)
    s += (i ? ", " : "") + std::to_string(range.extents[i]);
  return s + ")";
}

std::string indexSpaceString(const IndexSpace &space) {
  if (auto *range = std::get_if<Range>(&space))
    return rangeString(*range);
  const NdRange &nd = std::get<NdRange>(space);
  return "NdRange(" + rangeString(nd.global) + ", " + rangeString(nd.local) +
         ")";
}

int printDevices() {
  auto devices = kiln::listDevices();
  if (!devices.ok())
    return fail(devices.message());
  for (const DeviceInfo &info : *devices)
    llvm::outs() << info.selector << "\t" << backendName(info.backend) << "\t"
                 << info.name << "\n";
  return 0;
}

/// Whether --local sizes `name`.
bool isLocal(const std::string &name) {
  return llvm::any_of(localTexts, [&](const std::string &text) {
    return text.rfind(name + "=", 0) == 0;
  });
}

/// A compile error in kiln-run's words; the compiler's diagnostics first.
std::string compileFailure(llvm::Error error,
                           const std::map<std::string, LoadedArray> &arrays) {
  std::string message;
  llvm::handleAllErrors(
      std::move(error),
      [&](const CompileError &e) {
        llvm::errs() << e.diagnostics;
        if (!e.diagnostics.empty() && e.diagnostics.back() != '\n')
          llvm::errs() << "\n";
        message = e.summary;
        auto file = arrays.find(e.parameter);
        if (e.kind == CompileErrorKind::KernelNotFound)
          message = "no kernel '" + kernelName + "' to run";
        else if (e.problem == ArgumentProblem::Missing &&
                 file != arrays.end() && !file->second.array)
          message = file->second.error.message(); // unreadable .npy
        else if (e.problem == ArgumentProblem::Missing)
          message += ", pass --arg " + e.parameter + "=...";
        else if (e.problem == ArgumentProblem::Untyped && isLocal(e.parameter))
          message = "argument '" + e.parameter +
                    "': a generic parameter takes its dtype from its local "
                    "size: write --local " +
                    e.parameter + "=SHAPE:DTYPE with a dtype such as float32";
        else if (e.problem == ArgumentProblem::Untyped)
          message = "argument '" + e.parameter +
                    "': a generic parameter takes its dtype from an "
                    "@file.npy argument; zeros:SHAPE has none";
      },
      [&](const llvm::ErrorInfoBase &e) { message = e.message(); });
  return message;
}

/// The JIT request for `source` (named `path`) on `device`'s binary format,
/// for launches of `launchRank` dimensions (0: any).
CompileRequest requestFor(const Device &device, llvm::StringRef source,
                          llvm::StringRef path, unsigned launchRank = 0) {
  CompileRequest request;
  request.source = source.str();
  request.filename = path.str();
  request.kernel = kernelName;
  request.optLevel = optLevel;
  request.arch = arch;
  request.debug = debugMode;
  request.numbaTyping = numbaTyping;
  // The launch is known: its rank maps the index space statically.
  request.launchRank = launchRank;
  request.coarsenElementwise = coarsenElementwise;
  request.mergeWorkGroups = mergeWorkGroups;
  request.bitcodeLibraries.assign(bitcodeLibraries.begin(),
                                  bitcodeLibraries.end());
  const TargetBackend &backend =
      getTargetBackendForDriver(device.info().backend);
  request.target = backend.getKind();
  // --arch names a CUDA architecture; other targets with an arch (the
  // host's "native") take their own default unless it is given.
  if (request.target != TargetKind::PTX && arch.getNumOccurrences() == 0)
    request.arch = backend.getDefaultArch().str();
  return request;
}

/// Opens --device and loads a trivial kernel compiled for it, proving the
/// whole path (compiler, translator, driver) works there.
int probe() {
  auto device = openDevice(deviceName);
  if (!device.ok())
    return fail(device.message());
  kernelName = "kiln_probe";
  // The probe proves the compiler works: no cache answers for it.
  JitOptions options;
  options.memoryCache = false;
  options.diskCache = false;
  auto jit = JitCompiler::create(options);
  auto compiled =
      jit->compile(requestFor(**device,
                              "kiln.kernel @kiln_probe(%item: !kiln.item) {\n"
                              "  kiln.return\n}\n",
                              "probe.mlir"));
  if (!compiled)
    return fail(compileFailure(compiled.takeError(), {}));
  auto executable = (*device)->loadExecutable(*compiled->binary);
  if (!executable.ok())
    return fail(executable.message());
  llvm::outs() << deviceName << ": " << (*device)->info().name
               << " runs Kiln kernels\n";
  return 0;
}

/// What the runtime launched of a kernel that merges work-groups.
void printMergedLaunch(const IndexSpace &space, const DeviceInfo &info) {
  const auto *nd = std::get_if<NdRange>(&space);
  if (!nd)
    return;
  int64_t groups = 1, size = 1;
  for (size_t d = 0; d < nd->global.extents.size(); ++d) {
    groups *= nd->global.extents[d] / nd->local.extents[d];
    size *= nd->local.extents[d];
  }
  llvm::outs() << "merged work-groups: "
               << mergedWorkGroupCount(groups, size, info.computeUnits,
                                       info.maxWorkItemsPerComputeUnit)
               << " launched for " << groups << "\n";
}

unsigned launchRankOf(const IndexSpace &space) {
  if (const auto *range = std::get_if<Range>(&space))
    return static_cast<unsigned>(range->extents.size());
  return static_cast<unsigned>(std::get<NdRange>(space).global.extents.size());
}

StatusOr<IndexSpace> parseIndexSpace() {
  if (!ndRangeText.empty() && !rangeText.empty())
    return invalidArgument("give either --range or --nd-range, not both");
  if (!ndRangeText.empty()) {
    auto nd = parseNdRange(ndRangeText);
    if (!nd.ok())
      return nd.status();
    return IndexSpace(*nd);
  }
  auto range = parseRange(rangeText);
  if (!range.ok())
    return range.status();
  return IndexSpace(*range);
}

int run() {
  auto range = parseIndexSpace();
  if (!range.ok())
    return fail(range.message());
  auto source = llvm::MemoryBuffer::getFile(inputPath);
  if (!source)
    return fail("cannot read '" + inputPath +
                "': " + source.getError().message());
  auto device = openDevice(deviceName);
  if (!device.ok())
    return fail(device.message());
  std::vector<std::string> runtimeArgs(argTexts.begin(), argTexts.end());
  std::map<std::string, LoadedArray> arrays = loadArrayArguments(runtimeArgs);
  CompileRequest request =
      requestFor(**device, (*source)->getBuffer(), inputPath,
                 anyRank ? 0 : launchRankOf(*range));
  request.arguments = describeArguments(runtimeArgs, arrays);
  std::vector<std::string> locals(localTexts.begin(), localTexts.end());
  for (ArgumentDescriptor &local : describeLocalAccessors(locals))
    request.arguments->push_back(std::move(local));
  // The index space types an unannotated work-item parameter.
  request.launchIndex = std::holds_alternative<NdRange>(*range)
                            ? IndexKind::NdItem
                            : IndexKind::Item;
  auto jit = JitCompiler::create();
  auto compiled = jit->compile(request);
  if (!compiled)
    return fail(compileFailure(compiled.takeError(), arrays));
  llvm::errs() << compiled->log; // the compile's warnings, cached with it
  // Constant[T] values are compiled in; they are not launch arguments.
  llvm::erase_if(runtimeArgs, [&](const std::string &text) {
    return compiled->specialization.constants.count(
        text.substr(0, text.find('=')));
  });
  auto executable = (*device)->loadExecutable(*compiled->binary);
  if (!executable.ok())
    return fail(executable.message());
  auto kernel = (*executable)->getKernel(kernelName);
  if (!kernel.ok())
    return fail(kernel.message());
  const KernelMetadata &metadata = (*kernel)->metadata();
  auto queue = (*device)->createQueue();
  if (!queue.ok())
    return fail(queue.message());
  auto outputs = parseOutputs(metadata, outTexts);
  if (!outputs.ok())
    return fail(outputs.message());
  auto bound = bindArguments(metadata, runtimeArgs, localTexts, arrays,
                             **device, **queue);
  if (!bound.ok())
    return fail(bound.message());

  LaunchDesc launch;
  launch.kernel = *kernel;
  launch.space = *range;
  for (const BoundArgument &b : *bound)
    launch.args.push_back(b.arg);
  auto start = std::chrono::steady_clock::now();
  StatusOr<LaunchEvents> events = (*queue)->submit(launch);
  if (Status s = events.ok() ? events->device->wait() : events.status();
      !s.ok())
    return fail(s.message());
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  llvm::outs() << "ran " << kernelName << " over " << indexSpaceString(*range)
               << " on " << deviceName << ": " << (*device)->info().name << " ("
               << backendName((*device)->info().backend) << ") in "
               << llvm::format("%.3f", ms) << " ms\n";
  for (unsigned d = 0; d < 3; ++d)
    if ((*kernel)->metadata().coarsening[d] > 1)
      llvm::outs() << "coarsened: " << (*kernel)->metadata().coarsening[d]
                   << " ids of dimension " << d << " per work-item\n";
  if ((*kernel)->metadata().mergesWorkGroups)
    printMergedLaunch(*range, (*device)->info());
  if (Status s = writeOutputs(metadata, *bound, *outputs, **queue); !s.ok())
    return fail(s.message());
  for (const auto &[name, path] : *outputs)
    llvm::outs() << "wrote " << name << " to " << path << "\n";
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Compile a Kiln kernel and run it\n");
  if (listDevicesFlag)
    return printDevices();
  if (probeDevice)
    return probe();
  if (inputPath.empty())
    return fail("no input file (kiln-run FILE.py -k KERNEL --range N ...)");
  if (kernelName.empty())
    return fail("no kernel given: pass -k KERNEL");
  if (rangeText.empty() && ndRangeText.empty())
    return fail("no index space given: pass --range N[,M[,K]] or "
                "--nd-range GLOBAL:LOCAL");
  if (optLevel > 3)
    return fail("-O" + std::to_string(optLevel) +
                " is not an optimisation level");
  return run();
}
