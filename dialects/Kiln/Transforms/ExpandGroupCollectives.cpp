//===- ExpandGroupCollectives.cpp - Group collectives via local memory ----===//
//
// Rewrites kiln.group_reduce / group_scan / group_broadcast into kiln ops
// (local scratch, barriers, loads, stores) plus arith/scf, so every target
// runs the same algorithm. All work-items execute the same sequence of
// barriers (the loops are uniform), as barriers require. With a fixed
// sub-group size (PTX's warps), reductions and scans work inside each
// sub-group through shuffles and only the sub-groups' partials go through
// local memory: two barriers.
//
//===----------------------------------------------------------------------===//
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace kiln {
#define GEN_PASS_DEF_KILNEXPANDGROUPCOLLECTIVES
#include "dialects/Kiln/Transforms/Passes.h.inc"
} // namespace kiln

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

/// Work-items that combine the reduction's columns (a warp on NVIDIA).
constexpr int64_t kReduceLanes = 32;

Value c64(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}

/// ceil(n / d) for a work-group size n >= 1, written out so it lowers to
/// plain sub/div/add on every target (SPIR translators lack OpIAddCarry).
/// As `(n - 1) / d + 1` with a `nuw` add, LLVM sees that the result is at
/// least 1: a loop over it gets no zero-trip branch. That branch joined the
/// loop's exit with a path around the loop's barriers, and PoCL's barrier
/// tail replication copied everything after such a join once per barrier
/// of the loop, so a kernel with n scans built in time exponential in n
/// once anything (a debug-mode bounds check) kept LLVM from threading the
/// scans' identical zero-trip branches together.
Value ceilDivOfCount(OpBuilder &b, Location loc, Value n, Value d) {
  Value one = c64(b, loc, 1);
  Value below =
      arith::DivUIOp::create(b, loc, arith::SubIOp::create(b, loc, n, one), d);
  return arith::AddIOp::create(b, loc, below, one,
                               arith::IntegerOverflowFlags::nuw);
}

Value combine(OpBuilder &b, Location loc, CollectiveOp op, Value lhs,
              Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (op) {
  case CollectiveOp::Add:
    return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                   : Value(arith::AddIOp::create(b, loc, lhs, rhs));
  case CollectiveOp::Min:
    return isFloat ? Value(arith::MinNumFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MinSIOp::create(b, loc, lhs, rhs));
  case CollectiveOp::Max:
    return isFloat ? Value(arith::MaxNumFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MaxSIOp::create(b, loc, lhs, rhs));
  case CollectiveOp::UMin:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case CollectiveOp::UMax:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case CollectiveOp::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case CollectiveOp::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case CollectiveOp::Xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("the switch on op covers every value");
}

/// The value `x` with `combine(identity, x) == x`.
Value identity(OpBuilder &b, Location loc, CollectiveOp op, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    APFloat v = op == CollectiveOp::Min   ? APFloat::getInf(sem, false)
                : op == CollectiveOp::Max ? APFloat::getInf(sem, true)
                                          : APFloat::getZero(sem);
    return arith::ConstantFloatOp::create(b, loc, floatType, v);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt v(width, 0);
  if (op == CollectiveOp::Min)
    v = APInt::getSignedMaxValue(width);
  else if (op == CollectiveOp::Max)
    v = APInt::getSignedMinValue(width);
  else if (op == CollectiveOp::UMin || op == CollectiveOp::And)
    v = APInt::getAllOnes(width);
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}

/// Builds `if (cond) { body }` and leaves the insertion point after it.
void ifThen(OpBuilder &b, Location loc, Value cond,
            llvm::function_ref<void()> body) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body();
}

