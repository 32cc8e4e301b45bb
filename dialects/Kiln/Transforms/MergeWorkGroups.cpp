//===- MergeWorkGroups.cpp - Fewer work-groups, combined atomics ----------===//
//
// A kernel that adds each work-group's result into one address with an
// atomic (`AtomicRef(out, 0).fetch_add(s)` after a group_reduce) is bound
// by those same-address atomics: on an H100 they retire at about 0.5 G/s,
// so a launch of a million work-groups waits for a million atomics. This
// pass makes each launched (physical) work-group run the body for the
// user's (logical) work-groups L = phys, phys + P, ... below their count,
// and turns each such atomic into an update of a per-work-item accumulator
// that one atomic adds to memory after the loop: P atomics per address
// instead of one per logical group.
//
// Legal because a relaxed read-modify-write whose result is unused, on an
// array nothing else in the kernel reads or writes, only contributes its
// operand to the final value, and the operation (add, min, max, and, or,
// xor) is associative and commutative: the final value is that of another
// order of the same updates (for a float add, another rounding, as any
// order gives). Running work-groups one after another is a valid schedule
// of an NdRange kernel: work-groups never wait for one another. Every id a
// logical work-group sees comes from L; range queries already read the
// user's range from the kernel's arguments. The kernel is correct for any
// number of physical work-groups; `kiln.merged_work_groups` tells the
// runtime it may launch few (KernelMetadata::mergesWorkGroups).
//
//===----------------------------------------------------------------------===//
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace kiln {
#define GEN_PASS_DEF_KILNMERGEWORKGROUPS
#include "dialects/Kiln/Transforms/Passes.h.inc"
} // namespace kiln

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

bool isIndexObject(Type type) {
  return isa<ItemType, NdItemType, GroupType, SubGroupType>(type);
}

/// Whether `kind` on elements of `type` can be combined: associative and
/// commutative on the values (float min/max are left out: their NaN and
/// signed-zero rules differ between targets' atomics and arith).
bool isCombinable(AtomicKind kind, Type type) {
  if (isa<FloatType>(type))
    return kind == AtomicKind::Add;
  switch (kind) {
  case AtomicKind::Add:
  case AtomicKind::Min:
  case AtomicKind::Max:
  case AtomicKind::UMin:
  case AtomicKind::UMax:
  case AtomicKind::And:
  case AtomicKind::Or:
  case AtomicKind::Xor:
    return true;
  default:
    return false;
  }
}

/// What the legality analysis found in a kernel it may merge.
struct Plan {
  unsigned rank = 0;
  /// The atomics that become accumulator updates.
  SmallVector<AtomicRMWOp> atomics;
  /// The body uses local memory of its own: a logical work-group's first
  /// local write must wait for the previous one's last read. (Group
  /// collectives need no barrier: their expansion already lets one follow
  /// another, as in straight-line code.)
  bool needsBarrier = false;
};

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
  bool isGroupInvariant(Value value);
  /// Why `atomic` cannot be combined; empty when it can.
  std::string uncombinable(AtomicRMWOp atomic);
  std::string otherAccess(Value array, AtomicKind kind) const;

  KernelOp kernel;
  Plan plan;
};

LogicalResult Legality::checkShape() {
  if (!isa<NdItemType>(kernel.getArgumentTypes()[0]))
    return refuse("it takes no NdItem (only NdRange kernels have groups)");
  if (kernel.getLaunchRank() == 0)
    return refuse("it is compiled for launches of any rank");
  if (!kernel.getBody().hasOneBlock())
    return refuse("its body has more than one block");
  plan.rank = kernel.getLaunchRank();
  return success();
}

LogicalResult Legality::checkOperations() {
  std::string why;
  kernel.getBody().walk([&](Operation *op) {
    // A callee that gets an index object could read the group id.
    if (isa<CallOp>(op) && llvm::any_of(op->getOperandTypes(), isIndexObject))
      why = "it passes an index object to a device function";
    if (isa<LocalAllocOp>(op))
      plan.needsBarrier = true;
    return why.empty() ? WalkResult::advance() : WalkResult::interrupt();
  });
  for (Type type : kernel.getArgumentTypes())
    if (auto array = dyn_cast<ArrayType>(type); array && array.isLocal())
      plan.needsBarrier = true;
  return why.empty() ? success() : refuse(why);
}

/// Whether `value` is the same in every work-group: built from constants
/// and scalar parameters by arithmetic and array extents only.
bool Legality::isGroupInvariant(Value value) {
  if (auto argument = dyn_cast<BlockArgument>(value))
    return argument.getOwner() == &kernel.getBody().front() &&
           !isIndexObject(argument.getType());
  Operation *def = value.getDefiningOp();
  if (!isa<arith::ArithDialect>(def->getDialect()) && !isa<DimOp>(def))
    return false;
  if (def->getNumRegions() != 0)
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value v) { return isGroupInvariant(v); });
}

