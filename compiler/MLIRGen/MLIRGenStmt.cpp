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
using namespace kiln::detail;
using mlir::Value;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

bool kiln::detail::containsReturn(const ast::Stmt &s) {
  auto any = [](const ast::StmtList &list) {
    for (const auto &x : list)
      if (containsReturn(*x))
        return true;
    return false;
  };
  switch (s.kind) {
  case ast::Stmt::Kind::Return:
    return true;
  case ast::Stmt::Kind::If: {
    auto &i = llvm::cast<ast::IfStmt>(s);
    return any(i.thenBody) || any(i.elseBody);
  }
  case ast::Stmt::Kind::While:
    return any(llvm::cast<ast::WhileStmt>(s).body);
  case ast::Stmt::Kind::For:
    return any(llvm::cast<ast::ForStmt>(s).body);
  default:
    return false;
  }
}

void MLIRGenImpl::genBlock(const ast::StmtList &body, size_t from) {
  for (size_t i = from; i < body.size(); ++i) {
    const ast::Stmt &s = *body[i];
    if (llvm::isa<ast::ReturnStmt>(s)) {
      if (exitFlag) {
        mlir::Location l = loc(s.loc);
        mlir::memref::StoreOp::create(builder, l, constBool(l, true), exitFlag,
                                      mlir::ValueRange());
      }
      return; // The rest of the block is unreachable.
    }
    genStmt(s);
    if (exitFlag && i + 1 < body.size() && containsReturn(s)) {
      mlir::Location l = loc(body[i + 1]->loc);
      Value done = mlir::memref::LoadOp::create(builder, l, exitFlag,
                                                mlir::ValueRange());
      Value notDone = arith::XOrIOp::create(builder, l, done, constBool(l, true));
      auto ifOp = scf::IfOp::create(builder, l, notDone,
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
    if (a.value)
      storeTo(*a.target, genExpr(*a.value));
    return;
  }
  case ast::Stmt::Kind::If:
    return genIf(llvm::cast<ast::IfStmt>(s));
  case ast::Stmt::Kind::While:
    return genWhile(llvm::cast<ast::WhileStmt>(s));
  case ast::Stmt::Kind::For:
    return genFor(llvm::cast<ast::ForStmt>(s));
  case ast::Stmt::Kind::Pass:
  case ast::Stmt::Kind::Return: // Handled by genBlock.
    return;
  case ast::Stmt::Kind::Break:
  case ast::Stmt::Kind::Continue:
    mlir::emitError(loc(s.loc), "internal error: break/continue reached MLIRGen");
    failed = true;
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
    kiln::StoreOp::create(builder, l, v, args.lookup(elem->array),
                                indices);
    return;
  }
  mlir::emitError(l, "internal error: unexpected assignment target");
  failed = true;
}

void MLIRGenImpl::genAssign(const ast::AssignStmt &s) {
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
    augArray = args.lookup(elem.array);
    augIndices = genIndices(elem);
    Value v = genExpr(*s.combined);
    kiln::StoreOp::create(builder, l, v, augArray, augIndices);
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

Value MLIRGenImpl::andNotExited(mlir::Location l,
                                llvm::function_ref<Value()> cond) {
  Value done =
      mlir::memref::LoadOp::create(builder, l, exitFlag, mlir::ValueRange());
  return genIfValue(
      l, done, builder.getI1Type(), [&] { return constBool(l, false); }, cond);
}

void MLIRGenImpl::genWhile(const ast::WhileStmt &s) {
  mlir::Location l = loc(s.loc);
  bool checkExit = exitFlag && containsReturn(s);
  auto whileOp = scf::WhileOp::create(builder, l, mlir::TypeRange(),
                                      mlir::ValueRange());
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(&whileOp.getBefore());
  Value cond = checkExit ? andNotExited(l, [&] { return genExpr(*s.cond); })
                         : genExpr(*s.cond);
  scf::ConditionOp::create(builder, l, cond, mlir::ValueRange());
  builder.createBlock(&whileOp.getAfter());
  genBlock(s.body);
  scf::YieldOp::create(builder, l);
}

void MLIRGenImpl::genFor(const ast::ForStmt &s) {
  mlir::Location l = loc(s.loc);
  Type varType = s.var->type;
  // The counter is at least 64 bits wide so that `iv + step` cannot wrap
  // around past `stop` for narrow loop variables.
  Type counterType = varType.bitWidth() == 64
                         ? varType
                         : Type::scalar(integerKind(64, varType.isSignedInteger()));
  mlir::Type counterMLIR = toMLIR(counterType);
  Value start = genExprAs(*s.start, counterType);
  Value stop = genExprAs(*s.stop, counterType);
  Value step = genExprAs(*s.step, counterType);
  // Zero-extended narrow unsigned values are non-negative in i64, so signed
  // comparisons are right for every counter but a uint64 one.
  bool unsignedCmp = counterType.isUnsignedInteger();
  bool checkExit = exitFlag && containsReturn(s);

  auto whileOp = scf::WhileOp::create(builder, l, mlir::TypeRange{counterMLIR},
                                      mlir::ValueRange{start});
  mlir::OpBuilder::InsertionGuard guard(builder);
  mlir::Block *before =
      builder.createBlock(&whileOp.getBefore(), {}, {counterMLIR}, {l});
  Value iv = before->getArgument(0);
  auto inRange = [&]() -> Value {
    auto lt = unsignedCmp ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    auto gt = unsignedCmp ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    if (s.stepSign > 0)
      return arith::CmpIOp::create(builder, l, lt, iv, stop);
    if (s.stepSign < 0)
      return arith::CmpIOp::create(builder, l, gt, iv, stop);
    // Step known only at run time: step > 0 ? iv < stop : step < 0 && iv > stop
    // (a zero step runs no iteration rather than hanging).
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
  Value cond = checkExit ? andNotExited(l, inRange) : inRange();
  scf::ConditionOp::create(builder, l, cond, mlir::ValueRange{iv});

  mlir::Block *after =
      builder.createBlock(&whileOp.getAfter(), {}, {counterMLIR}, {l});
  Value current = after->getArgument(0);
  writeVar(s.var, genConvert(current, counterType, varType, l), l);
  genBlock(s.body);
  Value next = arith::AddIOp::create(builder, l, current, step);
  scf::YieldOp::create(builder, l, mlir::ValueRange{next});
}
