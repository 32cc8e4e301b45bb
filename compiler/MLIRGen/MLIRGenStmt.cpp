//===- MLIRGenStmt.cpp - Statements and structured control flow ----------===//
//
// `if` becomes scf.if, `while` and `for ... in range` become scf.while (no
// cf dialect). A `for` keeps a hidden counter as the scf.while argument and
// stores it into the loop variable's slot at the top of each iteration, so
// assigning to the variable in the body does not change the iteration (as
// in Python); bounds and step are evaluated once, before the loop. A
// `return` inside control flow sets an exit flag; the statements after the
// construct that contains it run under `scf.if (!flag)` and loop conditions
// test the flag.
//
//===----------------------------------------------------------------------===//
#include "compiler/MLIRGen/MLIRGenImpl.h"

#include "dialects/Kiln/IR/KilnOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace kiln;
using namespace kiln::ir;
using namespace kiln::detail;
using mlir::Value;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

bool kiln::detail::containsReturn(const ast::Stmt &s) {
  return jumpsOut(s) & JumpReturn;
}

unsigned kiln::detail::jumpsOut(const ast::StmtList &list) {
  unsigned mask = 0;
  for (const auto &x : list)
    mask |= jumpsOut(*x);
  return mask;
}

unsigned kiln::detail::jumpsOut(const ast::Stmt &s) {
  switch (s.kind) {
  case ast::Stmt::Kind::Return:
    return JumpReturn;
  case ast::Stmt::Kind::Break:
    return JumpBreak;
  case ast::Stmt::Kind::Continue:
    return JumpContinue;
  case ast::Stmt::Kind::If: {
    auto &i = llvm::cast<ast::IfStmt>(s);
    return jumpsOut(i.thenBody) | jumpsOut(i.elseBody);
  }
  // A loop's own break/continue stay inside it; its else clause's belong
  // to the enclosing loop.
  case ast::Stmt::Kind::While: {
    auto &w = llvm::cast<ast::WhileStmt>(s);
    return (jumpsOut(w.body) & JumpReturn) | jumpsOut(w.elseBody);
  }
  case ast::Stmt::Kind::For: {
    auto &f = llvm::cast<ast::ForStmt>(s);
    return (jumpsOut(f.body) & JumpReturn) | jumpsOut(f.elseBody);
  }
  default:
    return 0;
  }
}

Value MLIRGenImpl::loadFlag(mlir::Location l, Value flag) {
  return mlir::memref::LoadOp::create(builder, l, flag, mlir::ValueRange());
}

void MLIRGenImpl::setFlag(mlir::Location l, Value flag, bool value) {
  mlir::memref::StoreOp::create(builder, l, constBool(l, value), flag,
                                mlir::ValueRange());
}

void MLIRGenImpl::genBlock(const ast::StmtList &body, size_t from) {
  for (size_t i = from; i < body.size(); ++i) {
    const ast::Stmt &s = *body[i];
    mlir::Location l = loc(s.loc);
    // A jump ends the block: the rest is unreachable.
    if (auto *r = llvm::dyn_cast<ast::ReturnStmt>(&s)) {
      if (r->value && resultSlot)
        mlir::memref::StoreOp::create(builder, l, genExpr(*r->value),
                                      resultSlot, mlir::ValueRange());
      if (exitFlag)
        setFlag(l, exitFlag, true);
      return;
    }
    if (llvm::isa<ast::BreakStmt>(s)) {
      setFlag(l, loops.back().breakFlag, true);
      return;
    }
    if (llvm::isa<ast::ContinueStmt>(s)) {
      setFlag(l, loops.back().continueFlag, true);
      return;
    }
    genStmt(s);
    unsigned mask = jumpsOut(s);
    if (mask && i + 1 < body.size()) {
      // The rest runs only if `s` did not jump out.
      mlir::Location nl = loc(body[i + 1]->loc);
      Value jumped;
      auto add = [&](Value flag) {
        Value v = loadFlag(nl, flag);
        jumped =
            jumped ? Value(arith::OrIOp::create(builder, nl, jumped, v)) : v;
      };
      if (mask & JumpReturn)
        add(exitFlag);
      if (mask & JumpBreak)
        add(loops.back().breakFlag);
      if (mask & JumpContinue)
        add(loops.back().continueFlag);
      Value notJumped =
          arith::XOrIOp::create(builder, nl, jumped, constBool(nl, true));
      auto ifOp = scf::IfOp::create(builder, nl, notJumped,
                                    /*withElseRegion=*/false);
      mlir::OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      genBlock(body, i + 1);
      return;
    }
  }
}

