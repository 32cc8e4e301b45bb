//===- TargetInfo.cpp - Target selection ----------------------------------===//
#include "compiler/Target/TargetInfo.h"
#include "compiler/Target/Host/HostTargetInfo.h"
#include "compiler/Target/PTX/PTXTargetInfo.h"
#include "compiler/Target/SPIRV/SPIRVTargetInfo.h"

#include "llvm/Support/ErrorHandling.h"

using namespace kiln;
using namespace kiln::ir;

namespace {
/// Every target kind, its name and its lowering hooks: the one list the
/// lowering side keeps (TargetBackend.cpp registers the back ends).
struct TargetEntry {
  TargetKind kind;
  llvm::StringLiteral name;
  std::unique_ptr<TargetInfo> (*create)();
};

template <typename Info> std::unique_ptr<TargetInfo> make() {
  return std::make_unique<Info>();
}

constexpr TargetEntry kTargets[] = {
    {TargetKind::PTX, "ptx", make<PTXTargetInfo>},
    {TargetKind::SPIRV, "spirv", make<SPIRVTargetInfo>},
    {TargetKind::Host, "host", make<HostTargetInfo>},
};

const TargetEntry &entryOf(TargetKind kind) {
  for (const TargetEntry &entry : kTargets)
    if (entry.kind == kind)
      return entry;
  llvm_unreachable("a TargetKind missing from kTargets");
}
} // namespace

std::optional<TargetKind> kiln::parseTargetKind(llvm::StringRef name) {
  for (const TargetEntry &entry : kTargets)
    if (entry.name == name)
      return entry.kind;
  return std::nullopt;
}

llvm::StringRef kiln::targetKindName(TargetKind kind) {
  return entryOf(kind).name;
}

std::unique_ptr<TargetInfo> kiln::createTargetInfo(TargetKind kind) {
  return entryOf(kind).create();
}

mlir::LogicalResult kiln::checkTargetSupportsOps(mlir::ModuleOp module,
                                                 const TargetInfo &target) {
  mlir::WalkResult result = module.walk([&](mlir::Operation *op) {
    if (std::optional<std::string> message =
            target.getUnsupportedOpMessage(op)) {
      op->emitError(*message);
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return mlir::failure(result.wasInterrupted());
}

unsigned TargetInfo::getAddressSpace(kiln::ir::MemorySpace space) const {
  switch (space) {
  case kiln::ir::MemorySpace::Global:
    return getGlobalAddressSpace();
  case kiln::ir::MemorySpace::Local:
    return getLocalAddressSpace();
  case kiln::ir::MemorySpace::Private:
    return getPrivateAddressSpace();
  }
  llvm_unreachable("the switch on space covers every value");
}

mlir::Value TargetInfo::getDynamicLocalMemoryBase(mlir::OpBuilder &,
                                                  mlir::Location) const {
  return {};
}

mlir::LLVM::LLVMFuncOp
kiln::getOrDeclareFunction(mlir::OpBuilder &b, llvm::StringRef name,
                           mlir::LLVM::LLVMFunctionType type,
                           mlir::LLVM::CConv cconv) {
  mlir::Operation *anchor = b.getInsertionBlock()->getParentOp();
  auto module = llvm::dyn_cast<mlir::ModuleOp>(anchor);
  if (!module)
    module = anchor->getParentOfType<mlir::ModuleOp>();
  if (auto func = module.lookupSymbol<mlir::LLVM::LLVMFuncOp>(name))
    return func;
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto func = mlir::LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
  func.setCConv(cconv);
  return func;
}

namespace {
mlir::LLVM::AtomicOrdering successOrdering(kiln::ir::MemoryOrder order) {
  switch (order) {
  case kiln::ir::MemoryOrder::Relaxed:
    return mlir::LLVM::AtomicOrdering::monotonic;
  case kiln::ir::MemoryOrder::Acquire:
    return mlir::LLVM::AtomicOrdering::acquire;
  case kiln::ir::MemoryOrder::Release:
    return mlir::LLVM::AtomicOrdering::release;
  case kiln::ir::MemoryOrder::AcqRel:
    return mlir::LLVM::AtomicOrdering::acq_rel;
  case kiln::ir::MemoryOrder::SeqCst:
    return mlir::LLVM::AtomicOrdering::seq_cst;
  }
  llvm_unreachable("the switch on order covers every value");
}

mlir::LLVM::AtomicOrdering failureOrderingOf(kiln::ir::MemoryOrder order) {
  if (order == kiln::ir::MemoryOrder::AcqRel ||
      order == kiln::ir::MemoryOrder::Acquire)
    return mlir::LLVM::AtomicOrdering::acquire;
  if (order == kiln::ir::MemoryOrder::SeqCst)
    return mlir::LLVM::AtomicOrdering::seq_cst;
  return mlir::LLVM::AtomicOrdering::monotonic;
}
} // namespace

mlir::Value TargetInfo::createCompareExchange(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
    mlir::Value expected, mlir::Value desired, kiln::ir::MemoryOrder order,
    kiln::ir::MemoryScope scope) const {
  unsigned align = expected.getType().getIntOrFloatBitWidth() / 8;
  auto pair = mlir::LLVM::AtomicCmpXchgOp::create(
      b, loc, ptr, expected, desired, successOrdering(order),
      failureOrderingOf(order), getSyncScope(scope), align);
  return mlir::LLVM::ExtractValueOp::create(b, loc, pair,
                                            llvm::ArrayRef<int64_t>{0});
}

mlir::Value TargetInfo::createAtomicLoad(mlir::OpBuilder &b, mlir::Location loc,
                                         mlir::Value ptr, mlir::Type bits,
                                         kiln::ir::MemoryOrder order,
                                         kiln::ir::MemoryScope scope) const {
  return mlir::LLVM::LoadOp::create(
      b, loc, bits, ptr, bits.getIntOrFloatBitWidth() / 8, false, false, false,
      false, successOrdering(order), getSyncScope(scope));
}

void TargetInfo::createAtomicStore(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::Value ptr, mlir::Value value,
                                   kiln::ir::MemoryOrder order,
                                   kiln::ir::MemoryScope scope) const {
  mlir::LLVM::StoreOp::create(
      b, loc, value, ptr, value.getType().getIntOrFloatBitWidth() / 8, false,
      false, false, successOrdering(order), getSyncScope(scope));
}
