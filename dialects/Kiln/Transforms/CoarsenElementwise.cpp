//===- CoarsenElementwise.cpp - 128-bit accesses for elementwise kernels --===//
//
// An elementwise kernel moves one 4-byte element per work-item and access;
// a GPU moves 16 bytes per access at the same cost. This pass makes each
// work-item of such a kernel handle `factor` consecutive ids of the last
// range dimension (4 for 32-bit elements, 2 for 64-bit ones): when all of
// them are in range, `factor` unguarded copies of the body in one block,
// the first copy's accesses marked 16-byte aligned, which LLVM's
// load-store vectorizer merges into one 128-bit access per array
// (ld.global.v4 on PTX); otherwise a guarded loop over the ids (the tail).
// The kernel records the factor (`kiln.coarsening`); the runtime launches
// ceil(n / factor) work-items and still passes the user's range, which
// every range query reads, so only the rewritten id changes.
//
// Running the body for several work-items in sequence is a valid schedule
// of a Range kernel without barriers, sub-groups or atomics; the other
// conditions (the id only indexes the last dimension of aligned, distinct
// arrays) are what makes the copies' accesses contiguous and mergeable.
//
//===----------------------------------------------------------------------===//
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace kiln {
#define GEN_PASS_DEF_KILNCOARSENELEMENTWISE
#include "dialects/Kiln/Transforms/Passes.h.inc"
} // namespace kiln

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

/// The bytes one coarsened work-item accesses per array.
constexpr int64_t kVectorBytes = 16;

/// What the legality analysis found in a kernel it may coarsen.
struct Plan {
  unsigned lastDim = 0;
  int64_t factor = 1;
  /// kiln.load/kiln.store whose last index is the last-dimension id.
  SmallVector<Operation *> wideAccesses;
  /// Arrays of rank 2 and more among them: a row starts 16-byte aligned
  /// only when their last extent is a multiple of the factor.
  llvm::SetVector<Value> rowArrays;
};

/// Why an operation keeps a kernel from being coarsened; empty when it
/// does not.
std::string forbiddenOperation(Operation *op) {
  if (isa<ItemIdOp, ItemRangeOp, ItemDimensionsOp, DimOp, LoadOp, StoreOp,
          ReturnOp, memref::AllocaOp, memref::LoadOp, memref::StoreOp>(op))
    return "";
  if (isa<BarrierOp, SubGroupBarrierOp>(op))
    return "it has a barrier";
  if (isa<AtomicFenceOp, AtomicRMWOp, AtomicLoadOp, AtomicStoreOp,
          AtomicCmpXchgOp>(op))
    return "it has an atomic operation";
  if (isa<LocalAllocOp, PrivateAllocOp>(op))
    return "it allocates local or private memory";
  if (isa<CallOp>(op))
    return "it calls a device function";
  if (isa<PrintOp>(op))
    return "it prints";
  if (isa<AssertOp, BoundsCheckOp, ReportAssertOp>(op))
    return "it has an assert or a bounds check";
  if (isa<arith::ArithDialect, math::MathDialect, complex::ComplexDialect,
          scf::SCFDialect>(op->getDialect()))
    return "";
  return "it has '" + op->getName().getStringRef().str() + "'";
}

class Legality {
public:
  explicit Legality(KernelOp kernel) : kernel(kernel) {}

  /// The plan, or failure with `reason` set.
  FailureOr<Plan> analyze();

  std::string reason;

private:
  LogicalResult refuse(const Twine &why) {
    reason = why.str();
    return failure();
  }
  LogicalResult checkShape();
  LogicalResult checkOperations();
  void collectIdValues();
  bool isIdSlot(memref::AllocaOp alloca) const;
  LogicalResult checkUse(OpOperand &use);
  LogicalResult checkArray(Value array);
  LogicalResult checkAccess(Operation *access, Value array,
                            unsigned lastIndexOperand, OpOperand &use);

  KernelOp kernel;
  Plan plan;
  /// The last-dimension id and the loads of the variables holding only it.
  DenseSet<Value> idValues;
  DenseSet<Operation *> idSlots;
  int64_t elementBits = 0;
};

LogicalResult Legality::checkShape() {
  if (!isa<ItemType>(kernel.getArgumentTypes()[0]))
    return refuse("it takes an NdItem (only Range kernels are coarsened)");
  if (kernel.getLaunchRank() == 0)
    return refuse("it is compiled for launches of any rank");
  if (!kernel.getBody().hasOneBlock())
    return refuse("its body has more than one block");
  plan.lastDim = kernel.getLaunchRank() - 1;
  return success();
}

LogicalResult Legality::checkOperations() {
  std::string why;
  kernel.getBody().walk([&](Operation *op) {
    why = forbiddenOperation(op);
    return why.empty() ? WalkResult::advance() : WalkResult::interrupt();
  });
  return why.empty() ? success() : refuse(why);
}