/// The value lane `lane` of the first sub-group combines in the second
/// stage of a collective: the partial of sub-group `lane` from `buf`, or
/// the combiner's identity for a lane past the last sub-group. Returns
/// whether the lane holds a partial, and that value.
std::pair<Value, Value> partialOfLane(OpBuilder &b, Location loc, Value buf,
                                      Value lane, Value count,
                                      CollectiveOp kind, Type type) {
  Value mine =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane, count);
  Value index = arith::SelectOp::create(b, loc, mine, lane, c64(b, loc, 0));
  Value loaded = LoadOp::create(b, loc, buf, ValueRange{index});
  Value v = arith::SelectOp::create(b, loc, mine, loaded,
                                    identity(b, loc, kind, type));
  return {mine, v};
}

/// Per-function state: one scratch array per element type.
class Expander {
public:
  Expander(FunctionOpInterface func, int64_t subGroupSize)
      : func(func), subGroupSize(subGroupSize) {}

  void expand(GroupReduceOp op);
  void expand(GroupScanOp op);
  void expand(GroupBroadcastOp op);

private:
  Value scratchFor(Type type) {
    auto it = scratch.find(type);
    if (it != scratch.end())
      return it->second;
    OpBuilder b(&func.getFunctionBody().front(),
                func.getFunctionBody().front().begin());
    auto arrayType =
        ArrayType::get(type.getContext(), type, 1, MemorySpace::Local);
    Value array =
        LocalAllocOp::create(b, func.getLoc(), arrayType,
                             b.getDenseI64ArrayAttr({kGroupScratchSlots}));
    return scratch[type] = array;
  }

  /// The scratch of group reductions and scans through sub-groups, apart
  /// from the general scratch so that the ordering argument of
  /// reduceThroughSubGroups involves only it: slots [0, N) hold one
  /// partial per sub-group, written before a collective's first barrier;
  /// slot N a reduction's total and [N + 1, 2N + 1) a scan's per-sub-group
  /// prefixes, written between its two barriers and read after the second.
  Value partialsFor(Type type) {
    auto it = partials.find(type);
    if (it != partials.end())
      return it->second;
    return partials[type] = localArray(type, 2 * subGroupSize + 1);
  }

  /// The two slots of one-barrier broadcasts of `type`, used by nothing
  /// else (broadcastThroughLocalMemory).
  Value broadcastSlotsFor(Type type) {
    auto it = broadcastSlots.find(type);
    if (it != broadcastSlots.end())
      return it->second;
    return broadcastSlots[type] = localArray(type, 2);
  }

  Value localArray(Type type, int64_t slots) {
    OpBuilder b(&func.getFunctionBody().front(),
                func.getFunctionBody().front().begin());
    auto arrayType =
        ArrayType::get(type.getContext(), type, 1, MemorySpace::Local);
    return LocalAllocOp::create(b, func.getLoc(), arrayType,
                                b.getDenseI64ArrayAttr({slots}));
  }

  /// A private scalar slot (rank-0 memref) at the function entry.
  Value slot(Type type) {
    OpBuilder b(&func.getFunctionBody().front(),
                func.getFunctionBody().front().begin());
    return memref::AllocaOp::create(b, func.getLoc(),
                                    MemRefType::get({}, type));
  }

  static Value query(OpBuilder &b, Location loc, QueryKind kind, Value group,
                     int64_t dim) {
    return QueryOp::create(b, loc, kind, group, dim);
  }

  /// Row-major local linear id and work-group size.
  static std::pair<Value, Value> linearIdAndSize(OpBuilder &b, Location loc,
                                                 Value group) {
    Value id = query(b, loc, QueryKind::LocalId, group, 0);
    Value size = query(b, loc, QueryKind::LocalRange, group, 0);
    for (int64_t d = 1; d < 3; ++d) {
      Value extent = query(b, loc, QueryKind::LocalRange, group, d);
      id = arith::AddIOp::create(b, loc,
                                 arith::MulIOp::create(b, loc, id, extent),
                                 query(b, loc, QueryKind::LocalId, group, d));
      size = arith::MulIOp::create(b, loc, size, extent);
    }
    return {id, size};
  }

  static void barrier(OpBuilder &b, Location loc, Value group) {
    BarrierOp::create(b, loc, group, MemoryScope::WorkGroup);
  }

