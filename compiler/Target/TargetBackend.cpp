//===- TargetBackend.cpp - The back-end registry
//--------------------------------===//
#include "compiler/Target/TargetBackend.h"
#include "compiler/Target/Host/HostBackend.h"
#include "compiler/Target/PTX/PTXBackend.h"
#include "compiler/Target/SPIRV/SPIRVBackend.h"

#include "llvm/Support/ErrorHandling.h"

using namespace kiln;

llvm::ArrayRef<const TargetBackend *> kiln::getTargetBackends() {
  static const TargetBackend *const backends[] = {
      &getPTXBackend(), &getSPIRVBackend(), &getHostBackend()};
  return backends;
}

const TargetBackend &kiln::getTargetBackend(TargetKind kind) {
  for (const TargetBackend *backend : getTargetBackends())
    if (backend->getKind() == kind)
      return *backend;
  llvm_unreachable("a TargetKind without a registered back end");
}

const TargetBackend *kiln::lookupTargetBackend(llvm::StringRef name) {
  for (const TargetBackend *backend : getTargetBackends())
    if (backend->getName() == name)
      return backend;
  return nullptr;
}

const TargetBackend &kiln::getTargetBackendForDriver(Backend driver) {
  switch (driver) {
  case Backend::CUDA:
    return getPTXBackend();
  case Backend::OpenCL:
  case Backend::LevelZero:
    return getSPIRVBackend();
  case Backend::Host:
    return getHostBackend();
  }
  llvm_unreachable("unknown runtime driver");
}