std::string Legality::otherAccess(Value array, AtomicKind kind) const {
  for (Operation *user : array.getUsers()) {
    if (isa<DimOp>(user))
      continue;
    auto atomic = dyn_cast<AtomicRMWOp>(user);
    if (!atomic)
      return "'" + user->getName().getStringRef().str() + "' also uses it";
    if (atomic.getKind() != kind)
      return "atomics of another operation also update it";
  }
  return "";
}

std::string Legality::uncombinable(AtomicRMWOp atomic) {
  if (!atomic.getResult().use_empty())
    return "its result is used";
  if (atomic.getOrder() != MemoryOrder::Relaxed)
    return "its memory order is not relaxed";
  if (!isCombinable(atomic.getKind(), atomic.getValue().getType()))
    return "its operation is not an integer add, min, max, and, or, xor "
           "or a float add";
  auto argument = dyn_cast<BlockArgument>(atomic.getArray());
  if (!argument || argument.getOwner() != &kernel.getBody().front())
    return "its array is not a kernel parameter";
  if (!cast<ArrayType>(argument.getType()).isGlobal())
    return "its array is not global memory";
  if (!kernel.getArgAttr(argument.getArgNumber(), "kiln.noalias"))
    return "its array may overlap another array argument";
  if (!llvm::all_of(atomic.getIndices(),
                    [&](Value v) { return isGroupInvariant(v); }))
    return "its address may differ between work-groups";
  return otherAccess(atomic.getArray(), atomic.getKind());
}

FailureOr<Plan> Legality::analyze() {
  if (failed(checkShape()) || failed(checkOperations()))
    return failure();
  std::string why;
  kernel.getBody().walk([&](AtomicRMWOp atomic) {
    std::string problem = uncombinable(atomic);
    if (problem.empty())
      plan.atomics.push_back(atomic);
    else if (why.empty())
      why = problem;
  });
  if (plan.atomics.empty())
    return refuse(why.empty() ? "it has no atomic to combine"
                              : "no atomic can be combined: " + why);
  return plan;
}

/// Builds the merged body of a kernel that passed the analysis.
class Rewriter {
public:
  Rewriter(KernelOp kernel, const Plan &plan)
      : kernel(kernel), plan(plan), loc(kernel.getLoc()) {}
  void run();

private:
  struct Accumulator {
    Value value; ///< memref<T>: the combined operands.
    Value added; ///< memref<i1>: whether the work-item combined any.
  };

  Value i64(OpBuilder &b, int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 64);
  }
  /// A query of the launched work-item (global range, local range) or
  /// its launched work-group (group id and count).
  Value query(OpBuilder &b, QueryKind kind, unsigned dim) {
    bool ofGroup = kind == QueryKind::GroupId || kind == QueryKind::GroupRange;
    return QueryOp::create(b, loc, kind,
                           ofGroup ? group : kernel.getArgument(0), dim);
  }
  void computeGroupCounts(OpBuilder &b);
  std::pair<Value, Value> physicalGroup(OpBuilder &b);
  void decompose(OpBuilder &b, Value logical);
  void replaceQuery(QueryOp op);
  Value identity(OpBuilder &b, AtomicRMWOp atomic);
  Accumulator createAccumulator(OpBuilder &b, AtomicRMWOp atomic);
  void combineInto(AtomicRMWOp atomic, const Accumulator &acc);
  Value cloneInvariant(OpBuilder &b, Value value, IRMapping &map);
  void flush(OpBuilder &b, AtomicRMWOp atomic, const Accumulator &acc);

  KernelOp kernel;
  const Plan &plan;
  Location loc;
  /// The launched work-group (kiln.get_group of the NdItem).
  Value group;
  /// Per range dimension below the rank: the work-group size and the
  /// number of the user's work-groups; inside the loop, the logical
  /// work-group's id.
  SmallVector<Value, 3> localSize, groupCount, groupId;
};

void Rewriter::computeGroupCounts(OpBuilder &b) {
  for (unsigned d = 0; d < plan.rank; ++d) {
    // The global range is the user's (an argument); an NdRange's global
    // extent is a multiple of its local one, checked at launch.
    localSize.push_back(query(b, QueryKind::LocalRange, d));
    groupCount.push_back(arith::DivUIOp::create(
        b, loc, query(b, QueryKind::GlobalRange, d), localSize.back()));
  }
}