void MLIRGenImpl::genStmt(const ast::Stmt &s) {
  switch (s.kind) {
  case ast::Stmt::Kind::Expr:
    genExpr(*llvm::cast<ast::ExprStmt>(s).expr);
    return;
  case ast::Stmt::Kind::Assign:
    return genAssign(llvm::cast<ast::AssignStmt>(s));
  case ast::Stmt::Kind::AugAssign:
    return genAugAssign(llvm::cast<ast::AugAssignStmt>(s));
  case ast::Stmt::Kind::AnnAssign: {
    auto &a = llvm::cast<ast::AnnAssignStmt>(s);
    if (a.value && a.value->type.isScalar())
      storeTo(*a.target, genExpr(*a.value));
    return;
  }
  case ast::Stmt::Kind::If:
    return genIf(llvm::cast<ast::IfStmt>(s));
  case ast::Stmt::Kind::While:
    return genWhile(llvm::cast<ast::WhileStmt>(s));
  case ast::Stmt::Kind::For:
    return genFor(llvm::cast<ast::ForStmt>(s));
  case ast::Stmt::Kind::Assert: {
    auto &a = llvm::cast<ast::AssertStmt>(s);
    kiln::ir::AssertOp::create(builder, loc(s.loc), genExpr(*a.cond));
    return;
  }
  case ast::Stmt::Kind::Pass:
  case ast::Stmt::Kind::Return: // Handled by genBlock.
  case ast::Stmt::Kind::Break:
  case ast::Stmt::Kind::Continue:
    return;
  }
}

void MLIRGenImpl::storeTo(const ast::Expr &target, Value v) {
  mlir::Location l = loc(target.loc);
  if (auto *ref = llvm::dyn_cast<ast::VarRefExpr>(&target)) {
    writeVar(ref->decl, v, l);
    return;
  }
  if (auto *elem = llvm::dyn_cast<ast::ArrayElementExpr>(&target)) {
    llvm::SmallVector<Value, 3> indices = genIndices(*elem);
    kiln::ir::StoreOp::create(builder, l, v, arrayOf(elem->array, l), indices);
    return;
  }
  mlir::emitError(l, "internal error: unexpected assignment target");
  failed = true;
}

void MLIRGenImpl::genZeroFill(Value array, const ast::BuiltinExpr &alloc) {
  mlir::Location l = loc(alloc.loc);
  mlir::Type elem = toMLIR(alloc.type.elementType());
  Value zero = arith::ConstantOp::create(
      builder, l, llvm::cast<mlir::TypedAttr>(builder.getZeroAttr(elem)));
  Value lb = arith::ConstantIndexOp::create(builder, l, 0);
  Value step = arith::ConstantIndexOp::create(builder, l, 1);
  mlir::OpBuilder::InsertionGuard guard(builder);
  // One scf.for per dimension (constant extents), a store in the innermost.
  llvm::SmallVector<Value, 3> indices;
  for (int64_t extent : alloc.shape) {
    Value ub = arith::ConstantIndexOp::create(builder, l, extent);
    auto loop = scf::ForOp::create(builder, l, lb, ub, step);
    builder.setInsertionPointToStart(loop.getBody());
    indices.push_back(arith::IndexCastOp::create(
        builder, l, builder.getI64Type(), loop.getInductionVar()));
  }
  kiln::ir::StoreOp::create(builder, l, zero, array, indices);
}