  /// The type a reduction of `type` runs in: narrow integers in i32 and
  /// f16/bf16 in f32, so that the fold has a 32- or 64-bit atomic.
  static Type reductionType(Type type) {
    if (isa<FloatType>(type))
      return type.getIntOrFloatBitWidth() < 32
                 ? Type(Float32Type::get(type.getContext()))
                 : type;
    return type.getIntOrFloatBitWidth() < 32
               ? Type(IntegerType::get(type.getContext(), 32))
               : type;
  }

  /// Extends `v` to `wide`: zero-extension for unsigned min/max (which
  /// keeps their order), sign-extension otherwise (add, and, or, xor give
  /// the same low bits either way).
  static Value widen(OpBuilder &b, Location loc, CollectiveOp kind, Value v,
                     Type wide) {
    if (v.getType() == wide)
      return v;
    if (isa<FloatType>(wide))
      return arith::ExtFOp::create(b, loc, wide, v);
    if (kind == CollectiveOp::UMin || kind == CollectiveOp::UMax)
      return arith::ExtUIOp::create(b, loc, wide, v);
    return arith::ExtSIOp::create(b, loc, wide, v);
  }

  static Value narrow(OpBuilder &b, Location loc, Value v, Type type) {
    if (v.getType() == type)
      return v;
    if (isa<FloatType>(type))
      return arith::TruncFOp::create(b, loc, type, v);
    return arith::TruncIOp::create(b, loc, type, v);
  }

  /// combine(init, element(lb), element(lb + step), ...) for i < ub, as a
  /// loop without barriers.
  static Value fold(OpBuilder &b, Location loc, Value lb, Value ub, Value step,
                    Value init, llvm::function_ref<Value(Value)> element,
                    CollectiveOp kind) {
    auto loop = scf::ForOp::create(b, loc, lb, ub, step, ValueRange{init});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value acc = loop.getRegionIterArgs().front();
    Value next = combine(b, loc, kind, acc, element(loop.getInductionVar()));
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointAfter(loop);
    return loop.getResult(0);
  }

  /// buf[slot] = combine(buf[slot], x) atomically: a compare-exchange loop
  /// on the bits (relaxed, work-group scope; the barrier after it orders).
  static void atomicCombine(OpBuilder &b, Location loc, CollectiveOp kind,
                            Value buf, Value slot, Value x, Type wide) {
    Type bits = cast<ArrayType>(buf.getType()).getElementType();
    auto order = MemoryOrder::Relaxed;
    auto scope = MemoryScope::WorkGroup;
    Value initial =
        AtomicLoadOp::create(b, loc, bits, buf, ValueRange{slot}, order, scope);
    auto loop =
        scf::WhileOp::create(b, loc, TypeRange{bits}, ValueRange{initial});
    Block *before = b.createBlock(&loop.getBefore(), {}, {bits}, {loc});
    Value oldBits = before->getArgument(0);
    Value old = wide == bits
                    ? oldBits
                    : Value(arith::BitcastOp::create(b, loc, wide, oldBits));
    Value updated = combine(b, loc, kind, old, x);
    Value newBits =
        wide == bits ? updated
                     : Value(arith::BitcastOp::create(b, loc, bits, updated));
    auto cas = AtomicCmpXchgOp::create(b, loc, bits, b.getI1Type(), buf,
                                       ValueRange{slot}, oldBits, newBits,
                                       order, scope);
    Value retry = arith::XOrIOp::create(
        b, loc, cas.getSuccess(),
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    scf::ConditionOp::create(b, loc, retry, ValueRange{cas.getOld()});
    Block *after = b.createBlock(&loop.getAfter(), {}, {bits}, {loc});
    scf::YieldOp::create(b, loc, after->getArgument(0));
    b.setInsertionPointAfter(loop);
  }

  /// A loop over i in [lb, ub) with a uniform trip count.
  static void forRange(OpBuilder &b, Location loc, Value lb, Value ub,
                       Value step, llvm::function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, loc, lb, ub, step);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    body(loop.getInductionVar());
  }

