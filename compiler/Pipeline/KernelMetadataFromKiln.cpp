//===- KernelMetadataFromKiln.cpp - Runtime metadata of kernels -----------===//
//
// Read off the kiln module after the kiln-level passes and before lowering:
// parameters, index kind, debug mode, the launch-rank argument (kernels
// reading item.dimensions), static local memory, private memory per
// work-item (absurd sizes are located errors here; the runtime checks the
// rest against the device), the device features the kernel (with every
// device function it calls) needs, which array parameters it may write,
// the coarsening kiln-coarsen-elementwise chose and whether
// kiln-merge-work-groups merged the work-groups.
//
//===----------------------------------------------------------------------===//
#include "compiler/Pipeline/KernelMetadataFromKiln.h"
#include "compiler/Target/TargetInfo.h"
#include "dialects/Kiln/IR/KilnOps.h"
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <limits>
#include <set>

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {
FailureOr<KernelParam> describeParam(KernelOp kernel, unsigned i) {
  KernelParam param;
  param.name = kernel.getParamName(i);
  Type type = kernel.getArgumentTypes()[i];
  Type element = type;
  if (auto array = dyn_cast<ArrayType>(type)) {
    param.kind = array.isLocal() ? ParamKind::LocalAccessor : ParamKind::Array;
    param.rank = array.getRank();
    param.strided = array.isStrided();
    element = array.getElementType();
  }
  // The dialect verified that a kiln.dtype describes the element type.
  std::optional<DType> dtype = getSignedDTypeOf(element);
  if (auto declared = kernel.getArgAttrOfType<DTypeAttr>(i, kDTypeArgAttrName))
    dtype = declared.getValue();
  if (!dtype)
    return kernel.emitError("parameter '")
           << param.name << "' has type " << type
           << ", which kernels cannot take";
  param.dtype = *dtype;
  return param;
}

/// Which arrays a kernel may write. An array is read-only when every use
/// only reads it: kiln.load, kiln.dim, kiln.atomic_load, kiln.bounds_check,
/// a kiln.row_view whose uses only read it,
/// or a kiln.call whose callee's parameter is read-only in turn. Any other
/// use (a store, a read-modify-write atomic, an external device function,
/// an op this list does not know, such as one forwarding the array into a
/// region) counts as a write, so a new way to alias an array errs towards
/// copying it back.
class WriteAnalysis {
public:
  bool mayWrite(Value array) {
    for (OpOperand &use : array.getUses()) {
      Operation *user = use.getOwner();
      if (isa<LoadOp, DimOp, AtomicLoadOp, BoundsCheckOp>(user))
        continue;
      // A row view writes what its uses write.
      if (auto view = dyn_cast<RowViewOp>(user)) {
        if (mayWrite(view.getResult()))
          return true;
        continue;
      }
      auto call = dyn_cast<CallOp>(user);
      if (!call || calleeMayWrite(call, use.getOperandNumber()))
        return true;
    }
    return false;
  }

private:
  bool calleeMayWrite(CallOp call, unsigned index) {
    auto callee = symbols.lookupNearestSymbolFrom<DeviceFuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return true;
    auto key = std::make_pair(callee.getOperation(), index);
    auto [it, inserted] = memo.try_emplace(key, true);
    if (!inserted) // Known, or being analysed (recursion): written then.
      return it->second;
    bool writes = mayWrite(callee.getBody().front().getArgument(index));
    memo[key] = writes;
    return writes;
  }

  SymbolTableCollection symbols;
  llvm::DenseMap<std::pair<Operation *, unsigned>, bool> memo;
};

/// The kernel and every device function it reaches through calls.
SmallVector<Operation *> reachableFunctions(KernelOp kernel) {
  SymbolTableCollection symbols;
  llvm::SetVector<Operation *> functions;
  functions.insert(kernel);
  for (size_t i = 0; i < functions.size(); ++i)
    functions[i]->walk([&](CallOp call) {
      if (auto callee = symbols.lookupNearestSymbolFrom<DeviceFuncOp>(
              call, call.getCalleeAttr()))
        functions.insert(callee);
    });
  return SmallVector<Operation *>(functions.begin(), functions.end());
}

/// Bytes of an allocation of `shape` elements of `element`, saturating at
/// UINT64_MAX (the shape comes from user constants).
uint64_t allocationBytes(ArrayRef<int64_t> shape, Type element) {
  unsigned parts = 1;
  if (auto complex = dyn_cast<ComplexType>(element)) {
    element = complex.getElementType();
    parts = 2;
  }
  uint64_t bytes = parts * std::max(element.getIntOrFloatBitWidth() / 8, 1u);
  for (int64_t extent : shape) {
    uint64_t e = static_cast<uint64_t>(std::max<int64_t>(extent, 0));
    if (e != 0 && bytes > std::numeric_limits<uint64_t>::max() / e)
      return std::numeric_limits<uint64_t>::max();
    bytes *= e;
  }
  return bytes;
}

uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return a > std::numeric_limits<uint64_t>::max() - b
             ? std::numeric_limits<uint64_t>::max()
             : a + b;
}

