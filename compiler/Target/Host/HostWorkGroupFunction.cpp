//===- HostWorkGroupFunction.cpp - Work-items as loops --------------------===//
#include "compiler/Target/Host/HostWorkGroupFunction.h"
#include "compiler/Target/Host/HostTargetInfo.h"
#include "kiln/runtime/HostKernelABI.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <array>
#include <functional>

using namespace llvm;
using namespace kiln;

namespace {

/// A kernel call tree deeper than this is taken for recursion.
constexpr unsigned kMaxInlinedCalls = 100000;

/// What the placeholders of one work-group function are replaced with.
struct WorkItemValues {
  std::array<Value *, 3> localId{};
  std::array<Value *, 3> localRange{};
  std::array<Value *, 3> groupId{};
  std::array<Value *, 3> groupRange{};
};

/// Emits `for (i = 0; i < limit; ++i) body(i)` at the end of `b`'s block,
/// as a do-while (every group has at least one work-item per axis);
/// leaves `b` in the block after the loop.
void emitLoop(IRBuilder<> &b, Value *limit, const Twine &name,
              const std::function<void(Value *)> &body) {
  Function *f = b.GetInsertBlock()->getParent();
  LLVMContext &ctx = f->getContext();
  BasicBlock *pre = b.GetInsertBlock();
  BasicBlock *header = BasicBlock::Create(ctx, name + ".loop", f);
  BasicBlock *exit = BasicBlock::Create(ctx, name + ".done", f);
  b.CreateBr(header);
  b.SetInsertPoint(header);
  PHINode *iv = b.CreatePHI(b.getInt64Ty(), 2, name);
  iv->addIncoming(b.getInt64(0), pre);
  body(iv);
  Value *next = b.CreateAdd(iv, b.getInt64(1), name + ".next",
                            /*HasNUW=*/true, /*HasNSW=*/true);
  Value *more = b.CreateICmpSLT(next, limit, name + ".more");
  iv->addIncoming(next, b.GetInsertBlock());
  b.CreateCondBr(more, header, exit);
  b.SetInsertPoint(exit);
}

/// Inlines every call in `f` to a function with a body (the entry point,
/// the kernel body, device functions, linked library functions), until
/// none is left.
Error inlineEverything(Function &f) {
  unsigned inlined = 0;
  for (bool changed = true; changed;) {
    changed = false;
    SmallVector<CallBase *> calls;
    for (Instruction &inst : instructions(f))
      if (auto *call = dyn_cast<CallBase>(&inst))
        if (Function *callee = call->getCalledFunction())
          if (!callee->isDeclaration() && callee != &f &&
              !callee->hasFnAttribute(Attribute::NoInline))
            calls.push_back(call);
    for (CallBase *call : calls) {
      std::string callee = call->getCalledFunction()->getName().str();
      if (++inlined > kMaxInlinedCalls)
        return createStringError(
            "the host target cannot place kernel '" + f.getName().str() +
            "' in a work-group function: its calls of '" + callee +
            "' do not end (recursion is not supported)");
      InlineFunctionInfo info;
      InlineResult result = InlineFunction(*call, info);
      if (!result.isSuccess())
        return createStringError("the host target cannot inline '" + callee +
                                 "' into kernel '" + f.getName().str() +
                                 "': " + result.getFailureReason());
      changed = true;
    }
  }
  return Error::success();
}

/// The axis operand of a placeholder call (a constant 0..2).
std::optional<unsigned> axisOf(CallBase &call) {
  auto *axis = dyn_cast<ConstantInt>(call.getArgOperand(0));
  if (!axis || axis->getZExtValue() > 2)
    return std::nullopt;
  return axis->getZExtValue();
}

/// Replaces the placeholder calls in `f` by `values`.
Error resolvePlaceholders(Function &f, const WorkItemValues &values) {
  SmallVector<CallBase *> calls;
  for (Instruction &inst : instructions(f))
    if (auto *call = dyn_cast<CallBase>(&inst))
      if (Function *callee = call->getCalledFunction())
        if (callee->getName().starts_with("__kiln_host_"))
          calls.push_back(call);
  for (CallBase *call : calls) {
    StringRef name = call->getCalledFunction()->getName();
    if (name == "__kiln_host_barrier")
      return createStringError(
          "kernel '" + f.getName().str() +
          "' has a barrier, which the host target does not support yet "
          "(issue 20, stage 2 of docs/cpu-backend.md)");
    const std::array<Value *, 3> *source =
        name == kHostLocalIdFunction      ? &values.localId
        : name == kHostLocalRangeFunction ? &values.localRange
        : name == kHostGroupIdFunction    ? &values.groupId
        : name == kHostGroupRangeFunction ? &values.groupRange
                                          : nullptr;
    std::optional<unsigned> axis = source ? axisOf(*call) : std::nullopt;
    if (!axis)
      return createStringError("kernel '" + f.getName().str() +
                               "': unknown host query '" + name.str() + "'");
    call->replaceAllUsesWith((*source)[*axis]);
    call->eraseFromParent();
  }
  return Error::success();
}

/// A subprogram for the work-group function when the entry point has one,
/// so that the inlined code keeps its lines (debug mode).
void attachSubprogram(Function &workGroup, Function &entry, CallInst &call) {
  DISubprogram *sp = entry.getSubprogram();
  if (!sp)
    return;
  DIBuilder dib(*entry.getParent(), /*AllowUnresolved=*/false, sp->getUnit());
  DISubroutineType *type =
      dib.createSubroutineType(dib.getOrCreateTypeArray({}));
  DISubprogram *wsp = dib.createFunction(
      sp->getFile(), workGroup.getName(), workGroup.getName(), sp->getFile(),
      sp->getLine(), type, sp->getLine(), DINode::FlagArtificial,
      DISubprogram::SPFlagDefinition);
  workGroup.setSubprogram(wsp);
  call.setDebugLoc(
      DILocation::get(workGroup.getContext(), sp->getLine(), 0, wsp));
  dib.finalizeSubprogram(wsp);
}

Error buildWorkGroupFunction(Module &module, Function &entry) {
  LLVMContext &ctx = module.getContext();
  std::string name = entry.getName().str();
  entry.setName("__kiln_host_entry_" + name);
  entry.setLinkage(GlobalValue::InternalLinkage);
  entry.removeFnAttr(kHostKernelAttribute);

  PointerType *ptr = PointerType::get(ctx, 0);
  auto *type = FunctionType::get(Type::getVoidTy(ctx), {ptr, ptr}, false);
  Function *wg =
      Function::Create(type, GlobalValue::ExternalLinkage, name, module);
  wg->addFnAttr(Attribute::NoUnwind);
  Argument *args = wg->getArg(0);
  Argument *group = wg->getArg(1);
  args->setName("args");
  group->setName("group");
  for (Argument *a : {args, group}) {
    wg->addParamAttr(a->getArgNo(), Attribute::NoAlias);
    wg->addParamAttr(a->getArgNo(), Attribute::ReadOnly);
    wg->addParamAttr(a->getArgNo(),
                     Attribute::getWithCaptureInfo(ctx, CaptureInfo::none()));
  }

  IRBuilder<> b(BasicBlock::Create(ctx, "entry", wg));
  SmallVector<Value *> values;
  for (Argument &param : entry.args()) {
    Value *slot = b.CreateLoad(
        ptr, b.CreateConstInBoundsGEP1_64(ptr, args, param.getArgNo()),
        "arg" + Twine(param.getArgNo()) + ".slot");
    values.push_back(b.CreateAlignedLoad(param.getType(), slot, Align(1),
                                         "arg" + Twine(param.getArgNo())));
  }
  WorkItemValues items;
  auto field = [&](unsigned index, const Twine &what) {
    return b.CreateAlignedLoad(
        b.getInt64Ty(),
        b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), group, index), Align(8),
        what);
  };
  std::array<Value *, 3> limit;
  for (unsigned axis = 0; axis < 3; ++axis) {
    std::string suffix = std::to_string(axis);
    items.groupId[axis] =
        field(kiln::kHostGroupIdField + axis, "group.id" + suffix);
    items.localRange[axis] =
        field(kiln::kHostLocalRangeField + axis, "local.range" + suffix);
    items.groupRange[axis] =
        field(kiln::kHostGroupRangeField + axis, "group.range" + suffix);
    limit[axis] =
        field(kiln::kHostLocalLimitField + axis, "local.limit" + suffix);
  }

  CallInst *call = nullptr;
  emitLoop(b, limit[2], "l2", [&](Value *l2) {
    items.localId[2] = l2;
    emitLoop(b, limit[1], "l1", [&](Value *l1) {
      items.localId[1] = l1;
      emitLoop(b, limit[0], "l0", [&](Value *l0) {
        items.localId[0] = l0;
        call = b.CreateCall(&entry, values);
        call->setCallingConv(entry.getCallingConv());
      });
    });
  });
  b.CreateRetVoid();
  attachSubprogram(*wg, entry, *call);

  if (Error error = inlineEverything(*wg))
    return error;
  return resolvePlaceholders(*wg, items);
}

/// Removes internal functions nothing calls any more (entry points,
/// bodies and device functions, all inlined), callees last.
void removeDeadFunctions(Module &module) {
  for (bool changed = true; changed;) {
    changed = false;
    for (Function &f : llvm::make_early_inc_range(module))
      if (f.hasLocalLinkage() && f.use_empty()) {
        f.eraseFromParent();
        changed = true;
      }
  }
}

} // namespace

Error kiln::buildHostWorkGroupFunctions(Module &module) {
  SmallVector<Function *> kernels;
  for (Function &f : module)
    if (!f.isDeclaration() && f.hasFnAttribute(kHostKernelAttribute))
      kernels.push_back(&f);
  for (Function *entry : kernels)
    if (Error error = buildWorkGroupFunction(module, *entry))
      return error;
  removeDeadFunctions(module);
  for (Function &f : llvm::make_early_inc_range(module)) {
    if (!f.getName().starts_with("__kiln_host_") || !f.isDeclaration())
      continue;
    if (!f.use_empty())
      return createStringError(
          "'" + f.getName().str() +
          "' is used outside a kernel's work-group function (a work-item "
          "query in a function the host target cannot inline)");
    f.eraseFromParent();
  }
  return Error::success();
}