  /// group_reduce through sub-group shuffles (subGroupSize > 0).
  Value reduceThroughSubGroups(OpBuilder &b, Location loc, Value group,
                               CollectiveOp kind, Value x);

  /// The combination of `v` over the work-items of `sg`, held by its local
  /// id 0: a tree of shuffle-downs, each step guarded by the sub-group's
  /// own size, since a short last sub-group's missing lanes hold nothing.
  Value reduceToFirstLane(OpBuilder &b, Location loc, Value sg,
                          CollectiveOp kind, Value v) const;

  /// The inclusive scan of `v` over the work-items of `sg` in local id
  /// order: shuffle-ups, each step taking a value only from a lane that
  /// exists (lane `lid - offset >= 0`: lower lanes exist in a short last
  /// sub-group too).
  Value scanInSubGroup(OpBuilder &b, Location loc, Value sg, Value lid,
                       CollectiveOp kind, Value v) const;

  /// The value of the next lower lane, the identity in lane 0: the
  /// exclusive scan from the inclusive one.
  Value shiftUp(OpBuilder &b, Location loc, Value sg, Value lid,
                CollectiveOp kind, Value inclusive) const;

  /// group_scan through sub-group shuffles (subGroupSize > 0).
  Value scanThroughSubGroups(OpBuilder &b, Location loc, Value group,
                             CollectiveOp kind, bool exclusive, Value x);

  /// group_broadcast through a local slot with one barrier in kernels.
  Value broadcastThroughLocalMemory(OpBuilder &b, Location loc, Value group,
                                    Value lid, Value x, Value source);

  FunctionOpInterface func;
  int64_t subGroupSize;
  llvm::DenseMap<Type, Value> scratch;
  llvm::DenseMap<Type, Value> partials;
  llvm::DenseMap<Type, Value> broadcastSlots;
  /// Which of the two broadcast slots the next broadcast uses (kernels).
  Value broadcastToggle;
};

Value Expander::reduceToFirstLane(OpBuilder &b, Location loc, Value sg,
                                  CollectiveOp kind, Value v) const {
  Value lid = query(b, loc, QueryKind::SubGroupLocalId, sg, 0);
  Value size = query(b, loc, QueryKind::SubGroupLocalRange, sg, 0);
  for (int64_t offset = subGroupSize / 2; offset >= 1; offset /= 2) {
    Value off = c64(b, loc, offset);
    Value other = SubGroupShuffleOp::create(b, loc, v.getType(),
                                            ShuffleMode::Down, sg, v, off);
    Value from = arith::AddIOp::create(b, loc, lid, off);
    Value present =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, from, size);
    v = arith::SelectOp::create(b, loc, present,
                                combine(b, loc, kind, v, other), v);
  }
  return v;
}

Value Expander::reduceThroughSubGroups(OpBuilder &b, Location loc, Value group,
                                       CollectiveOp kind, Value x) {
  Type type = x.getType();
  Value buf = partialsFor(type);
  Value sg =
      GroupSubGroupOp::create(b, loc, SubGroupType::get(b.getContext()), group);
  Value sgId = query(b, loc, QueryKind::SubGroupId, sg, 0);
  Value sgLid = query(b, loc, QueryKind::SubGroupLocalId, sg, 0);
  Value sgCount = query(b, loc, QueryKind::SubGroupRange, sg, 0);
  Value zero = c64(b, loc, 0);
  Value resultSlot = c64(b, loc, subGroupSize);
  auto eq = [&](Value l, Value r) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, l, r);
  };
  // 1. Each sub-group's total, published by its first work-item.
  Value partial = reduceToFirstLane(b, loc, sg, kind, x);
  ifThen(b, loc, eq(sgLid, zero),
         [&] { StoreOp::create(b, loc, partial, buf, ValueRange{sgId}); });
  barrier(b, loc, group);
  // 2. The first sub-group combines the partials, one per lane (a
  //    work-group has at most subGroupSize sub-groups; when it has more
  //    than one, the first is full), and publishes the total. One
  //    sub-group combining for all keeps the result the same for every
  //    work-item, floats included.
  ifThen(b, loc, eq(sgId, zero), [&] {
    Value v = partialOfLane(b, loc, buf, sgLid, sgCount, kind, type).second;
    Value total = reduceToFirstLane(b, loc, sg, kind, v);
    ifThen(b, loc, eq(sgLid, zero), [&] {
      StoreOp::create(b, loc, total, buf, ValueRange{resultSlot});
    });
  });
  barrier(b, loc, group);
  // No barrier after the read: the next reduction through this scratch
  // writes partials only after this barrier, which the first sub-group
  // passes only when done with them, and its total only after its own
  // first barrier, which every work-item passes only after this read.
  return LoadOp::create(b, loc, buf, ValueRange{resultSlot});
}

