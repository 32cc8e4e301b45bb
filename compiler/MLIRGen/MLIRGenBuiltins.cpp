//===- MLIRGenBuiltins.cpp - Builtins, device calls, atomics, print ------===//
//
// NdItem/Group/SubGroup queries become kiln.query (linear ids and ranges are
// composed row-major), numbers use arith and math (min/max with Python's
// semantics: `min(a, b)` is `b < a ? b : a`, so a NaN first operand wins),
// atomics and collectives map one to one onto kiln ops, and print builds
// one kiln.print per possible combination of its bool arguments (so that
// they print as True/False).
//
//===----------------------------------------------------------------------===//
#include "compiler/MLIRGen/MLIRGenImpl.h"

#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace kiln;
using namespace kiln::ir;
using namespace kiln::detail;
using namespace mlir;
using kiln::Type;
using B = ast::Builtin;

static kiln::ir::MemoryOrder toKiln(ast::MemoryOrder o) {
  return static_cast<kiln::ir::MemoryOrder>(static_cast<int>(o));
}
static kiln::ir::MemoryScope toKiln(ast::MemoryScope s) {
  return static_cast<kiln::ir::MemoryScope>(static_cast<int>(s));
}

Value MLIRGenImpl::genBuiltin(const ast::BuiltinExpr &e) {
  Location l = loc(e.loc);
  mlir::Type i64 = builder.getI64Type();
  auto query = [&](kiln::ir::QueryKind k, Value obj, unsigned d) -> Value {
    return kiln::ir::QueryOp::create(builder, l, i64, k, obj, d);
  };
  // (q0 * r1 + q1) * r2 + q2
  auto linear = [&](kiln::ir::QueryKind id, kiln::ir::QueryKind range,
                    Value obj) -> Value {
    Value acc = arith::MulIOp::create(builder, l, query(id, obj, 0),
                                      query(range, obj, 1));
    acc = arith::AddIOp::create(builder, l, acc, query(id, obj, 1));
    acc = arith::MulIOp::create(builder, l, acc, query(range, obj, 2));
    return arith::AddIOp::create(builder, l, acc, query(id, obj, 2));
  };
  auto product = [&](kiln::ir::QueryKind range, Value obj) -> Value {
    Value acc = arith::MulIOp::create(builder, l, query(range, obj, 0),
                                      query(range, obj, 1));
    return arith::MulIOp::create(builder, l, acc, query(range, obj, 2));
  };
  using QK = kiln::ir::QueryKind;
  switch (e.op) {
  case B::NdGlobalId:
    return query(QK::GlobalId, genExpr(*e.args[0]), e.dim);
  case B::NdLocalId:
    return query(QK::LocalId, genExpr(*e.args[0]), e.dim);
  case B::NdGlobalRange:
    return query(QK::GlobalRange, genExpr(*e.args[0]), e.dim);
  case B::NdLocalRange:
    return query(QK::LocalRange, genExpr(*e.args[0]), e.dim);
  case B::NdGlobalLinearId:
    return linear(QK::GlobalId, QK::GlobalRange, genExpr(*e.args[0]));
  case B::NdLocalLinearId:
    return linear(QK::LocalId, QK::LocalRange, genExpr(*e.args[0]));
  case B::NdGlobalLinearRange:
    return product(QK::GlobalRange, genExpr(*e.args[0]));
  case B::NdLocalLinearRange:
    return product(QK::LocalRange, genExpr(*e.args[0]));
  case B::Dimensions:
    return kiln::ir::ItemDimensionsOp::create(builder, l, i64,
                                              genExpr(*e.args[0]));
  case B::NdGetGroup:
    return kiln::ir::GetGroupOp::create(builder, l, toMLIR(Type::group()),
                                        genExpr(*e.args[0]));
  case B::NdGetSubGroup:
    return kiln::ir::GetSubGroupOp::create(builder, l, toMLIR(Type::subGroup()),
                                           genExpr(*e.args[0]));
  case B::GroupId:
    return query(QK::GroupId, genExpr(*e.args[0]), e.dim);
  case B::GroupRange:
    return query(QK::GroupRange, genExpr(*e.args[0]), e.dim);
  case B::GroupLocalRange:
    return query(QK::LocalRange, genExpr(*e.args[0]), e.dim);
  case B::GroupLinearId:
    return linear(QK::GroupId, QK::GroupRange, genExpr(*e.args[0]));
  case B::GroupLinearRange:
    return product(QK::GroupRange, genExpr(*e.args[0]));
  case B::GroupLocalLinearRange:
    return product(QK::LocalRange, genExpr(*e.args[0]));
  case B::GroupLeader: {
    // The local linear id is 0 exactly when every local id is 0.
    Value nd = genExpr(*e.args[0]);
    Value any = arith::OrIOp::create(builder, l, query(QK::LocalId, nd, 0),
                                     query(QK::LocalId, nd, 1));
    any = arith::OrIOp::create(builder, l, any, query(QK::LocalId, nd, 2));
    return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq, any,
                                 constI64(l, 0));
  }
  case B::SubGroupLocalId:
    return query(QK::SubGroupLocalId, genExpr(*e.args[0]), 0);
  case B::SubGroupLocalRange:
    return query(QK::SubGroupLocalRange, genExpr(*e.args[0]), 0);
  case B::SubGroupId:
    return query(QK::SubGroupId, genExpr(*e.args[0]), 0);
  case B::SubGroupRange:
    return query(QK::SubGroupRange, genExpr(*e.args[0]), 0);
  case B::SubGroupLeader:
    return arith::CmpIOp::create(
        builder, l, arith::CmpIPredicate::eq,
        query(QK::SubGroupLocalId, genExpr(*e.args[0]), 0), constI64(l, 0));

  case B::Min:
  case B::Max: {
    bool isMin = e.op == B::Min;
    Value acc = genExpr(*e.args[0]);
    for (size_t i = 1; i < e.args.size(); ++i) {
      Value x = genExpr(*e.args[i]);
      if (e.type.isFloat()) {
        // Python: the running extreme is replaced only by a strictly
        // smaller (larger) value.
        Value better = arith::CmpFOp::create(builder, l,
                                             isMin ? arith::CmpFPredicate::OLT
                                                   : arith::CmpFPredicate::OGT,
                                             x, acc);
        acc = arith::SelectOp::create(builder, l, better, x, acc);
      } else if (e.type.isSignedInteger()) {
        acc = isMin ? Value(arith::MinSIOp::create(builder, l, acc, x))
                    : Value(arith::MaxSIOp::create(builder, l, acc, x));
      } else {
        acc = isMin ? Value(arith::MinUIOp::create(builder, l, acc, x))
                    : Value(arith::MaxUIOp::create(builder, l, acc, x));
      }
    }
    return acc;
  }
  case B::ComplexMake:
  case B::ComplexReal:
  case B::ComplexImag:
  case B::ComplexConj:
    return genComplexBuiltin(e);
  case B::Abs: {
    if (e.args[0]->type.isComplex())
      return genComplexBuiltin(e);
    Value x = genExpr(*e.args[0]);
    if (e.type.isFloat())
      return math::AbsFOp::create(builder, l, x);
    if (e.type.isSignedInteger())
      return math::AbsIOp::create(builder, l, x);
    return x;
  }
  case B::Math:
    return genMath(e);
  case B::Select: {
    Value c = genExpr(*e.args[0]);
    Value a = genExpr(*e.args[1]);
    Value b = genExpr(*e.args[2]);
    return selectValue(l, c, a, b);
  }

  case B::LocalArray:
  case B::PrivateArray:
    return internalError(e, "array allocation outside an assignment");
  case B::GroupBarrier:
    kiln::ir::BarrierOp::create(builder, l, genExpr(*e.args[0]),
                                toKiln(e.scope));
    return Value();
  case B::SubGroupBarrier:
    kiln::ir::SubGroupBarrierOp::create(builder, l, genExpr(*e.args[0]));
    return Value();
  case B::AtomicFence:
    kiln::ir::AtomicFenceOp::create(builder, l, toKiln(e.order),
                                    toKiln(e.scope));
    return Value();

  case B::AtomicRMW: {
    AtomicTarget t = genAtomicTarget(*e.args[0]);
    Value v = genExpr(*e.args[1]);
    auto kind = static_cast<kiln::ir::AtomicKind>(static_cast<int>(e.atomic));
    return kiln::ir::AtomicRMWOp::create(builder, l, toMLIR(e.type), kind,
                                         t.array, t.indices, v, toKiln(t.order),
                                         toKiln(t.scope));
  }
  case B::AtomicLoad: {
    AtomicTarget t = genAtomicTarget(*e.args[0]);
    return kiln::ir::AtomicLoadOp::create(builder, l, toMLIR(e.type), t.array,
                                          t.indices, toKiln(t.order),
                                          toKiln(t.scope));
  }
  case B::AtomicStore: {
    AtomicTarget t = genAtomicTarget(*e.args[0]);
    Value v = genExpr(*e.args[1]);
    kiln::ir::AtomicStoreOp::create(builder, l, v, t.array, t.indices,
                                    toKiln(t.order), toKiln(t.scope));
    return Value();
  }
  case B::AtomicCompareExchange: {
    // numba-dpex's compare_exchange(expected, desired, expected_idx), SYCL's
    // compare_exchange_strong(expected&, desired): on failure the current
    // value is written back to `expected`. Arguments in source order.
    AtomicTarget t = genAtomicTarget(*e.args[0]);
    auto &expected = llvm::cast<ast::ArrayElementExpr>(*e.args[1]);
    Value desired = genExpr(*e.args[2]);
    llvm::SmallVector<Value, 3> expIndices = genIndices(expected);
    Value expArray = arrayOf(expected.array, l);
    mlir::Type elem = toMLIR(expected.type);
    Value exp =
        kiln::ir::LoadOp::create(builder, l, elem, expArray, expIndices);
    auto op = kiln::ir::AtomicCmpXchgOp::create(
        builder, l, elem, builder.getI1Type(), t.array, t.indices, exp, desired,
        toKiln(t.order), toKiln(t.scope));
    Value failedOp =
        arith::XOrIOp::create(builder, l, op.getSuccess(), constBool(l, true));
    auto ifOp = scf::IfOp::create(builder, l, failedOp,
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      kiln::ir::StoreOp::create(builder, l, op.getOld(), expArray, expIndices);
    }
    return op.getSuccess();
  }

  case B::Shuffle: {
    Value sg = genExpr(*e.args[0]);
    Value x = genExpr(*e.args[1]);
    Value offset = genExpr(*e.args[2]);
    auto mode = static_cast<kiln::ir::ShuffleMode>(static_cast<int>(e.shuffle));
    return kiln::ir::SubGroupShuffleOp::create(builder, l, x.getType(), mode,
                                               sg, x, offset);
  }
  case B::SubGroupReduce:
  case B::GroupReduce:
  case B::GroupScan: {
    Value g = genExpr(*e.args[0]);
    Value x = genExpr(*e.args[1]);
    auto op =
        static_cast<kiln::ir::CollectiveOp>(static_cast<int>(e.collective));
    if (e.op == B::SubGroupReduce)
      return kiln::ir::SubGroupReduceOp::create(builder, l, x.getType(), op, g,
                                                x);
    if (e.op == B::GroupReduce)
      return kiln::ir::GroupReduceOp::create(builder, l, x.getType(), op, g, x);
    return kiln::ir::GroupScanOp::create(builder, l, x.getType(),
                                         e.exclusive
                                             ? kiln::ir::ScanKind::Exclusive
                                             : kiln::ir::ScanKind::Inclusive,
                                         op, g, x);
  }
  case B::GroupBroadcast: {
    Value g = genExpr(*e.args[0]);
    Value x = genExpr(*e.args[1]);
    Value id = genExpr(*e.args[2]);
    return kiln::ir::GroupBroadcastOp::create(builder, l, x.getType(), g, x,
                                              id);
  }
  case B::Print:
    return genPrint(e);
  }
  return internalError(e, "unknown builtin");
}

