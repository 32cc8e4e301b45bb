//===- Backend.cpp - The back-end registry --------------------------------===//
#include "compiler/Target/Backend.h"
#include "compiler/Target/PTX/PTXBackend.h"
#include "compiler/Target/SPIRV/SPIRVBackend.h"

#include "llvm/Support/ErrorHandling.h"

using namespace kiln;

llvm::ArrayRef<const Backend *> kiln::getBackends() {
  static const Backend *const backends[] = {&getPTXBackend(),
                                            &getSPIRVBackend()};
  return backends;
}

const Backend &kiln::getBackend(TargetKind kind) {
  for (const Backend *backend : getBackends())
    if (backend->getKind() == kind)
      return *backend;
  llvm_unreachable("a TargetKind without a registered back end");
}

const Backend *kiln::lookupBackend(llvm::StringRef name) {
  for (const Backend *backend : getBackends())
    if (backend->getName() == name)
      return backend;
  return nullptr;
}