Value Expander::scanInSubGroup(OpBuilder &b, Location loc, Value sg, Value lid,
                               CollectiveOp kind, Value v) const {
  for (int64_t offset = 1; offset < subGroupSize; offset *= 2) {
    Value off = c64(b, loc, offset);
    Value lower = SubGroupShuffleOp::create(b, loc, v.getType(),
                                            ShuffleMode::Up, sg, v, off);
    Value present =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lid, off);
    v = arith::SelectOp::create(b, loc, present,
                                combine(b, loc, kind, lower, v), v);
  }
  return v;
}

Value Expander::shiftUp(OpBuilder &b, Location loc, Value sg, Value lid,
                        CollectiveOp kind, Value inclusive) const {
  Value lower =
      SubGroupShuffleOp::create(b, loc, inclusive.getType(), ShuffleMode::Up,
                                sg, inclusive, c64(b, loc, 1));
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lid,
                                      c64(b, loc, 0));
  return arith::SelectOp::create(
      b, loc, first, identity(b, loc, kind, inclusive.getType()), lower);
}

Value Expander::scanThroughSubGroups(OpBuilder &b, Location loc, Value group,
                                     CollectiveOp kind, bool exclusive,
                                     Value x) {
  Type type = x.getType();
  Value buf = partialsFor(type);
  Value sg =
      GroupSubGroupOp::create(b, loc, SubGroupType::get(b.getContext()), group);
  Value sgId = query(b, loc, QueryKind::SubGroupId, sg, 0);
  Value sgLid = query(b, loc, QueryKind::SubGroupLocalId, sg, 0);
  Value sgSize = query(b, loc, QueryKind::SubGroupLocalRange, sg, 0);
  Value sgCount = query(b, loc, QueryKind::SubGroupRange, sg, 0);
  Value zero = c64(b, loc, 0), one = c64(b, loc, 1);
  Value prefixes = c64(b, loc, subGroupSize + 1);
  auto eq = [&](Value l, Value r) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, l, r);
  };
  // 1. The scan inside each sub-group (sub-groups hold consecutive local
  //    linear ids); its last work-item publishes the sub-group's total.
  Value inclusive = scanInSubGroup(b, loc, sg, sgLid, kind, x);
  Value last = arith::SubIOp::create(b, loc, sgSize, one);
  ifThen(b, loc, eq(sgLid, last),
         [&] { StoreOp::create(b, loc, inclusive, buf, ValueRange{sgId}); });
  barrier(b, loc, group);
  // 2. The first sub-group scans the totals, one per lane (a work-group
  //    has at most subGroupSize sub-groups; when it has more than one, the
  //    first is full), and publishes each sub-group's exclusive prefix.
  ifThen(b, loc, eq(sgId, zero), [&] {
    auto [mine, v] = partialOfLane(b, loc, buf, sgLid, sgCount, kind, type);
    Value totals = scanInSubGroup(b, loc, sg, sgLid, kind, v);
    Value before = shiftUp(b, loc, sg, sgLid, kind, totals);
    ifThen(b, loc, mine, [&] {
      Value slot = arith::AddIOp::create(b, loc, prefixes, sgLid);
      StoreOp::create(b, loc, before, buf, ValueRange{slot});
    });
  });
  barrier(b, loc, group);
  // 3. No barrier after the read: as in reduceThroughSubGroups, the next
  //    collective through this scratch writes the prefix slots only after
  //    its own first barrier.
  Value slot = arith::AddIOp::create(b, loc, prefixes, sgId);
  Value prefix = LoadOp::create(b, loc, buf, ValueRange{slot});
  Value own =
      exclusive ? shiftUp(b, loc, sg, sgLid, kind, inclusive) : inclusive;
  return combine(b, loc, kind, prefix, own);
}