bool Legality::isIdSlot(memref::AllocaOp alloca) const {
  if (alloca.getType().getRank() != 0 || !alloca.getOperands().empty())
    return false;
  bool stored = false;
  for (OpOperand &use : alloca->getUses()) {
    if (isa<memref::LoadOp>(use.getOwner()))
      continue;
    auto store = dyn_cast<memref::StoreOp>(use.getOwner());
    if (!store || store.getMemRef() != alloca.getResult() ||
        !idValues.contains(store.getValue()))
      return false;
    stored = true;
  }
  return stored;
}

void Legality::collectIdValues() {
  kernel.getBody().walk([&](ItemIdOp op) {
    if (op.getDim() == plan.lastDim)
      idValues.insert(op.getResult());
  });
  // A Python variable is a memref slot: one that only ever holds the id
  // yields the id wherever it is read.
  SmallVector<memref::AllocaOp> allocas;
  kernel.getBody().walk([&](memref::AllocaOp op) { allocas.push_back(op); });
  for (bool changed = true; changed;) {
    changed = false;
    for (memref::AllocaOp alloca : allocas) {
      if (idSlots.contains(alloca) || !isIdSlot(alloca))
        continue;
      idSlots.insert(alloca);
      for (Operation *user : alloca->getUsers())
        if (auto load = dyn_cast<memref::LoadOp>(user))
          idValues.insert(load.getResult());
      changed = true;
    }
  }
}

LogicalResult Legality::checkArray(Value array) {
  auto argument = dyn_cast<BlockArgument>(array);
  if (!argument || argument.getOwner() != &kernel.getBody().front())
    return refuse("an array indexed by the id is not a kernel parameter");
  unsigned i = argument.getArgNumber();
  std::string name = kernel.getParamName(i);
  auto type = cast<ArrayType>(array.getType());
  auto align = kernel.getArgAttrOfType<IntegerAttr>(i, "kiln.align");
  if (!type.isGlobal())
    return refuse("array '" + name + "' is not global memory");
  if (type.isStrided())
    return refuse("array '" + name + "' is strided");
  if (!align || align.getInt() < kVectorBytes)
    return refuse("array '" + name + "' is not known to be 16-byte aligned");
  if (!kernel.getArgAttr(i, "kiln.noalias"))
    return refuse("array '" + name + "' may overlap another array argument");
  Type element = type.getElementType();
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  if (bits != 32 && bits != 64)
    return refuse("array '" + name +
                  "' has elements of neither 32 nor 64 bits");
  if (elementBits != 0 && bits != elementBits)
    return refuse("the arrays indexed by the id mix element sizes");
  elementBits = bits;
  if (type.getRank() >= 2)
    plan.rowArrays.insert(array);
  return success();
}

LogicalResult Legality::checkAccess(Operation *access, Value array,
                                    unsigned lastIndexOperand, OpOperand &use) {
  if (use.getOperandNumber() != lastIndexOperand)
    return refuse("the last-dimension id is not the last index of '" +
                  access->getName().getStringRef() + "'");
  if (failed(checkArray(array)))
    return failure();
  plan.wideAccesses.push_back(access);
  return success();
}

LogicalResult Legality::checkUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto load = dyn_cast<LoadOp>(user))
    return checkAccess(load, load.getArray(), load.getIndices().size(), use);
  if (auto store = dyn_cast<StoreOp>(user))
    return checkAccess(store, store.getArray(), 1 + store.getIndices().size(),
                       use);
  if (auto slot = dyn_cast<memref::StoreOp>(user))
    if (use.getOperandNumber() == 0 &&
        idSlots.contains(slot.getMemRef().getDefiningOp()))
      return success();
  // A bounds check: `if i < n`, against something other than the id.
  if (auto compare = dyn_cast<arith::CmpIOp>(user))
    if (!idValues.contains(compare.getLhs()) ||
        !idValues.contains(compare.getRhs()))
      return success();
  return refuse("the last-dimension id is used by '" +
                user->getName().getStringRef() +
                "' (neither an array's last index nor a bounds comparison)");
}

FailureOr<Plan> Legality::analyze() {
  if (failed(checkShape()) || failed(checkOperations()))
    return failure();
  collectIdValues();
  for (Value id : idValues)
    for (OpOperand &use : id.getUses())
      if (failed(checkUse(use)))
        return failure();
  if (plan.wideAccesses.empty())
    return refuse("no array is indexed by the last-dimension id");
  plan.factor = kVectorBytes * 8 / elementBits;
  return plan;
}

/// Builds the coarsened body of a kernel that passed the analysis.
class Rewriter {
public:
  Rewriter(KernelOp kernel, const Plan &plan) : kernel(kernel), plan(plan) {}
  void run();

private:
  Block *detachBody();
  Value i64(OpBuilder &b, int64_t value) {
    return arith::ConstantIntOp::create(b, kernel.getLoc(), value, 64);
  }
  Value allInRange(OpBuilder &b, Value base, Value extent);
  void cloneBody(OpBuilder &b, Value id, bool aligned);

  KernelOp kernel;
  const Plan &plan;
  /// The original body: its one argument stands for the id.
  Block *templ = nullptr;
};

