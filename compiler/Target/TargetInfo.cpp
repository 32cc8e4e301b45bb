//===- TargetInfo.cpp - Target selection ----------------------------------===//
#include "compiler/Target/TargetInfo.h"
#include "compiler/Target/PTX/PTXTargetInfo.h"
#include "compiler/Target/SPIRV/SPIRVTargetInfo.h"

using namespace kiln;

std::optional<TargetKind> kiln::parseTargetKind(llvm::StringRef name) {
  if (name == "ptx")
    return TargetKind::PTX;
  if (name == "spirv")
    return TargetKind::SPIRV;
  return std::nullopt;
}

llvm::StringRef kiln::targetKindName(TargetKind kind) {
  return kind == TargetKind::PTX ? "ptx" : "spirv";
}

std::unique_ptr<TargetInfo> kiln::createTargetInfo(TargetKind kind) {
  if (kind == TargetKind::PTX)
    return std::make_unique<PTXTargetInfo>();
  return std::make_unique<SPIRVTargetInfo>();
}