Value Expander::broadcastThroughLocalMemory(OpBuilder &b, Location loc,
                                            Value group, Value lid, Value x,
                                            Value source) {
  Value buf = broadcastSlotsFor(x.getType());
  bool kernel = isa<KernelOp>(func.getOperation());
  // In a kernel, consecutive broadcasts alternate between two slots (every
  // work-item meets the same collectives, so the toggle is uniform): a
  // broadcast writes its slot before its barrier, and the last reads of
  // that slot (two broadcasts back) came before the previous broadcast's
  // barrier. One barrier each. A device function is inlined at every call
  // with a toggle of its own but shares the slots, so it keeps the
  // barrier after the read.
  Value index = c64(b, loc, 0);
  if (kernel) {
    if (!broadcastToggle) {
      broadcastToggle = slot(b.getI64Type());
      OpBuilder entry(broadcastToggle.getContext());
      Location at = func.getLoc();
      entry.setInsertionPointAfterValue(broadcastToggle);
      memref::StoreOp::create(entry, at, c64(entry, at, 0), broadcastToggle);
    }
    index = memref::LoadOp::create(b, loc, broadcastToggle);
    memref::StoreOp::create(
        b, loc, arith::XOrIOp::create(b, loc, index, c64(b, loc, 1)),
        broadcastToggle);
  }
  ifThen(b, loc,
         arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lid, source),
         [&] { StoreOp::create(b, loc, x, buf, ValueRange{index}); });
  barrier(b, loc, group);
  Value result = LoadOp::create(b, loc, buf, ValueRange{index});
  if (!kernel)
    barrier(b, loc, group);
  return result;
}

void Expander::expand(GroupReduceOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value group = op.getGroup();
  CollectiveOp kind = op.getOp();
  Type type = op.getValue().getType();
  // The scratch holds the value's bits (i32 or i64): the fold of large
  // groups compare-exchanges integers, which every target has for 32 and
  // 64 bits (a float array would need float atomics).
  Type wide = reductionType(type);
  Type bits = b.getIntegerType(wide.getIntOrFloatBitWidth());
  Value x = widen(b, loc, kind, op.getValue(), wide);
  if (subGroupSize > 0) {
    Value result = reduceThroughSubGroups(b, loc, group, kind, x);
    op.replaceAllUsesWith(narrow(b, loc, result, type));
    op.erase();
    return;
  }
  auto toBits = [&](Value v) -> Value {
    return v.getType() == bits ? v : arith::BitcastOp::create(b, loc, bits, v);
  };
  auto fromBits = [&](Value v) -> Value {
    return wide == bits ? v : arith::BitcastOp::create(b, loc, wide, v);
  };
  Value buf = scratchFor(bits);
  auto [lid, size] = linearIdAndSize(b, loc, group);
  Value slots = c64(b, loc, kGroupScratchSlots);
  Value one = c64(b, loc, 1);
  auto ult = [&](Value l, Value r) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, l, r);
  };
  // Every barrier below is at the collective's own level, never inside a
  // loop or branch: PoCL's work-group compiler replicates the code after a
  // barrier in a loop with a run-time trip count, so a few such loops per
  // kernel made its build time grow exponentially (7 group_reduce calls:
  // 5 s, 8: 26 s).
  //
  // 1. The first `slots` work-items publish their values.
  ifThen(b, loc, ult(lid, slots),
         [&] { StoreOp::create(b, loc, toBits(x), buf, ValueRange{lid}); });
  barrier(b, loc, group);
  // 2. Work-items beyond the scratch (groups larger than `slots`) fold
  //    their value into slot `lid mod slots` with a compare-exchange loop.
  ifThen(b, loc,
         arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lid, slots),
         [&] {
           Value slot = arith::RemUIOp::create(b, loc, lid, slots);
           atomicCombine(b, loc, kind, buf, slot, x, wide);
         });
  barrier(b, loc, group);
  // 3. `kReduceLanes` work-items each combine one strided column of the
  //    used slots (conflict-free on GPU shared-memory banks) and leave the
  //    column's value in its first slot, which no other lane reads.
  Value used = arith::MinUIOp::create(b, loc, size, slots);
  Value lanes = arith::MinUIOp::create(b, loc, used, c64(b, loc, kReduceLanes));
  ifThen(b, loc, ult(lid, lanes), [&] {
    Value first = fromBits(LoadOp::create(b, loc, buf, ValueRange{lid}));
    Value start = arith::AddIOp::create(b, loc, lid, lanes);
    Value column = fold(
        b, loc, start, used, lanes, first,
        [&](Value j) {
          return fromBits(LoadOp::create(b, loc, buf, ValueRange{j}));
        },
        kind);
    StoreOp::create(b, loc, toBits(column), buf, ValueRange{lid});
  });
  barrier(b, loc, group);
  // 4. Every work-item combines the column values in the same order, so
  //    all get the same result.
  Value first =
      fromBits(LoadOp::create(b, loc, buf, ValueRange{c64(b, loc, 0)}));
  Value result = fold(
      b, loc, one, lanes, one, first,
      [&](Value j) {
        return fromBits(LoadOp::create(b, loc, buf, ValueRange{j}));
      },
      kind);
  barrier(b, loc, group); // the scratch may be reused right after
  op.replaceAllUsesWith(narrow(b, loc, result, type));
  op.erase();
}

