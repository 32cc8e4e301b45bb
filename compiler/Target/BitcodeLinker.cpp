//===- BitcodeLinker.cpp - Device libraries as LLVM bitcode ---------------===//
#include "compiler/Target/BitcodeLinker.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>

using namespace kiln;

/// Library IR is target independent: give each function the calling
/// convention its callers use (spir_func on SPIR-V), since a mismatch makes
/// the call undefined behaviour.
static void adoptCallSiteConventions(llvm::Module &module) {
  for (llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    for (llvm::User *user : f.users())
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(user))
        if (call->getCalledFunction() == &f &&
            call->getCallingConv() != f.getCallingConv()) {
          f.setCallingConv(call->getCallingConv());
          break;
        }
  }
}

llvm::Error kiln::linkBitcodeFile(llvm::Module &module, llvm::StringRef path) {
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> library =
      llvm::parseIRFile(path, diag, module.getContext());
  if (!library) {
    std::string message;
    llvm::raw_string_ostream os(message);
    diag.print("kiln", os, /*ShowColors=*/false);
    return llvm::createStringError("cannot load device library '" + path.str() +
                                   "': " + message);
  }
  library->setTargetTriple(module.getTargetTriple());
  library->setDataLayout(module.getDataLayout());
  bool failed = llvm::Linker::linkModules(
      module, std::move(library), llvm::Linker::Flags::LinkOnlyNeeded,
      [](llvm::Module &linked, const llvm::StringSet<> &names) {
        for (llvm::Function &f : linked)
          if (!f.isDeclaration() && names.contains(f.getName()))
            f.setLinkage(llvm::GlobalValue::InternalLinkage);
      });
  if (failed)
    return llvm::createStringError("cannot link device library '" + path.str() +
                                   "'");
  adoptCallSiteConventions(module);
  return llvm::Error::success();
}

std::string kiln::findLibdevice(llvm::StringRef explicitPath) {
  std::vector<std::string> candidates;
  if (!explicitPath.empty())
    return explicitPath.str();
  if (const char *env = std::getenv("KILN_LIBDEVICE"))
    candidates.push_back(env);
  if (const char *cuda = std::getenv("CUDA_HOME"))
    candidates.push_back(std::string(cuda) + "/nvvm/libdevice/libdevice.10.bc");
  candidates.push_back("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  for (const std::string &path : candidates)
    if (llvm::sys::fs::exists(path))
      return path;
  return "";
}

namespace {
/// The string a __nvvm_reflect call asks about.
std::optional<llvm::StringRef> reflectQuery(llvm::CallInst *call) {
  llvm::Value *arg = call->getArgOperand(0)->stripPointerCasts();
  auto *global = llvm::dyn_cast<llvm::GlobalVariable>(arg);
  if (!global || !global->hasInitializer())
    return std::nullopt;
  auto *data =
      llvm::dyn_cast<llvm::ConstantDataSequential>(global->getInitializer());
  if (!data || !data->isString())
    return std::nullopt;
  return data->getAsCString();
}

/// libdevice picks code paths with __nvvm_reflect: answer them here so
/// the result does not depend on whether LLVM's NVVMReflect pass runs (it
/// does not at -O0).
void resolveReflect(llvm::Module &module, llvm::StringRef arch) {
  unsigned archNumber = 0;
  arch.drop_front(3).take_while(llvm::isDigit).getAsInteger(10, archNumber);
  for (llvm::StringRef name : {"__nvvm_reflect", "llvm.nvvm.reflect"}) {
    llvm::Function *reflect = module.getFunction(name);
    if (!reflect)
      continue;
    for (llvm::User *user : llvm::make_early_inc_range(reflect->users())) {
      auto *call = llvm::dyn_cast<llvm::CallInst>(user);
      if (!call)
        continue;
      std::optional<llvm::StringRef> query = reflectQuery(call);
      int value = query && *query == "__CUDA_ARCH" ? archNumber * 10 : 0;
      call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), value));
      call->eraseFromParent();
    }
  }
}
} // namespace

llvm::Error kiln::linkLibdeviceIfNeeded(llvm::Module &module,
                                        llvm::StringRef explicitPath,
                                        llvm::StringRef arch) {
  bool needed = llvm::any_of(module, [](const llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (!needed)
    return llvm::Error::success();
  std::string path = findLibdevice(explicitPath);
  if (path.empty())
    return llvm::createStringError(
        "math functions on the PTX target need CUDA's libdevice, which was "
        "not found (set KILN_LIBDEVICE or install CUDA under /usr/local/cuda)");
  if (llvm::Error error = linkBitcodeFile(module, path))
    return error;
  resolveReflect(module, arch);
  return llvm::Error::success();
}

std::optional<std::string>
kiln::findUnresolvedExtern(const llvm::Module &module,
                           llvm::ArrayRef<std::string> externs) {
  for (const std::string &name : externs) {
    const llvm::Function *f = module.getFunction(name);
    if (f && f->isDeclaration())
      return name;
  }
  return std::nullopt;
}
