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
// instead of one per logical group. When the atomic adds a group_reduce
// add that only it reads, made by the work-group's leader alone, the sum
// over the logical groups of their reduces is the reduce of each
// work-item's sum over them: the loop then only adds privately, with no
// collective or barrier, and one reduce follows it.
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
#include "mlir/IR/Matchers.h"

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

/// A combinable add whose operand is a group_reduce add, issued by the
/// logical work-group's leader alone: the sum of the groups' reduces is
/// the reduce of each work-item's sum over the groups, so one reduce after
/// the loop replaces them all and the loop keeps no collective.
struct SunkReduce {
  AtomicRMWOp atomic;
  GroupReduceOp reduce;
  /// The leader test (an i1) the atomic runs under.
  Value leader;
};

/// What the legality analysis found in a kernel it may merge.
struct Plan {
  unsigned rank = 0;
  /// The atomics that become accumulator updates.
  SmallVector<AtomicRMWOp> atomics;
  /// Those of them whose operand's reduce moves after the loop.
  SmallVector<SunkReduce> sunk;
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
  bool isLeaderTest(Value condition);
  GroupReduceOp reduceOnlyFeeding(AtomicRMWOp atomic);
  std::optional<SunkReduce> sinkableReduce(AtomicRMWOp atomic);
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

/// Whether `condition` is `(local_id(0) | local_id(1) | ...) == 0` over at
/// least every dimension below the rank (Group.leader()): true for exactly
/// one work-item of a work-group.
bool Legality::isLeaderTest(Value condition) {
  auto compare = condition.getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq ||
      !matchPattern(compare.getRhs(), m_Zero()))
    return false;
  unsigned dims = 0;
  SmallVector<Value> work{compare.getLhs()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto either = v.getDefiningOp<arith::OrIOp>()) {
      work.append({either.getLhs(), either.getRhs()});
      continue;
    }
    auto query = v.getDefiningOp<QueryOp>();
    if (!query || query.getKind() != QueryKind::LocalId)
      return false;
    dims |= 1u << query.getDim();
  }
  unsigned all = (1u << plan.rank) - 1;
  return (dims & all) == all;
}

/// The group_reduce whose result the atomic adds and nothing else reads
/// (directly, or through a variable only it writes); null if none.
GroupReduceOp Legality::reduceOnlyFeeding(AtomicRMWOp atomic) {
  Value operand = atomic.getValue();
  Value slot;
  if (auto load = operand.getDefiningOp<memref::LoadOp>()) {
    slot = load.getMemRef();
    auto stores = llvm::make_filter_range(
        slot.getUsers(), [](Operation *u) { return isa<memref::StoreOp>(u); });
    if (!slot.getDefiningOp<memref::AllocaOp>() ||
        std::distance(stores.begin(), stores.end()) != 1)
      return {};
    auto store = cast<memref::StoreOp>(*stores.begin());
    Block &entry = kernel.getBody().front();
    if (store->getBlock() != &entry)
      return {};
    // Every read comes after the write, in the same logical work-group.
    for (Operation *user : slot.getUsers())
      if (Operation *at = entry.findAncestorOpInBlock(*user);
          user != store && (!at || !store->isBeforeInBlock(at)))
        return {};
    operand = store.getValue();
  }
  auto reduce = operand.getDefiningOp<GroupReduceOp>();
  if (!reduce || reduce.getOp() != CollectiveOp::Add ||
      reduce->getBlock() != &kernel.getBody().front())
    return {};
  auto onlyTheAtomic = [&](Value v) {
    return llvm::all_of(v.getUses(), [&](OpOperand &use) {
      return use.getOwner() == atomic.getOperation() &&
             use.get() == atomic.getValue();
    });
  };
  if (!slot)
    return onlyTheAtomic(reduce.getResult()) ? reduce : GroupReduceOp();
  // The slot: written once with the reduce, read only for the atomic.
  for (Operation *user : slot.getUsers())
    if (auto load = dyn_cast<memref::LoadOp>(user);
        load && !onlyTheAtomic(load.getResult()))
      return {};
  return reduce.getResult().hasOneUse() ? reduce : GroupReduceOp();
}