void Expander::expand(GroupScanOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type type = op.getValue().getType();
  Value group = op.getGroup(), x = op.getValue();
  if (subGroupSize > 0) {
    bool exclusive = op.getKind() == ScanKind::Exclusive;
    op.replaceAllUsesWith(
        scanThroughSubGroups(b, loc, group, op.getOp(), exclusive, x));
    op.erase();
    return;
  }
  Value buf = scratchFor(type);
  Value resultSlot = slot(type), carrySlot = slot(type);
  Value zeroIdentity = identity(b, loc, op.getOp(), type);
  memref::StoreOp::create(b, loc, zeroIdentity, carrySlot);
  memref::StoreOp::create(b, loc, zeroIdentity, resultSlot);
  auto [lid, size] = linearIdAndSize(b, loc, group);
  Value slots = c64(b, loc, kGroupScratchSlots);
  Value zero = c64(b, loc, 0), one = c64(b, loc, 1);
  bool exclusive = op.getKind() == ScanKind::Exclusive;
  Value chunks = ceilDivOfCount(b, loc, size, slots);
  forRange(b, loc, zero, chunks, one, [&](Value c) {
    Value start = arith::MulIOp::create(b, loc, c, slots);
    Value local = arith::SubIOp::create(b, loc, lid, start);
    Value inChunk = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lid, start),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, local, slots));
    ifThen(b, loc, inChunk,
           [&] { StoreOp::create(b, loc, x, buf, ValueRange{local}); });
    barrier(b, loc, group);
    // Hillis-Steele (stride = 1 << k): read the partner, wait, then write.
    Value steps = c64(b, loc, llvm::Log2_64(kGroupScratchSlots));
    forRange(b, loc, zero, steps, one, [&](Value k) {
      Value s = arith::ShLIOp::create(b, loc, one, k);
      Value active = arith::AndIOp::create(
          b, loc, inChunk,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, local, s));
      auto read = scf::IfOp::create(b, loc, TypeRange{type}, active, true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(read.thenBlock());
        Value partner = arith::SubIOp::create(b, loc, local, s);
        Value v = LoadOp::create(b, loc, buf, ValueRange{partner});
        scf::YieldOp::create(b, loc, v);
        b.setInsertionPointToStart(read.elseBlock());
        scf::YieldOp::create(b, loc, identity(b, loc, op.getOp(), type));
      }
      barrier(b, loc, group);
      ifThen(b, loc, active, [&] {
        Value own = LoadOp::create(b, loc, buf, ValueRange{local});
        StoreOp::create(b, loc,
                        combine(b, loc, op.getOp(), read.getResult(0), own),
                        buf, ValueRange{local});
      });
      barrier(b, loc, group);
    });
    Value carry = memref::LoadOp::create(b, loc, carrySlot);
    ifThen(b, loc, inChunk, [&] {
      Value value;
      if (exclusive) {
        Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              local, zero);
        Value prev = arith::SelectOp::create(
            b, loc, isFirst, zero, arith::SubIOp::create(b, loc, local, one));
        Value before = LoadOp::create(b, loc, buf, ValueRange{prev});
        before = arith::SelectOp::create(
            b, loc, isFirst, identity(b, loc, op.getOp(), type), before);
        value = combine(b, loc, op.getOp(), carry, before);
      } else {
        value = combine(b, loc, op.getOp(), carry,
                        LoadOp::create(b, loc, buf, ValueRange{local}));
      }
      memref::StoreOp::create(b, loc, value, resultSlot);
    });
    Value remaining = arith::SubIOp::create(b, loc, size, start);
    Value last = arith::SubIOp::create(
        b, loc, arith::MinUIOp::create(b, loc, remaining, slots), one);
    Value total = LoadOp::create(b, loc, buf, ValueRange{last});
    barrier(b, loc, group);
    memref::StoreOp::create(b, loc, combine(b, loc, op.getOp(), carry, total),
                            carrySlot);
  });
  Value result = memref::LoadOp::create(b, loc, resultSlot);
  op.replaceAllUsesWith(result);
  op.erase();
}

