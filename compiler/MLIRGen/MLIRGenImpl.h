//===- MLIRGenImpl.h - State shared by the MLIRGen files --------*- C++ -*-===//
//
// Private to compiler/MLIRGen. MLIRGen.cpp holds kernels, types and
// variables, MLIRGenExpr.cpp expressions, MLIRGenStmt.cpp statements.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_MLIRGEN_MLIRGENIMPL_H
#define KILN_MLIRGEN_MLIRGENIMPL_H

#include "compiler/Frontend/AST.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace kiln {
namespace detail {

class MLIRGenImpl {
public:
  MLIRGenImpl(mlir::MLIRContext &ctx, llvm::StringRef filename)
      : ctx(ctx), builder(&ctx), filename(filename.str()) {}

  mlir::OwningOpRef<mlir::ModuleOp> run(const ast::Module &module);

private:
  // MLIRGen.cpp
  mlir::Location loc(SourceLoc l);
  mlir::Type toMLIR(Type t);
  void genKernel(const ast::FunctionDef &fn);
  mlir::Value readVar(const ast::VarDecl *d, mlir::Location l);
  void writeVar(const ast::VarDecl *d, mlir::Value v, mlir::Location l);
  mlir::Value constInt(mlir::Location l, Type t, ast::IntValue v);
  mlir::Value constFloat(mlir::Location l, Type t, double v);
  mlir::Value constBool(mlir::Location l, bool v);
  mlir::Value constI64(mlir::Location l, int64_t v);

  // MLIRGenExpr.cpp
  mlir::Value genExpr(const ast::Expr &e);
  /// `e` converted to `t`; a literal is materialized directly in `t`.
  mlir::Value genExprAs(const ast::Expr &e, Type t);
  mlir::Value genConvert(mlir::Value v, Type from, Type to, mlir::Location l);
  mlir::Value genUnary(const ast::UnaryExpr &e);
  mlir::Value genBinary(const ast::BinaryExpr &e);
  mlir::Value genArith(ast::BinOp op, mlir::Value a, mlir::Value b, Type t,
                       mlir::Location l);
  mlir::Value genPowConst(mlir::Value base, uint64_t exponent, Type t,
                          mlir::Location l);
  mlir::Value genCompare(const ast::CompareExpr &e);
  mlir::Value genComparePair(const ast::CompareExpr &e, size_t pair,
                             mlir::Value lhsRaw);
  mlir::Value genCmp(ast::CmpOp op, mlir::Value a, mlir::Value b, Type t,
                     mlir::Location l);
  mlir::Value genBoolOp(const ast::BoolOpExpr &e, size_t from);
  mlir::Value genIfExp(const ast::IfExpr &e);
  mlir::Value genItemQuery(const ast::ItemQueryExpr &e);
  mlir::Value genArraySize(const ast::ArraySizeExpr &e);
  llvm::SmallVector<mlir::Value, 3> genIndices(const ast::ArrayElementExpr &e);
  /// scf.if yielding one value of type `t`: thenFn/elseFn emit each arm.
  mlir::Value genIfValue(mlir::Location l, mlir::Value cond, mlir::Type t,
                         llvm::function_ref<mlir::Value()> thenFn,
                         llvm::function_ref<mlir::Value()> elseFn);
  mlir::Value internalError(const ast::Expr &e, llvm::StringRef what);

  // MLIRGenStmt.cpp
  void genBlock(const ast::StmtList &body, size_t from = 0);
  void genStmt(const ast::Stmt &s);
  void genAssign(const ast::AssignStmt &s);
  void genAugAssign(const ast::AugAssignStmt &s);
  void genIf(const ast::IfStmt &s);
  void genWhile(const ast::WhileStmt &s);
  void genFor(const ast::ForStmt &s);
  void storeTo(const ast::Expr &target, mlir::Value v);
  /// `cond` and the function has not returned yet (evaluates `cond` only
  /// when it has not), for loop conditions around a `return`.
  mlir::Value andNotExited(mlir::Location l,
                           llvm::function_ref<mlir::Value()> cond);

  mlir::MLIRContext &ctx;
  mlir::OpBuilder builder;
  std::string filename;
  /// memref<T> slots of locals and of parameters the body assigns to.
  llvm::DenseMap<const ast::VarDecl *, mlir::Value> slots;
  /// Block arguments of the kernel being emitted.
  llvm::DenseMap<const ast::VarDecl *, mlir::Value> args;
  /// memref<i1>, true once a `return` nested in control flow has run; null
  /// when the kernel has no such return.
  mlir::Value exitFlag;
  /// The target of the augmented assignment being emitted.
  const ast::VarDecl *augVar = nullptr;
  mlir::Value augArray;
  llvm::SmallVector<mlir::Value, 3> augIndices;
  bool failed = false;
};

/// Whether evaluating `e` has no effect and cannot misbehave (no loads, no
/// integer division), so that both arms of `a if c else b` may be evaluated.
bool isSpeculatable(const ast::Expr &e);
/// Whether `s` contains a `return`.
bool containsReturn(const ast::Stmt &s);

} // namespace detail
} // namespace kiln

#endif // KILN_MLIRGEN_MLIRGENIMPL_H