MLIRGenImpl::AtomicTarget MLIRGenImpl::genAtomicTarget(const ast::Expr &ref) {
  AtomicTarget t;
  if (auto *a = llvm::dyn_cast<ast::AtomicRefExpr>(&ref)) {
    t.array = arrayOf(a->array, loc(ref.loc));
    for (auto &i : a->indices)
      t.indices.push_back(genExpr(*i));
    t.order = a->order;
    t.scope = a->scope;
    return t;
  }
  // A variable bound to an AtomicRef: its indices were kept in slots.
  auto &v = llvm::cast<ast::VarRefExpr>(ref);
  const ast::AtomicRefExpr *def = v.decl->atomicInit;
  Location l = loc(ref.loc);
  t.array = arrayOf(def->array, loc(ref.loc));
  for (Value slot : atomicSlots[v.decl])
    t.indices.push_back(memref::LoadOp::create(builder, l, slot, ValueRange()));
  t.order = def->order;
  t.scope = def->scope;
  return t;
}

Value MLIRGenImpl::genMath(const ast::BuiltinExpr &e) {
  Location l = loc(e.loc);
  llvm::SmallVector<Value, 3> x;
  for (auto &a : e.args)
    x.push_back(genExpr(*a));
  llvm::StringRef n = e.name;
  Type t = e.args[0]->type;
  if (n == "sqrt")
    return math::SqrtOp::create(builder, l, x[0]);
  if (n == "exp")
    return math::ExpOp::create(builder, l, x[0]);
  if (n == "exp2")
    return math::Exp2Op::create(builder, l, x[0]);
  if (n == "log")
    return math::LogOp::create(builder, l, x[0]);
  if (n == "log2")
    return math::Log2Op::create(builder, l, x[0]);
  if (n == "log10")
    return math::Log10Op::create(builder, l, x[0]);
  if (n == "sin")
    return math::SinOp::create(builder, l, x[0]);
  if (n == "cos")
    return math::CosOp::create(builder, l, x[0]);
  if (n == "tan")
    return math::TanOp::create(builder, l, x[0]);
  if (n == "asin")
    return math::AsinOp::create(builder, l, x[0]);
  if (n == "acos")
    return math::AcosOp::create(builder, l, x[0]);
  if (n == "atan")
    return math::AtanOp::create(builder, l, x[0]);
  if (n == "atan2")
    return math::Atan2Op::create(builder, l, x[0], x[1]);
  if (n == "sinh")
    return math::SinhOp::create(builder, l, x[0]);
  if (n == "cosh")
    return math::CoshOp::create(builder, l, x[0]);
  if (n == "tanh")
    return math::TanhOp::create(builder, l, x[0]);
  if (n == "pow")
    return math::PowFOp::create(builder, l, x[0], x[1]);
  if (n == "floor")
    return math::FloorOp::create(builder, l, x[0]);
  if (n == "ceil")
    return math::CeilOp::create(builder, l, x[0]);
  if (n == "trunc")
    return math::TruncOp::create(builder, l, x[0]);
  if (n == "fabs")
    return math::AbsFOp::create(builder, l, x[0]);
  if (n == "fmod")
    return arith::RemFOp::create(builder, l, x[0], x[1]);
  if (n == "copysign")
    return math::CopySignOp::create(builder, l, x[0], x[1]);
  if (n == "erf")
    return math::ErfOp::create(builder, l, x[0]);
  if (n == "fma")
    return math::FmaOp::create(builder, l, x[0], x[1], x[2]);
  if (n == "rsqrt")
    return math::RsqrtOp::create(builder, l, x[0]);
  if (n == "isnan")
    return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNO, x[0],
                                 x[0]);
  Value inf = constFloat(l, t, std::numeric_limits<double>::infinity());
  if (n == "isinf")
    return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OEQ,
                                 math::AbsFOp::create(builder, l, x[0]), inf);
  if (n == "isfinite")
    return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OLT,
                                 math::AbsFOp::create(builder, l, x[0]), inf);
  if (n == "hypot") {
    // Scaled to avoid overflow and underflow of x*x + y*y:
    //   m = max(|x|, |y|), r = m * sqrt(1 + (min(|x|, |y|) / m)**2);
    // m == 0 gives |x| + |y| (0, or NaN when one is NaN) and an infinite
    // operand gives +inf even with a NaN (as C's hypot and Python's).
    Value ax = math::AbsFOp::create(builder, l, x[0]);
    Value ay = math::AbsFOp::create(builder, l, x[1]);
    Value xBigger =
        arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OGT, ax, ay);
    Value big = arith::SelectOp::create(builder, l, xBigger, ax, ay);
    Value small = arith::SelectOp::create(builder, l, xBigger, ay, ax);
    Value ratio = arith::DivFOp::create(builder, l, small, big);
    Value sq = arith::MulFOp::create(builder, l, ratio, ratio);
    Value one = constFloat(l, t, 1.0);
    Value root = math::SqrtOp::create(
        builder, l, arith::AddFOp::create(builder, l, one, sq));
    Value r = arith::MulFOp::create(builder, l, big, root);
    Value zero = constFloat(l, t, 0.0);
    Value bigIsZero =
        arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OEQ, big, zero);
    r = arith::SelectOp::create(builder, l, bigIsZero,
                                arith::AddFOp::create(builder, l, ax, ay), r);
    Value xInf =
        arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OEQ, ax, inf);
    Value yInf =
        arith::CmpFOp::create(builder, l, arith::CmpFPredicate::OEQ, ay, inf);
    Value anyInf = arith::OrIOp::create(builder, l, xInf, yInf);
    return arith::SelectOp::create(builder, l, anyInf, inf, r);
  }
  return internalError(e, "unknown math function");
}

