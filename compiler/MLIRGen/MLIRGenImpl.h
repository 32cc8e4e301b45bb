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
  /// A kernel or device function (a body-less declaration if extern).
  void genFunction(const ast::FunctionDef &fn);
  /// Creates `memref.alloca` (or another op) at the start of the entry
  /// block of the function being emitted.
  mlir::Value entryAlloca(mlir::Location l, mlir::Type elementType);
  mlir::Value readVar(const ast::VarDecl *d, mlir::Location l);
  /// The array an array variable holds: a parameter's or an allocation's
  /// value, or, for a row view (`r = a[i]`), the view of the array it was
  /// taken of at the indices kept when it was assigned.
  mlir::Value arrayOf(const ast::VarDecl *d, mlir::Location l);
  void writeVar(const ast::VarDecl *d, mlir::Value v, mlir::Location l);
  mlir::Value constInt(mlir::Location l, Type t, ast::IntValue v);
  mlir::Value constFloat(mlir::Location l, Type t, double v);
  /// An integer divisor that is never 0 (nor -1 if signed), and the flags
  /// "it was 0", "it was -1" (null when unsigned) (MLIRGenExpr.cpp).
  struct GuardedDivisor {
    mlir::Value divisor, isZero, isMinusOne;
  };
  GuardedDivisor guardDivisor(mlir::Location l, Type t, mlir::Value b);
  /// Integer `//` with the language's results for 0 and -1 divisors.
  mlir::Value integerFloorDiv(mlir::Location l, Type t, mlir::Value a,
                              mlir::Value b);
  /// Python float floor division (MLIRGenExpr.cpp).
  mlir::Value floatFloorDiv(mlir::Location l, Type t, mlir::Value a,
                            mlir::Value b);
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

  // MLIRGenComplex.cpp
  mlir::Value makeComplex(mlir::Location l, Type t, mlir::Value re,
                          mlir::Value im);
  /// The complex `t` with real part `re` and a zero imaginary part.
  mlir::Value constComplex(mlir::Location l, Type t, double re);
  /// A conversion whose target `to` is complex.
  mlir::Value genComplexConvert(mlir::Value v, Type from, Type to,
                                mlir::Location l);
  mlir::Value genComplexArith(ast::BinOp op, mlir::Value a, mlir::Value b,
                              mlir::Location l);
  /// complex(re, im), .real, .imag, .conjugate() and abs of a complex.
  mlir::Value genComplexBuiltin(const ast::BuiltinExpr &e);
  /// `cond ? a : b`, complex values part by part.
  mlir::Value selectValue(mlir::Location l, mlir::Value cond, mlir::Value a,
                          mlir::Value b);

  // MLIRGenBuiltins.cpp
  mlir::Value genBuiltin(const ast::BuiltinExpr &e);
  mlir::Value genMath(const ast::BuiltinExpr &e);
  mlir::Value genDeviceCall(const ast::DeviceCallExpr &e);
  mlir::Value genPrint(const ast::BuiltinExpr &e);
  struct AtomicTarget {
    mlir::Value array;
    llvm::SmallVector<mlir::Value, 3> indices;
    ast::MemoryOrder order;
    ast::MemoryScope scope;
  };
  AtomicTarget genAtomicTarget(const ast::Expr &ref);

  // MLIRGenStmt.cpp
  void genBlock(const ast::StmtList &body, size_t from = 0);
  void genStmt(const ast::Stmt &s);
  void genAssign(const ast::AssignStmt &s);
  /// Zeroes a private array (`PrivateArray(..., fill_zeros=True)`).
  void genZeroFill(mlir::Value array, const ast::BuiltinExpr &alloc);
  void genAugAssign(const ast::AugAssignStmt &s);
  void genIf(const ast::IfStmt &s);
  void genWhile(const ast::WhileStmt &s);
  void genFor(const ast::ForStmt &s);
  /// The number of values of range(start, stop, step) for a signed 64-bit
  /// counter and a step known only at run time (0 for a zero step).
  mlir::Value genTripCount(mlir::Location l, mlir::Value start,
                           mlir::Value stop, mlir::Value step);
  /// A loop's `else` clause, after the loop: runs unless the loop ended by
  /// `break` or `return`.
  void genLoopElse(const ast::StmtList &elseBody, mlir::Value breakFlag,
                   bool bodyReturns, mlir::Location l);
  void storeTo(const ast::Expr &target, mlir::Value v);
  /// `cond` unless one of the flags (memref<i1>, null ones ignored) is set,
  /// evaluating `cond` only when none is: loop conditions around `return`
  /// and `break`.
  mlir::Value unlessFlags(mlir::Location l, llvm::ArrayRef<mlir::Value> flags,
                          llvm::function_ref<mlir::Value()> cond);
  mlir::Value loadFlag(mlir::Location l, mlir::Value flag);
  void setFlag(mlir::Location l, mlir::Value flag, bool value);

  mlir::MLIRContext &ctx;
  mlir::OpBuilder builder;
  std::string filename;
  /// memref<T> slots of locals and of parameters the body assigns to.
  llvm::DenseMap<const ast::VarDecl *, mlir::Value> slots;
  /// Block arguments of the kernel being emitted.
  llvm::DenseMap<const ast::VarDecl *, mlir::Value> args;
  /// memref<i1>, true once a `return` nested in control flow has run; null
  /// when the function has no such return.
  mlir::Value exitFlag;
  /// memref<T> of a device function's result.
  mlir::Value resultSlot;
  /// The flags of the loops being emitted, innermost last: set by `break`
  /// and `continue` (null when the loop has none).
  struct LoopFlags {
    mlir::Value breakFlag, continueFlag;
  };
  llvm::SmallVector<LoopFlags, 4> loops;
  mlir::Block *entryBlock = nullptr;
  /// i64 slots holding the indices of AtomicRef locals.
  llvm::DenseMap<const ast::VarDecl *, llvm::SmallVector<mlir::Value, 3>>
      atomicSlots;
  /// i64 slots holding the indices of row-view locals (`r = a[i]`).
  llvm::DenseMap<const ast::VarDecl *, llvm::SmallVector<mlir::Value, 2>>
      viewSlots;
  /// Values of the parts of the chained or tuple assignment being emitted.
  llvm::SmallVector<mlir::Value, 4> parts;
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
/// The early exits `s` can take out of the statement list it is in:
/// a `return` anywhere, or a `break`/`continue` of the enclosing loop.
enum JumpKind : unsigned { JumpReturn = 1, JumpBreak = 2, JumpContinue = 4 };
unsigned jumpsOut(const ast::Stmt &s);
unsigned jumpsOut(const ast::StmtList &list);

} // namespace detail
} // namespace kiln

#endif // KILN_MLIRGEN_MLIRGENIMPL_H