/// Moves the body's operations (not the return) into a detached block
/// whose argument replaces every read of the last-dimension id.
Block *Rewriter::detachBody() {
  Block &entry = kernel.getBody().front();
  auto *block = new Block();
  Value id = block->addArgument(IntegerType::get(kernel.getContext(), 64),
                                kernel.getLoc());
  block->getOperations().splice(block->end(), entry.getOperations(),
                                entry.begin(), std::prev(entry.end()));
  SmallVector<ItemIdOp> reads;
  block->walk([&](ItemIdOp op) {
    if (op.getDim() == plan.lastDim)
      reads.push_back(op);
  });
  for (ItemIdOp op : reads) {
    op.getResult().replaceAllUsesWith(id);
    op.erase();
  }
  return block;
}

/// Whether every id base..base+factor-1 is in range and each row array's
/// rows start 16-byte aligned (the promise of the first copy's accesses).
Value Rewriter::allInRange(OpBuilder &b, Value base, Value extent) {
  Location loc = kernel.getLoc();
  Value end = arith::AddIOp::create(b, loc, base, i64(b, plan.factor));
  Value fits =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, end, extent);
  for (Value array : plan.rowArrays) {
    unsigned last = cast<ArrayType>(array.getType()).getRank() - 1;
    Value row =
        DimOp::create(b, loc, b.getI64Type(), array, b.getI64IntegerAttr(last));
    Value rest = arith::RemUIOp::create(b, loc, row, i64(b, plan.factor));
    Value whole = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest,
                                        i64(b, 0));
    fits = arith::AndIOp::create(b, loc, fits, whole);
  }
  return fits;
}

/// One copy of the body for `id`; with `aligned`, its accesses by the id
/// are marked 16-byte aligned (kiln.align), which holds for the first id
/// of a work-item on the fast path.
void Rewriter::cloneBody(OpBuilder &b, Value id, bool aligned) {
  IRMapping map;
  map.map(templ->getArgument(0), id);
  for (Operation &op : *templ) {
    // Each copy's variables are allocated at the kernel's entry, where
    // LLVM promotes them to registers.
    if (isa<memref::AllocaOp>(op) && op.getNumOperands() == 0) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&kernel.getBody().front());
      b.clone(op, map);
      continue;
    }
    b.clone(op, map);
  }
  if (!aligned)
    return;
  for (Operation *access : plan.wideAccesses)
    map.lookup(access)->setAttr("kiln.align",
                                b.getI64IntegerAttr(kVectorBytes));
}

void Rewriter::run() {
  templ = detachBody();
  Block &entry = kernel.getBody().front();
  Location loc = kernel.getLoc();
  OpBuilder b(entry.getTerminator());
  Value item = kernel.getArgument(0);
  IntegerAttr dim = b.getI64IntegerAttr(plan.lastDim);
  Value extent = ItemRangeOp::create(b, loc, b.getI64Type(), item, dim);
  Value base = arith::MulIOp::create(
      b, loc, ItemIdOp::create(b, loc, b.getI64Type(), item, dim),
      i64(b, plan.factor));
  auto fast = scf::IfOp::create(b, loc, allInRange(b, base, extent),
                                /*withElseRegion=*/true);
  // Fast path: every copy unguarded, in one block.
  b.setInsertionPoint(fast.thenBlock()->getTerminator());
  for (int64_t k = 0; k < plan.factor; ++k)
    cloneBody(b,
              k ? arith::AddIOp::create(b, loc, base, i64(b, k)).getResult()
                : base,
              k == 0);
  // Tail: the ids still in range, one at a time.
  b.setInsertionPoint(fast.elseBlock()->getTerminator());
  auto loop =
      scf::ForOp::create(b, loc, i64(b, 0), i64(b, plan.factor), i64(b, 1));
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value id = arith::AddIOp::create(b, loc, base, loop.getInductionVar());
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, id, extent);
  auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
  b.setInsertionPoint(guard.thenBlock()->getTerminator());
  cloneBody(b, id, false);
  // The template's operations go last-first: users before what they use.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*templ)))
    op.erase();
  delete templ;
  SmallVector<int64_t> factors(plan.lastDim + 1, 1);
  factors.back() = plan.factor;
  kernel->setAttr(kCoarseningAttrName, b.getDenseI64ArrayAttr(factors));
}

struct CoarsenElementwisePass
    : kiln::impl::KilnCoarsenElementwiseBase<CoarsenElementwisePass> {
  using KilnCoarsenElementwiseBase::KilnCoarsenElementwiseBase;

  void runOnOperation() override {
    for (KernelOp kernel : getOperation().getOps<KernelOp>()) {
      if (kernel.getBody().empty() || kernel->hasAttr(kCoarseningAttrName))
        continue;
      Legality legality(kernel);
      FailureOr<Plan> plan = legality.analyze();
      if (failed(plan)) {
        if (remarks)
          kernel.emitRemark("kernel '")
              << kernel.getSymName()
              << "' is not coarsened: " << legality.reason;
        continue;
      }
      Rewriter(kernel, *plan).run();
      if (remarks)
        kernel.emitRemark("kernel '")
            << kernel.getSymName() << "' is coarsened by " << plan->factor
            << " in dimension " << plan->lastDim;
    }
  }
};

} // namespace