Value MLIRGenImpl::genDeviceCall(const ast::DeviceCallExpr &e) {
  Location l = loc(e.loc);
  llvm::SmallVector<Value> operands;
  for (auto &a : e.args)
    operands.push_back(genExpr(*a));
  llvm::SmallVector<mlir::Type, 1> results;
  if (e.callee->returnsValue)
    results.push_back(toMLIR(e.callee->resultType));
  auto call =
      kiln::ir::CallOp::create(builder, l, results, e.callee->symbol, operands);
  return results.empty() ? Value() : call->getResult(0);
}

Value MLIRGenImpl::genPrint(const ast::BuiltinExpr &e) {
  Location l = loc(e.loc);
  llvm::SmallVector<Value> values;
  llvm::SmallVector<bool> isBool;
  for (auto &a : e.args) {
    values.push_back(genExpr(*a));
    isBool.push_back(a->type.isBool());
  }
  // Split the format at its conversions; %B marks a bool argument.
  llvm::SmallVector<std::string> pieces(1);
  llvm::StringRef f = e.format;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] == '%' && i + 1 < f.size() && f[i + 1] == 'B') {
      pieces.emplace_back();
      ++i;
      continue;
    }
    pieces.back().push_back(f[i]);
    if (f[i] == '%' && i + 1 < f.size() && f[i + 1] == '%')
      pieces.back().push_back(f[++i]);
  }
  llvm::SmallVector<Value> bools, others;
  for (size_t i = 0; i < values.size(); ++i)
    (isBool[i] ? bools : others).push_back(values[i]);
  std::function<void(size_t, std::string)> emit = [&](size_t k,
                                                      std::string format) {
    if (k == bools.size()) {
      format += pieces[k];
      kiln::ir::PrintOp::create(builder, l, builder.getStringAttr(format),
                                others);
      return;
    }
    format += pieces[k];
    auto ifOp = scf::IfOp::create(builder, l, bools[k],
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emit(k + 1, format + "True");
    builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    emit(k + 1, format + "False");
  };
  emit(0, "");
  return Value();
}