void Expander::expand(GroupBroadcastOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value group = op.getGroup(), x = op.getValue(), source = op.getSource();
  auto [lid, size] = linearIdAndSize(b, loc, group);
  if (subGroupSize == 0) {
    op.replaceAllUsesWith(
        broadcastThroughLocalMemory(b, loc, group, lid, x, source));
    op.erase();
    return;
  }
  // A work-group of one sub-group (uniform: every work-item takes the same
  // branch, barrier included) broadcasts with one shuffle, its lanes being
  // its local linear ids.
  Value oneSubGroup = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                            size, c64(b, loc, subGroupSize));
  auto choice = scf::IfOp::create(b, loc, TypeRange{x.getType()}, oneSubGroup,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(choice.thenBlock());
    Value sg = GroupSubGroupOp::create(
        b, loc, SubGroupType::get(b.getContext()), group);
    Value v = SubGroupShuffleOp::create(b, loc, x.getType(), ShuffleMode::Index,
                                        sg, x, source);
    scf::YieldOp::create(b, loc, v);
    b.setInsertionPointToStart(choice.elseBlock());
    scf::YieldOp::create(
        b, loc, broadcastThroughLocalMemory(b, loc, group, lid, x, source));
  }
  op.replaceAllUsesWith(choice.getResult(0));
  op.erase();
}

struct ExpandGroupCollectivesPass
    : kiln::impl::KilnExpandGroupCollectivesBase<ExpandGroupCollectivesPass> {
  using KilnExpandGroupCollectivesBase::KilnExpandGroupCollectivesBase;

  void runOnOperation() override {
    getOperation().walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      Expander expander(func, subGroupSize);
      SmallVector<Operation *> collectives;
      func.walk([&](Operation *op) {
        if (isa<GroupReduceOp, GroupScanOp, GroupBroadcastOp>(op))
          collectives.push_back(op);
      });
      for (Operation *op : collectives)
        TypeSwitch<Operation *>(op)
            .Case<GroupReduceOp, GroupScanOp, GroupBroadcastOp>(
                [&](auto c) { expander.expand(c); });
    });
  }
};

} // namespace