void MLIRGenImpl::genAssign(const ast::AssignStmt &s) {
  if (!s.stores.empty()) {
    // Chained / tuple assignment: every part of the value first, then the
    // targets left to right.
    auto saved = parts;
    parts.assign(s.parts.size(), Value());
    for (size_t j = 0; j < s.parts.size(); ++j)
      if (s.parts[j])
        parts[j] = genExpr(*s.parts[j]);
    for (const auto &[target, value] : s.stores)
      storeTo(*target, genExpr(*value));
    parts = saved;
    return;
  }
  if (s.targets.empty())
    return;
  if (auto *ref = llvm::dyn_cast<ast::VarRefExpr>(s.targets.front().get())) {
    // `r = AtomicRef(a, i)`: the indices are evaluated now and kept.
    if (const ast::AtomicRefExpr *a = ref->decl->atomicInit) {
      auto &indexSlots = atomicSlots[ref->decl];
      for (auto [k, index] : llvm::enumerate(a->indices))
        mlir::memref::StoreOp::create(builder, loc(index->loc), genExpr(*index),
                                      indexSlots[k], mlir::ValueRange());
      return;
    }
    // `r = a[i]`: the indices are evaluated now and kept; the view is made
    // where `r` is used.
    if (const ast::ArrayViewExpr *v = ref->decl->viewInit) {
      auto &indexSlots = viewSlots[ref->decl];
      for (auto [k, index] : llvm::enumerate(v->indices))
        mlir::memref::StoreOp::create(builder, loc(index->loc), genExpr(*index),
                                      indexSlots[k], mlir::ValueRange());
      return;
    }
    // Index objects are evaluated at each use; arrays were allocated in
    // the entry block. `PrivateArray(..., fill_zeros=True)` makes a zeroed
    // array each time the statement runs (as numba-dpex's does).
    if (ref->decl->init) {
      if (auto *alloc = llvm::dyn_cast<ast::BuiltinExpr>(ref->decl->init);
          alloc && alloc->fillZeros)
        genZeroFill(args.lookup(ref->decl), *alloc);
      return;
    }
  }
  // Python evaluates the value first, then the target's subscripts.
  Value v = genExpr(*s.value);
  storeTo(*s.targets.front(), v);
}

void MLIRGenImpl::genAugAssign(const ast::AugAssignStmt &s) {
  mlir::Location l = loc(s.loc);
  const ast::VarDecl *savedVar = augVar;
  Value savedArray = augArray;
  auto savedIndices = augIndices;
  if (auto *ref = llvm::dyn_cast<ast::VarRefExpr>(s.target.get())) {
    augVar = ref->decl;
    Value v = genExpr(*s.combined);
    writeVar(ref->decl, v, l);
  } else {
    // a[i] op= v: the indices are evaluated once, for the load and the store.
    auto &elem = llvm::cast<ast::ArrayElementExpr>(*s.target);
    augVar = nullptr;
    augArray = arrayOf(elem.array, l);
    augIndices = genIndices(elem);
    Value v = genExpr(*s.combined);
    kiln::ir::StoreOp::create(builder, l, v, augArray, augIndices);
  }
  augVar = savedVar;
  augArray = savedArray;
  augIndices = savedIndices;
}

void MLIRGenImpl::genIf(const ast::IfStmt &s) {
  mlir::Location l = loc(s.loc);
  Value cond = genExpr(*s.cond);
  auto ifOp = scf::IfOp::create(builder, l, cond,
                                /*withElseRegion=*/!s.elseBody.empty());
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  genBlock(s.thenBody);
  if (!s.elseBody.empty()) {
    builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    genBlock(s.elseBody);
  }
}

Value MLIRGenImpl::unlessFlags(mlir::Location l, llvm::ArrayRef<Value> flags,
                               llvm::function_ref<Value()> cond) {
  Value stop;
  for (Value f : flags) {
    if (!f)
      continue;
    Value v = loadFlag(l, f);
    stop = stop ? Value(arith::OrIOp::create(builder, l, stop, v)) : v;
  }
  if (!stop)
    return cond();
  return genIfValue(
      l, stop, builder.getI1Type(), [&] { return constBool(l, false); }, cond);
}