/// The launched work-group's linear id and the number launched, row-major
/// over every dimension: the kernel stays right for any launch shape.
std::pair<Value, Value> Rewriter::physicalGroup(OpBuilder &b) {
  Value id = query(b, QueryKind::GroupId, 0);
  Value count = query(b, QueryKind::GroupRange, 0);
  for (unsigned d = 1; d < plan.rank; ++d) {
    Value extent = query(b, QueryKind::GroupRange, d);
    id =
        arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, id, extent),
                              query(b, QueryKind::GroupId, d));
    count = arith::MulIOp::create(b, loc, count, extent);
  }
  return {id, count};
}

/// The logical work-group's id per dimension, the last one fastest.
void Rewriter::decompose(OpBuilder &b, Value logical) {
  groupId.assign(plan.rank, Value());
  Value rest = logical;
  for (unsigned d = plan.rank; d-- > 1;) {
    groupId[d] = arith::RemUIOp::create(b, loc, rest, groupCount[d]);
    rest = arith::DivUIOp::create(b, loc, rest, groupCount[d]);
  }
  groupId[0] = rest;
}

/// Rewrites a group-derived query to the logical work-group's value.
void Rewriter::replaceQuery(QueryOp op) {
  OpBuilder b(op);
  unsigned d = op.getDim();
  bool absent = d >= plan.rank;
  Value result;
  switch (op.getKind()) {
  case QueryKind::GroupId:
    result = absent ? i64(b, 0) : groupId[d];
    break;
  case QueryKind::GroupRange:
    result = absent ? i64(b, 1) : groupCount[d];
    break;
  case QueryKind::GlobalId:
    result = absent
                 ? i64(b, 0)
                 : arith::AddIOp::create(
                       b, loc,
                       arith::MulIOp::create(b, loc, groupId[d], localSize[d]),
                       QueryOp::create(b, op.getLoc(), QueryKind::LocalId,
                                       op.getObject(), d));
    break;
  default:
    return;
  }
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

Value Rewriter::identity(OpBuilder &b, AtomicRMWOp atomic) {
  Type type = atomic.getValue().getType();
  if (auto floatType = dyn_cast<FloatType>(type))
    // -0.0: x + -0.0 is x for every x, +0.0 included.
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, -0.0));
  unsigned bits = type.getIntOrFloatBitWidth();
  APInt value;
  switch (atomic.getKind()) {
  case AtomicKind::Min:
    value = APInt::getSignedMaxValue(bits);
    break;
  case AtomicKind::Max:
    value = APInt::getSignedMinValue(bits);
    break;
  case AtomicKind::UMin:
  case AtomicKind::And:
    value = APInt::getAllOnes(bits);
    break;
  default: // add, umax, or, xor
    value = APInt::getZero(bits);
    break;
  }
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

Rewriter::Accumulator Rewriter::createAccumulator(OpBuilder &b,
                                                  AtomicRMWOp atomic) {
  Type type = atomic.getValue().getType();
  Accumulator acc;
  acc.value = memref::AllocaOp::create(b, loc, MemRefType::get({}, type));
  acc.added =
      memref::AllocaOp::create(b, loc, MemRefType::get({}, b.getI1Type()));
  memref::StoreOp::create(b, loc, identity(b, atomic), acc.value);
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 1),
                          acc.added);
  return acc;
}

/// Replaces the atomic by `acc = acc op value` and marks the accumulator.
void Rewriter::combineInto(AtomicRMWOp atomic, const Accumulator &acc) {
  OpBuilder b(atomic);
  Location at = atomic.getLoc();
  Value old = memref::LoadOp::create(b, at, acc.value);
  Value v = atomic.getValue();
  Value combined;
  switch (atomic.getKind()) {
  case AtomicKind::Add:
    combined = isa<FloatType>(v.getType())
                   ? arith::AddFOp::create(b, at, old, v).getResult()
                   : arith::AddIOp::create(b, at, old, v).getResult();
    break;
  case AtomicKind::Min:
    combined = arith::MinSIOp::create(b, at, old, v);
    break;
  case AtomicKind::Max:
    combined = arith::MaxSIOp::create(b, at, old, v);
    break;
  case AtomicKind::UMin:
    combined = arith::MinUIOp::create(b, at, old, v);
    break;
  case AtomicKind::UMax:
    combined = arith::MaxUIOp::create(b, at, old, v);
    break;
  case AtomicKind::And:
    combined = arith::AndIOp::create(b, at, old, v);
    break;
  case AtomicKind::Or:
    combined = arith::OrIOp::create(b, at, old, v);
    break;
  default:
    combined = arith::XOrIOp::create(b, at, old, v);
    break;
  }
  memref::StoreOp::create(b, at, combined, acc.value);
  memref::StoreOp::create(b, at, arith::ConstantIntOp::create(b, at, 1, 1),
                          acc.added);
}