/// Sums the private_array memory of `func` into `privateBytes`; fails with
/// an error at the allocation that takes the total past
/// kMaxPrivateMemPerWorkItem.
LogicalResult addPrivateMemory(Operation *func, KernelOp kernel,
                               uint64_t &privateBytes) {
  WalkResult result = func->walk([&](PrivateAllocOp alloc) {
    uint64_t bytes = allocationBytes(
        alloc.getShape(), alloc.getResult().getType().getElementType());
    privateBytes = saturatingAdd(privateBytes, bytes);
    if (privateBytes <= kMaxPrivateMemPerWorkItem)
      return WalkResult::advance();
    alloc.emitError("private memory of kernel '")
        << kernel.getSymName() << "' reaches " << privateBytes
        << " bytes per work-item with this private_array (" << bytes
        << " bytes), more than the " << kMaxPrivateMemPerWorkItem
        << " bytes any device gives a work-item";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Features, sub-group use and static local memory of one function.
/// The device feature a 64-bit atomic read-modify-write needs: float ones
/// that the target lowers to a compare-exchange loop on the bits need
/// int64 atomics only (PoCL has those and no float64 ones).
const char *atomicFeature(AtomicRMWOp rmw, const TargetInfo &target) {
  Type element = rmw.getArray().getType().getElementType();
  if (isa<FloatType>(element) &&
      target.hasNativeFloatAtomic(rmw.getKind(), element))
    return "fp64_atomics";
  return "int64_atomics";
}

void scanFunction(Operation *func, const TargetInfo &target,
                  std::set<std::string> &features, bool &usesSubGroups,
                  uint64_t &localBytes) {
  auto noteType = [&](Type type) {
    if (auto array = dyn_cast<ArrayType>(type))
      type = array.getElementType();
    if (auto complex = dyn_cast<ComplexType>(type))
      type = complex.getElementType();
    if (type.isF16())
      features.insert("fp16");
    if (type.isF64())
      features.insert("fp64");
  };
  func->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      noteType(type);
    for (Type type : op->getOperandTypes())
      noteType(type);
    if (isa<SubGroupShuffleOp, SubGroupReduceOp, SubGroupBarrierOp,
            GetSubGroupOp>(op))
      usesSubGroups = true;
    // A compare-exchange compares the bits, whatever the element type.
    if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
      if (rmw.getArray().getType().getElementType().getIntOrFloatBitWidth() ==
          64)
        features.insert(atomicFeature(rmw, target));
    } else if (auto cas = dyn_cast<AtomicCmpXchgOp>(op)) {
      if (cas.getArray().getType().getElementType().getIntOrFloatBitWidth() ==
          64)
        features.insert("int64_atomics");
    }
    if (auto local = dyn_cast<LocalAllocOp>(op))
      localBytes = saturatingAdd(
          localBytes,
          allocationBytes(local.getShape(),
                          local.getResult().getType().getElementType()));
  });
  if (usesSubGroups)
    features.insert("sub_groups");
}

std::vector<std::string> debugNames(ModuleOp module) {
  std::vector<std::string> names;
  if (auto attr = module->getAttrOfType<ArrayAttr>("kiln.debug_names"))
    for (Attribute name : attr)
      names.push_back(cast<StringAttr>(name).str());
  return names;
}

FailureOr<KernelMetadata> describeKernel(KernelOp kernel,
                                         const TargetInfo &target) {
  KernelMetadata metadata;
  metadata.name = kernel.getSymName().str();
  ArrayRef<Type> inputs = kernel.getArgumentTypes();
  metadata.indexKind =
      isa<NdItemType>(inputs[0]) ? IndexKind::NdItem : IndexKind::Item;
  // The same decision convert-kiln-to-llvm takes for the entry point.
  metadata.launchRank = kernel.getLaunchRank();
  metadata.takesLaunchRank = metadata.launchRank == 0;
  if (auto factors =
          kernel->getAttrOfType<DenseI64ArrayAttr>(kCoarseningAttrName))
    for (auto [d, factor] : llvm::enumerate(factors.asArrayRef()))
      metadata.coarsening[d] = static_cast<uint32_t>(factor);
  metadata.mergesWorkGroups = kernel->hasAttr(kMergedWorkGroupsAttrName);
  // Sema keeps it within 1..2^31-1.
  if (auto bound =
          kernel->getAttrOfType<IntegerAttr>(kMaxWorkGroupSizeAttrName))
    metadata.maxWorkGroupSize = static_cast<uint32_t>(bound.getInt());
  WriteAnalysis writes;
  for (unsigned i = 1; i < inputs.size(); ++i) {
    if (isa<DebugType>(inputs[i])) {
      metadata.debug = true;
      continue;
    }
    FailureOr<KernelParam> param = describeParam(kernel, i);
    if (failed(param))
      return failure();
    param->access = param->kind == ParamKind::Scalar ||
                            !writes.mayWrite(kernel.getArgument(i))
                        ? ParamAccess::ReadOnly
                        : ParamAccess::Write;
    metadata.params.push_back(std::move(*param));
  }
  std::set<std::string> features;
  bool usesSubGroups = false;
  for (Operation *func : reachableFunctions(kernel)) {
    scanFunction(func, target, features, usesSubGroups,
                 metadata.staticLocalMemBytes);
    if (failed(addPrivateMemory(func, kernel, metadata.privateMemBytes)))
      return failure();
  }
  metadata.requiredFeatures.assign(features.begin(), features.end());
  metadata.subGroupSize = usesSubGroups ? target.getSubGroupSize() : 0;
  if (metadata.debug)
    metadata.debugNames = debugNames(kernel->getParentOfType<ModuleOp>());
  return metadata;
}
} // namespace

FailureOr<std::vector<KernelMetadata>>
kiln::extractKernelMetadata(ModuleOp module, const TargetInfo &target) {
  std::vector<KernelMetadata> kernels;
  for (auto kernel : module.getOps<KernelOp>()) {
    FailureOr<KernelMetadata> metadata = describeKernel(kernel, target);
    if (failed(metadata))
      return failure();
    kernels.push_back(std::move(*metadata));
  }
  return kernels;
}