void MLIRGenImpl::genLoopElse(const ast::StmtList &elseBody, Value breakFlag,
                              bool bodyReturns, mlir::Location l) {
  if (elseBody.empty())
    return;
  Value skip;
  if (breakFlag)
    skip = loadFlag(l, breakFlag);
  if (bodyReturns && exitFlag) {
    Value v = loadFlag(l, exitFlag);
    skip = skip ? Value(arith::OrIOp::create(builder, l, skip, v)) : v;
  }
  if (!skip) {
    genBlock(elseBody);
    return;
  }
  Value run = arith::XOrIOp::create(builder, l, skip, constBool(l, true));
  auto ifOp = scf::IfOp::create(builder, l, run, /*withElseRegion=*/false);
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  genBlock(elseBody);
}

void MLIRGenImpl::genWhile(const ast::WhileStmt &s) {
  mlir::Location l = loc(s.loc);
  unsigned bodyJumps = jumpsOut(s.body);
  bool checkExit = exitFlag && (bodyJumps & JumpReturn);
  LoopFlags flags;
  if (bodyJumps & JumpBreak) {
    flags.breakFlag = entryAlloca(l, builder.getI1Type());
    setFlag(l, flags.breakFlag, false);
  }
  if (bodyJumps & JumpContinue)
    flags.continueFlag = entryAlloca(l, builder.getI1Type());
  auto whileOp =
      scf::WhileOp::create(builder, l, mlir::TypeRange(), mlir::ValueRange());
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(&whileOp.getBefore());
    Value cond =
        unlessFlags(l, {checkExit ? exitFlag : Value(), flags.breakFlag},
                    [&] { return genExpr(*s.cond); });
    scf::ConditionOp::create(builder, l, cond, mlir::ValueRange());
    builder.createBlock(&whileOp.getAfter());
    if (flags.continueFlag)
      setFlag(l, flags.continueFlag, false);
    loops.push_back(flags);
    genBlock(s.body);
    loops.pop_back();
    scf::YieldOp::create(builder, l);
  }
  genLoopElse(s.elseBody, flags.breakFlag, checkExit, l);
}

Value MLIRGenImpl::genTripCount(mlir::Location l, Value start, Value stop,
                                Value step) {
  // Exact in uint64 arithmetic: stop - start of a non-empty upward range is
  // below 2**64, and so is 0 - step for every negative step.
  auto i64 = builder.getI64Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(builder, l, i64, v);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value a, Value b) -> Value {
    return arith::CmpIOp::create(builder, l, p, a, b);
  };
  auto select = [&](Value cond, Value a, Value b) -> Value {
    return arith::SelectOp::create(builder, l, cond, a, b);
  };
  auto count = [&](Value distance, Value divisor) -> Value {
    Value below = arith::SubIOp::create(builder, l, distance, c(1));
    return arith::AddIOp::create(
        builder, l, arith::DivUIOp::create(builder, l, below, divisor), c(1));
  };
  Value up = cmp(arith::CmpIPredicate::sgt, step, c(0));
  Value down = cmp(arith::CmpIPredicate::slt, step, c(0));
  Value negated = arith::SubIOp::create(builder, l, c(0), step);
  // Divisors are 1 where their branch is not taken: a division by zero is
  // undefined even when its result is not selected.
  Value upTrips = count(arith::SubIOp::create(builder, l, stop, start),
                        select(up, step, c(1)));
  Value downTrips = count(arith::SubIOp::create(builder, l, start, stop),
                          select(down, negated, c(1)));
  Value goesUp = arith::AndIOp::create(
      builder, l, up, cmp(arith::CmpIPredicate::slt, start, stop));
  Value goesDown = arith::AndIOp::create(
      builder, l, down, cmp(arith::CmpIPredicate::sgt, start, stop));
  return select(goesUp, upTrips, select(goesDown, downTrips, c(0)));
}