/// `value` (group-invariant: arithmetic on constants, parameters and
/// extents) rebuilt at `b`, its operands first.
Value Rewriter::cloneInvariant(OpBuilder &b, Value value, IRMapping &map) {
  if (isa<BlockArgument>(value) || map.contains(value))
    return map.lookupOrDefault(value);
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    cloneInvariant(b, operand, map);
  b.clone(*def, map);
  return map.lookup(value);
}

/// After the loop: one atomic of the accumulator, where it holds anything.
/// The address is rebuilt from the invariant values it was computed from.
void Rewriter::flush(OpBuilder &b, AtomicRMWOp atomic, const Accumulator &acc) {
  Value added = memref::LoadOp::create(b, loc, acc.added);
  auto guard = scf::IfOp::create(b, loc, added, /*withElseRegion=*/false);
  OpBuilder inner = OpBuilder::atBlockTerminator(guard.thenBlock());
  IRMapping map;
  SmallVector<Value> indices;
  for (Value index : atomic.getIndices())
    indices.push_back(cloneInvariant(inner, index, map));
  Value total = memref::LoadOp::create(inner, loc, acc.value);
  AtomicRMWOp::create(inner, atomic.getLoc(), total.getType(),
                      atomic.getKindAttr(), atomic.getArray(), indices, total,
                      atomic.getOrderAttr(), atomic.getScopeAttr());
}

void Rewriter::run() {
  Block &entry = kernel.getBody().front();
  // Every operation but the allocations (no operands, once per kernel)
  // and the return runs once per logical work-group.
  SmallVector<Operation *> body;
  for (Operation &op : entry.without_terminator())
    if (!isa<memref::AllocaOp, LocalAllocOp, PrivateAllocOp>(op) ||
        op.getNumOperands() != 0)
      body.push_back(&op);
  SmallVector<QueryOp> queries;
  for (Operation *op : body)
    op->walk([&](QueryOp q) { queries.push_back(q); });

  OpBuilder b(entry.getTerminator());
  group = GetGroupOp::create(b, loc, GroupType::get(b.getContext()),
                             kernel.getArgument(0));
  computeGroupCounts(b);
  auto [first, step] = physicalGroup(b);
  Value total = groupCount[0];
  for (unsigned d = 1; d < plan.rank; ++d)
    total = arith::MulIOp::create(b, loc, total, groupCount[d]);
  SmallVector<Accumulator> accumulators;
  for (AtomicRMWOp atomic : plan.atomics)
    accumulators.push_back(createAccumulator(b, atomic));
  auto loop = scf::ForOp::create(b, loc, first, total, step);
  Block *loopBody = loop.getBody();
  for (Operation *op : body)
    op->moveBefore(loopBody->getTerminator());

  OpBuilder head = OpBuilder::atBlockBegin(loopBody);
  decompose(head, loop.getInductionVar());
  for (QueryOp q : queries)
    replaceQuery(q);
  if (plan.needsBarrier) {
    OpBuilder tail(loopBody->getTerminator());
    BarrierOp::create(tail, loc, group, MemoryScope::WorkGroup);
  }
  for (size_t i = 0; i < plan.atomics.size(); ++i) {
    AtomicRMWOp atomic = plan.atomics[i];
    flush(b, atomic, accumulators[i]);
    combineInto(atomic, accumulators[i]);
    atomic.erase();
  }
  kernel->setAttr(kMergedWorkGroupsAttrName, b.getUnitAttr());
}

struct MergeWorkGroupsPass
    : kiln::impl::KilnMergeWorkGroupsBase<MergeWorkGroupsPass> {
  using KilnMergeWorkGroupsBase::KilnMergeWorkGroupsBase;

  void runOnOperation() override {
    for (KernelOp kernel : getOperation().getOps<KernelOp>()) {
      if (kernel.getBody().empty() ||
          kernel->hasAttr(kMergedWorkGroupsAttrName))
        continue;
      Legality legality(kernel);
      FailureOr<Plan> plan = legality.analyze();
      if (failed(plan)) {
        if (remarks)
          kernel.emitRemark("kernel '")
              << kernel.getSymName()
              << "' keeps its work-groups: " << legality.reason;
        continue;
      }
      Rewriter(kernel, *plan).run();
      if (remarks)
        kernel.emitRemark("kernel '")
            << kernel.getSymName() << "' merges work-groups and combines "
            << plan->atomics.size() << " atomic"
            << (plan->atomics.size() == 1 ? "" : "s");
    }
  }
};

} // namespace