std::optional<SunkReduce> Legality::sinkableReduce(AtomicRMWOp atomic) {
  if (atomic.getKind() != AtomicKind::Add)
    return std::nullopt;
  auto guard = dyn_cast<scf::IfOp>(atomic->getParentOp());
  if (!guard || guard->getBlock() != &kernel.getBody().front() ||
      !isLeaderTest(guard.getCondition()))
    return std::nullopt;
  GroupReduceOp reduce = reduceOnlyFeeding(atomic);
  if (!reduce)
    return std::nullopt;
  return SunkReduce{atomic, reduce, guard.getCondition()};
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
  for (AtomicRMWOp atomic : plan.atomics)
    if (std::optional<SunkReduce> sunk = sinkableReduce(atomic))
      plan.sunk.push_back(*sunk);
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
  Value createSum(OpBuilder &b, AtomicRMWOp atomic);
  Accumulator createAccumulator(OpBuilder &b, AtomicRMWOp atomic);
  void combineInto(AtomicRMWOp atomic, const Accumulator &acc);
  Value cloneInvariant(OpBuilder &b, Value value, IRMapping &map);
  void issueAtomic(OpBuilder &b, AtomicRMWOp atomic, Value value,
                   IRMapping &map);
  void sink(OpBuilder &b, const SunkReduce &sunk, Value sum);
  scf::ForOp createLoop(OpBuilder &b, Value first, Value total, Value step);
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

/// A private variable of the atomic's element type, set to the identity.
Value Rewriter::createSum(OpBuilder &b, AtomicRMWOp atomic) {
  Type type = atomic.getValue().getType();
  Value sum = memref::AllocaOp::create(b, loc, MemRefType::get({}, type));
  memref::StoreOp::create(b, loc, identity(b, atomic), sum);
  return sum;
}

Rewriter::Accumulator Rewriter::createAccumulator(OpBuilder &b,
                                                  AtomicRMWOp atomic) {
  Accumulator acc;
  acc.value = createSum(b, atomic);
  acc.added =
      memref::AllocaOp::create(b, loc, MemRefType::get({}, b.getI1Type()));
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
  issueAtomic(inner, atomic, memref::LoadOp::create(inner, loc, acc.value),
              map);
}

/// `atomic` of `value` at `b`, its indices rebuilt there from the
/// invariant values they were computed from.
void Rewriter::issueAtomic(OpBuilder &b, AtomicRMWOp atomic, Value value,
                           IRMapping &map) {
  SmallVector<Value> indices;
  for (Value index : atomic.getIndices())
    indices.push_back(cloneInvariant(b, index, map));
  AtomicRMWOp::create(b, atomic.getLoc(), value.getType(), atomic.getKindAttr(),
                      atomic.getArray(), indices, value, atomic.getOrderAttr(),
                      atomic.getScopeAttr());
}

/// In the loop, each work-item adds its reduce operand to `sum` instead of
/// reducing; after the loop (`b`), one reduce of the sums and the leader's
/// one atomic.
void Rewriter::sink(OpBuilder &b, const SunkReduce &sunk, Value sum) {
  GroupReduceOp reduce = sunk.reduce;
  Value v = reduce.getValue();
  {
    OpBuilder in(reduce);
    Location at = reduce.getLoc();
    Value old = memref::LoadOp::create(in, at, sum);
    Value added = isa<FloatType>(v.getType())
                      ? arith::AddFOp::create(in, at, old, v).getResult()
                      : arith::AddIOp::create(in, at, old, v).getResult();
    memref::StoreOp::create(in, at, added, sum);
  }
  // The reduce's result only fed the atomic, which goes.
  reduce.getResult().replaceAllUsesWith(v);
  reduce.erase();
  Value mine = memref::LoadOp::create(b, loc, sum);
  Value total = GroupReduceOp::create(b, reduce.getLoc(), mine.getType(),
                                      reduce.getOpAttr(), group, mine);
  IRMapping map;
  Value leader = cloneInvariant(b, sunk.leader, map);
  auto guard = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  OpBuilder inner = OpBuilder::atBlockTerminator(guard.thenBlock());
  issueAtomic(inner, sunk.atomic, total, map);
  AtomicRMWOp(sunk.atomic).erase();
}

/// `for t = 0 .. count`, count = ceil((total - first) / step) or 0: a
/// trip count LLVM sees, so a loop without barriers is unrolled at run
/// time and keeps several loads in flight.
scf::ForOp Rewriter::createLoop(OpBuilder &b, Value first, Value total,
                                Value step) {
  Value left = arith::SubIOp::create(b, loc, total, first);
  Value rounded = arith::AddIOp::create(
      b, loc, left, arith::SubIOp::create(b, loc, step, i64(b, 1)));
  Value trips = arith::DivUIOp::create(b, loc, rounded, step);
  Value any =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, first, total);
  Value count = arith::SelectOp::create(b, loc, any, trips, i64(b, 0));
  return scf::ForOp::create(b, loc, i64(b, 0), count, i64(b, 1));
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
  auto isSunk = [&](AtomicRMWOp atomic) {
    return llvm::any_of(
        plan.sunk, [&](const SunkReduce &s) { return s.atomic == atomic; });
  };
  SmallVector<Accumulator> accumulators;
  SmallVector<Value> sums;
  for (AtomicRMWOp atomic : plan.atomics)
    if (!isSunk(atomic))
      accumulators.push_back(createAccumulator(b, atomic));
  for (const SunkReduce &sunk : plan.sunk)
    sums.push_back(createSum(b, sunk.atomic));
  scf::ForOp loop = createLoop(b, first, total, step);
  Block *loopBody = loop.getBody();
  for (Operation *op : body)
    op->moveBefore(loopBody->getTerminator());

  OpBuilder head = OpBuilder::atBlockBegin(loopBody);
  Value logical = arith::AddIOp::create(
      head, loc, first,
      arith::MulIOp::create(head, loc, loop.getInductionVar(), step));
  decompose(head, logical);
  for (QueryOp q : queries)
    replaceQuery(q);
  if (plan.needsBarrier) {
    OpBuilder tail(loopBody->getTerminator());
    BarrierOp::create(tail, loc, group, MemoryScope::WorkGroup);
  }
  for (auto [sunk, sum] : llvm::zip_equal(plan.sunk, sums))
    sink(b, sunk, sum);
  auto acc = accumulators.begin();
  for (AtomicRMWOp atomic : plan.atomics) {
    if (isSunk(atomic))
      continue;
    flush(b, atomic, *acc);
    combineInto(atomic, *acc++);
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