void MLIRGenImpl::genFor(const ast::ForStmt &s) {
  mlir::Location l = loc(s.loc);
  Type varType = s.var->type;
  // The counter is at least 64 bits wide so that `iv + step` cannot wrap
  // around past `stop` for narrow loop variables.
  Type counterType =
      varType.bitWidth() == 64
          ? varType
          : Type::scalar(integerKind(64, varType.isSignedInteger()));
  mlir::Type counterMLIR = toMLIR(counterType);
  Value start = genExprAs(*s.start, counterType);
  Value stop = genExprAs(*s.stop, counterType);
  Value step = genExprAs(*s.step, counterType);
  // Zero-extended narrow unsigned values are non-negative in i64, so signed
  // comparisons are right for every counter but a uint64 one.
  bool unsignedCmp = counterType.isUnsignedInteger();
  // A step known only at run time (a grid-stride loop's global range): the
  // loop counts its trips from 0 to a count computed before it, so that
  // LLVM knows the trip count (and unrolls at run time) without knowing
  // the step's sign; the variable is start + trip * step.
  bool counted = s.stepSign == 0 && !unsignedCmp;
  Value trips = counted ? genTripCount(l, start, stop, step) : Value();
  unsigned bodyJumps = jumpsOut(s.body);
  bool checkExit = exitFlag && (bodyJumps & JumpReturn);
  LoopFlags flags;
  if (bodyJumps & JumpBreak) {
    flags.breakFlag = entryAlloca(l, builder.getI1Type());
    setFlag(l, flags.breakFlag, false);
  }
  if (bodyJumps & JumpContinue)
    flags.continueFlag = entryAlloca(l, builder.getI1Type());

  Value first = counted ? constInt(l, counterType, 0) : start;
  auto whileOp = scf::WhileOp::create(builder, l, mlir::TypeRange{counterMLIR},
                                      mlir::ValueRange{first});
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    mlir::Block *before =
        builder.createBlock(&whileOp.getBefore(), {}, {counterMLIR}, {l});
    Value iv = before->getArgument(0);
    auto inRange = [&]() -> Value {
      if (counted)
        return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ult, iv,
                                     trips);
      auto lt =
          unsignedCmp ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      auto gt =
          unsignedCmp ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      if (s.stepSign > 0)
        return arith::CmpIOp::create(builder, l, lt, iv, stop);
      if (s.stepSign < 0)
        return arith::CmpIOp::create(builder, l, gt, iv, stop);
      // Step known only at run time: step > 0 ? iv < stop : step < 0 && iv >
      // stop (a zero step runs no iteration rather than hanging).
      Value zero = constInt(l, counterType, 0);
      Value up = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::sgt,
                                       step, zero);
      Value down = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt,
                                         step, zero);
      Value below = arith::CmpIOp::create(builder, l, lt, iv, stop);
      Value above = arith::CmpIOp::create(builder, l, gt, iv, stop);
      Value goingUp = arith::AndIOp::create(builder, l, up, below);
      Value goingDown = arith::AndIOp::create(builder, l, down, above);
      return arith::OrIOp::create(builder, l, goingUp, goingDown);
    };
    Value cond = unlessFlags(
        l, {checkExit ? exitFlag : Value(), flags.breakFlag}, inRange);
    scf::ConditionOp::create(builder, l, cond, mlir::ValueRange{iv});

    mlir::Block *after =
        builder.createBlock(&whileOp.getAfter(), {}, {counterMLIR}, {l});
    Value current = after->getArgument(0);
    Value value = current;
    if (counted)
      value = arith::AddIOp::create(
          builder, l, start, arith::MulIOp::create(builder, l, current, step));
    writeVar(s.var, genConvert(value, counterType, varType, l), l);
    if (flags.continueFlag)
      setFlag(l, flags.continueFlag, false);
    loops.push_back(flags);
    genBlock(s.body);
    loops.pop_back();
    // `continue` skips the rest of the body, not the increment.
    Value next = counted
                     ? arith::AddIOp::create(builder, l, current,
                                             constInt(l, counterType, 1),
                                             arith::IntegerOverflowFlags::nuw)
                     : arith::AddIOp::create(builder, l, current, step);
    scf::YieldOp::create(builder, l, mlir::ValueRange{next});
  }
  genLoopElse(s.elseBody, flags.breakFlag, checkExit, l);
}
