//===- kilnc.cpp - The Kiln offline compiler ------------------------------===//
//
//   kilnc FILE.py [-k KERNEL] --target ptx|spirv|llvm|mlir [--arch sm_90]
//         [-O0..3] [-o OUT] [--emit=STAGE|metadata] [--print-stages]
//         [--signature KERNEL:NAME=TYPE|VALUE,...] [--emit-artifact]
//
// A thin wrapper over the compile session (compiler/Session): it only
// parses options, picks where each stage goes and writes files. Every
// output honours -o: the binary, the --emit stage, --target llvm|mlir.
//
//===----------------------------------------------------------------------===//
#include "MetadataText.h"
#include "compiler/Driver/PassPlacementOption.h"
#include "compiler/JIT/ArtifactProperties.h"
#include "compiler/Session/CompileSession.h"
#include "compiler/Target/Host/HostBackend.h"
#include "compiler/Target/TargetBackend.h"
#include "kiln/runtime/KernelBinaryFile.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace kiln;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("kilnc options");

cl::opt<std::string> inputPath(cl::Positional,
                               cl::desc("<kernel.py|kiln.mlir>"), cl::Required,
                               cl::cat(category));
cl::opt<std::string> outputPath("o", cl::desc("Output file ('-' for stdout)"),
                                cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> kernelName("k", cl::desc("Compile only this kernel"),
                                cl::value_desc("kernel"), cl::cat(category));

enum class Format { PTX, SPIRV, Host, LLVM, MLIR };
cl::opt<Format> format(
    "target", cl::desc("Output format"), cl::init(Format::SPIRV),
    cl::values(clEnumValN(Format::PTX, "ptx", "PTX assembly (NVPTX)"),
               clEnumValN(Format::SPIRV, "spirv", "SPIR-V binary (OpenCL)"),
               clEnumValN(Format::Host, "host",
                          "ELF shared object for the host CPU (the host "
                          "device)"),
               clEnumValN(Format::LLVM, "llvm", "optimised LLVM IR"),
               clEnumValN(Format::MLIR, "mlir", "the kiln dialect")),
    cl::cat(category));
cl::opt<std::string>
    llvmFor("llvm-for", cl::desc("Device whose LLVM IR --target=llvm prints"),
            cl::value_desc("ptx|spirv|host"), cl::init("spirv"),
            cl::cat(category));
cl::opt<std::string>
    arch("arch",
         cl::desc("CUDA architecture for PTX (default sm_90); the host "
                  "target's machine: native (default), a CPU name, or "
                  "ARCH:CPU (aarch64:cortex-a72)"),
         cl::init(getTargetBackend(TargetKind::PTX).getDefaultArch().str()),
         cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Optimisation level 0..3"), cl::Prefix,
                           cl::init(2), cl::cat(category));

enum class Stage {
  AST,
  Kiln,
  LLVMDialect,
  LLVMIR,
  OptimizedLLVMIR,
  Assembly,
  Final,
  Metadata
};
cl::opt<Stage> emitStage(
    "emit", cl::desc("Stop after a stage and print it"), cl::init(Stage::Final),
    cl::values(clEnumValN(Stage::AST, "ast", "checked AST"),
               clEnumValN(Stage::Kiln, "kiln", "kiln dialect"),
               clEnumValN(Stage::LLVMDialect, "llvm-dialect",
                          "lowered MLIR (LLVM dialect)"),
               clEnumValN(Stage::LLVMIR, "llvm-ir", "LLVM IR before -O"),
               clEnumValN(Stage::OptimizedLLVMIR, "llvm-ir-opt",
                          "LLVM IR after -O"),
               clEnumValN(Stage::Assembly, "asm",
                          "the host target's assembly (--target host)"),
               clEnumValN(Stage::Final, "final", "the --target output"),
               clEnumValN(Stage::Metadata, "metadata",
                          "the kernel metadata the runtime gets (after the "
                          "whole compile)")),
    cl::cat(category));
cl::opt<bool> debugMode("g",
                        cl::desc("Debug mode: line info, asserts, "
                                 "bounds checks"),
                        cl::cat(category));
cl::opt<bool> numbaTyping(
    "numba-typing",
    cl::desc("Numba's typing rules: float literals float64, integer true "
             "division float64, int32/int64 with float32 float64"),
    cl::cat(category));
cl::opt<bool> argBlockEntries(
    "arg-block-entries",
    cl::desc("Also emit KERNEL__kiln_argblock per kernel, which reads its "
             "arguments from a block in device memory "
             "(launchWithDeviceArguments)"),
    cl::cat(category));
cl::opt<unsigned> launchRank(
    "launch-rank",
    cl::desc("Specialize the kernels for launches of this rank (1..3): the "
             "range maps to hardware axes statically; the runtime refuses "
             "other ranks (default 0: any rank)"),
    cl::init(0), cl::cat(category));
cl::list<std::string> assumeAligned16(
    "assume-aligned16",
    cl::desc("Promise that these array parameters' data is 16-byte aligned "
             "at every launch (runtime buffers are): wider accesses"),
    cl::value_desc("param,..."), cl::CommaSeparated, cl::cat(category));
cl::opt<bool> assumeDistinctArrays(
    "assume-distinct-arrays",
    cl::desc("Promise that every launch passes distinct, non-overlapping "
             "memory to the kernels' array parameters: their pointers get "
             "noalias. Not checked at launch (the JIT decides it per launch)"),
    cl::cat(category));
cl::opt<ElementwiseCoarsening> coarsenElementwise(
    "coarsen-elementwise",
    cl::desc("Elementwise kernels: each work-item handles 4 (2) consecutive "
             "ids with 128-bit accesses where the arrays are known aligned "
             "and distinct (docs/architecture.md)"),
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
cl::opt<bool> printStages("print-stages",
                          cl::desc("Print every intermediate stage to stdout"),
                          cl::cat(category));
cl::list<std::string> signatures(
    "signature",
    cl::desc("Specialize a generic kernel: KERNEL:NAME=TYPE|CONSTANT,... "
             "(e.g. \"k:a=Array[float32, 2],n=float32,t=16\")"),
    cl::value_desc("signature"), cl::cat(category));
cl::opt<bool> emitArtifact(
    "emit-artifact",
    cl::desc("Write a loadable artifact (device code + kernel metadata, "
             "runtime/include/kiln/runtime/KernelBinaryFile.h) instead of "
             "the bare binary; default output FILE.kiln"),
    cl::cat(category));

int fail(const llvm::Twine &message) {
  llvm::errs() << "kilnc: error: " << message << "\n";
  return 1;
}

std::unique_ptr<llvm::ToolOutputFile> openOutput(llvm::StringRef path,
                                                 bool binary) {
  std::error_code error;
  auto file = std::make_unique<llvm::ToolOutputFile>(
      path, error, binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text);
  if (error) {
    llvm::errs() << "kilnc: error: cannot open '" << path
                 << "': " << error.message() << "\n";
    return nullptr;
  }
  return file;
}

std::string defaultOutputPath(Format f) {
  if (f != Format::SPIRV && f != Format::Host && !emitArtifact)
    return "-";
  llvm::SmallString<128> path(llvm::sys::path::filename(inputPath));
  llvm::sys::path::replace_extension(path, emitArtifact        ? ".kiln"
                                           : f == Format::Host ? ".so"
                                                               : ".spv");
  return std::string(path);
}

/// Where the text output (the --emit stage, --target llvm|mlir) goes: -o,
/// else stdout. Opened before compiling, kept only on success.
std::unique_ptr<llvm::ToolOutputFile> textFile;

llvm::raw_ostream &textOutput() {
  return textFile ? textFile->os() : llvm::outs();
}

/// Prints one stage: under a banner on stdout with --print-stages, and as
/// the output when it is the one asked for.
void printStage(llvm::StringRef name, bool isOutput,
                llvm::function_ref<void(llvm::raw_ostream &)> print) {
  if (printStages) {
    llvm::outs() << "// ----- " << name << " -----\n";
    print(llvm::outs());
  }
  if (isOutput && (!printStages || textFile))
    print(textOutput());
}

/// The final line of a failed compile; the diagnostics printed already
/// tell a source error or a missing kernel.
int reportCompileError(llvm::Error error) {
  int status = 1;
  llvm::handleAllErrors(
      std::move(error),
      [&](const CompileError &e) {
        if (e.kind != CompileErrorKind::Source &&
            e.kind != CompileErrorKind::KernelNotFound)
          fail(e.summary);
      },
      [&](const llvm::ErrorInfoBase &e) { fail(e.message()); });
  return status;
}

/// --emit-artifact: the binary with its metadata and provenance.
int writeArtifact(const KernelBinary &binary, TargetKind target,
                  const std::vector<Specialization> &specs) {
  std::string path =
      outputPath.empty() ? defaultOutputPath(format) : outputPath;
  std::set<std::string> aligned(assumeAligned16.begin(), assumeAligned16.end());
  KernelBinaryProperties properties =
      artifactProperties(target, kernelName, specs, aligned);
  if (assumeDistinctArrays)
    properties.push_back({"jit.distinct_arrays", "yes"});
  Status written = writeKernelBinaryFile(path, binary, properties);
  if (!written.ok())
    return fail(written.message());
  return 0;
}

int writeOutput(const std::vector<uint8_t> &data, Format f) {
  std::string path = outputPath.empty() ? defaultOutputPath(f) : outputPath;
  auto file = openOutput(path, f == Format::SPIRV || f == Format::Host);
  if (!file)
    return 1;
  file->os().write(reinterpret_cast<const char *>(data.data()), data.size());
  file->keep();
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Kiln offline compiler\n");
  if (optLevel > 3)
    return fail("-O" + llvm::Twine(optLevel) +
                " is not an optimisation level "
                "(use -O0 to -O3)");

  CompileOptions options;
  options.optLevel = optLevel;
  options.arch = arch;
  options.debug = debugMode;
  options.numbaTyping = numbaTyping;
  options.argumentBlockEntries = argBlockEntries;
  options.coarsenElementwise = coarsenElementwise;
  options.mergeWorkGroups = mergeWorkGroups;
  if (launchRank > 3)
    return fail("--launch-rank " + llvm::Twine(launchRank) +
                " is not a launch rank (use 1, 2 or 3, or 0 for any)");
  options.launchRank = launchRank;
  options.bitcodeLibraries.assign(bitcodeLibraries.begin(),
                                  bitcodeLibraries.end());
  Format f = format;
  if (f == Format::PTX)
    options.target = TargetKind::PTX;
  else if (f == Format::Host)
    options.target = TargetKind::Host;
  else if (f == Format::LLVM) {
    std::optional<TargetKind> kind = parseTargetKind(llvmFor);
    if (!kind)
      return fail("--llvm-for must be ptx, spirv or host, not '" + llvmFor +
                  "'");
    options.target = *kind;
  }
  // --arch's default is PTX's; the host target's is its own ("native").
  if (options.target == TargetKind::Host && arch.getNumOccurrences() == 0)
    options.arch = getTargetBackend(TargetKind::Host).getDefaultArch().str();
  if (emitStage == Stage::Assembly && options.target != TargetKind::Host)
    return fail("--emit=asm needs --target host (PTX is assembly already)");
  if (emitArtifact &&
      (f == Format::LLVM || f == Format::MLIR || emitStage != Stage::Final))
    return fail("--emit-artifact needs --target ptx or spirv and no --emit");
  if (emitStage == Stage::Metadata && (f == Format::LLVM || f == Format::MLIR))
    return fail("--emit=metadata needs --target ptx or spirv");
  if (emitArtifact && outputPath == "-")
    return fail("--emit-artifact needs an output file (-o FILE.kiln)");
  std::vector<Specialization> specs;
  for (const std::string &text : signatures) {
    std::string error;
    std::optional<Specialization> spec = parseSpecialization(text, error);
    if (!spec)
      return fail("--signature '" + text + "': " + error);
    specs.push_back(std::move(*spec));
  }
  BackendOptions backendOptions;
  backendOptions.arch = options.arch;
  if (llvm::Error error =
          getTargetBackend(options.target).checkOptions(backendOptions))
    return fail(llvm::toString(std::move(error)));

  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(inputPath);
  if (!buffer)
    return fail("cannot read '" + inputPath +
                "': " + buffer.getError().message());

  bool stopAtKiln = emitStage == Stage::Kiln || f == Format::MLIR;
  bool textResult =
      emitStage != Stage::Final || f == Format::LLVM || f == Format::MLIR;
  if (textResult && !outputPath.empty() && outputPath != "-") {
    textFile = openOutput(outputPath, /*binary=*/false);
    if (!textFile)
      return 1;
  }

  std::string assemblyError;
  CompileSession session;
  CompileJob job;
  job.kernel = kernelName;
  job.specializations = specs;
  job.aligned16.insert(assumeAligned16.begin(), assumeAligned16.end());
  job.distinctArrays = assumeDistinctArrays;
  job.options = options;
  if (emitStage == Stage::AST)
    job.dumpAST = &textOutput();
  job.onKilnModule = [&](mlir::ModuleOp m) {
    if (stopAtKiln || printStages)
      printStage("kiln dialect", stopAtKiln,
                 [&](llvm::raw_ostream &os) { m.print(os); });
    return !stopAtKiln;
  };
  auto onLLVMDialect = [&](mlir::ModuleOp m) {
    bool isOutput = emitStage == Stage::LLVMDialect;
    if (printStages || isOutput)
      printStage("LLVM dialect", isOutput,
                 [&](llvm::raw_ostream &os) { m.print(os); });
    return !isOutput;
  };
  auto onLLVMIR = [&](llvm::Module &m) {
    bool isOutput = emitStage == Stage::LLVMIR;
    if (printStages || isOutput)
      printStage("LLVM IR", isOutput,
                 [&](llvm::raw_ostream &os) { m.print(os, nullptr); });
    return !isOutput;
  };
  auto onOptimized = [&](llvm::Module &m) {
    if (emitStage == Stage::Assembly) {
      auto assembly = emitHostAssembly(m, options.arch, options.optLevel);
      if (!assembly) {
        assemblyError = llvm::toString(assembly.takeError());
        return false;
      }
      printStage("assembly", /*isOutput=*/true,
                 [&](llvm::raw_ostream &os) { os << *assembly; });
      return false;
    }
    bool isOutput = emitStage == Stage::OptimizedLLVMIR ||
                    (f == Format::LLVM && emitStage == Stage::Final);
    if (printStages || isOutput)
      printStage("optimised LLVM IR", isOutput,
                 [&](llvm::raw_ostream &os) { m.print(os, nullptr); });
    return (emitStage == Stage::Final || emitStage == Stage::Metadata) &&
           f != Format::LLVM;
  };
  job.hooks = StageHooks{onLLVMDialect, onLLVMIR, onOptimized};
  auto result =
      session.compile((*buffer)->getBuffer(), inputPath, job, llvm::errs());
  if (!result)
    return reportCompileError(result.takeError());
  if (!assemblyError.empty())
    return fail(assemblyError);
  if (result->stopped) {
    if (textFile)
      textFile->keep();
    return 0;
  }
  const KernelBinary &binary = result->binary;
  if (emitStage == Stage::Metadata) {
    printKernelMetadata(binary, textOutput());
    if (textFile)
      textFile->keep();
    return 0;
  }
  if (printStages && f == Format::PTX)
    printStage("PTX", /*isOutput=*/false, [&](llvm::raw_ostream &os) {
      os.write(reinterpret_cast<const char *>(binary.data.data()),
               binary.data.size());
    });
  if (emitArtifact)
    return writeArtifact(binary, options.target, specs);
  if (printStages && outputPath.empty() && f == Format::PTX)
    return 0;
  return writeOutput(binary.data, f);
}
