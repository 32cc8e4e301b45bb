//===- Sema.h - Type checker of Kiln kernel modules -------------*- C++ -*-===//
//
// Resolves names, checks and annotates every expression with its Type,
// applies the promotion and weak-literal rules of spec section 4 and makes
// every conversion an explicit CastExpr, rewriting the AST in place into the
// resolved node kinds that MLIRGen consumes. Errors are reported with their
// location and checking goes on (an expression with an error gets the
// Invalid type, which silences follow-up errors about it).
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_SEMA_H
#define KILN_FRONTEND_SEMA_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/ConstantFolder.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace kiln {

/// Type-checks `module` in place. Returns false if an error was reported.
bool checkModule(ast::Module &module, DiagnosticEngine &diags);

namespace detail {

class Sema {
public:
  explicit Sema(DiagnosticEngine &diags) : diags(diags) {}
  bool run(ast::Module &module);

private:
  // Module level (Sema.cpp).
  void checkConstants(ast::Module &module);
  void checkFunction(ast::FunctionDef &fn);
  void checkParameters(ast::FunctionDef &fn);
  Type resolveAnnotation(ast::Expr &e);
  std::optional<ScalarKind> scalarTypeName(const ast::Expr &e) const;
  void collectAssignedNames(const ast::StmtList &body);
  ast::VarDecl *declare(const std::string &name, SourceLoc loc, Type type);

  // Statements (Sema.cpp).
  void checkBlock(ast::StmtList &body);
  void checkStmt(ast::Stmt &s);
  void checkAssign(ast::AssignStmt &s);
  void checkAugAssign(ast::AugAssignStmt &s);
  void checkAnnAssign(ast::AnnAssignStmt &s);
  void checkFor(ast::ForStmt &s);
  void checkExprStmt(ast::ExprStmt &s);
  /// Checks an assignment target (a name or an array element) and converts
  /// `value` to its type; declares the name on first assignment.
  void assignTo(ast::ExprPtr &target, ast::ExprPtr &value);

  // Expressions (SemaExpr.cpp).
public:
  void checkExpr(ast::ExprPtr &e);

private:
  void checkName(ast::ExprPtr &e);
  void checkUnary(ast::ExprPtr &e);
  void checkBinary(ast::ExprPtr &e);
  void checkPow(ast::ExprPtr &e);
  void checkCompare(ast::ExprPtr &e);
  void checkBoolOp(ast::ExprPtr &e);
  void checkIfExp(ast::ExprPtr &e);
  void checkAttribute(ast::ExprPtr &e);
  void checkSubscript(ast::ExprPtr &e);
  void checkArrayElement(ast::ExprPtr &e, ast::VarDecl *array);

  // Calls (SemaCall.cpp).
  void checkCall(ast::ExprPtr &e);
  void checkCast(ast::ExprPtr &e, ScalarKind to);
  void checkItemMethod(ast::ExprPtr &e, ast::VarDecl *item,
                       const std::string &method, SourceLoc methodLoc);
  std::optional<unsigned> constantDimension(ast::ExprPtr &arg,
                                            llvm::StringRef what,
                                            unsigned limit);
  void diagnoseUnknownCallee(const ast::Expr &callee);
  /// Explains why a module-level or builtin name is not a value.
  void diagnoseNonValueName(const std::string &name, SourceLoc loc);

  // Typing helpers (SemaExpr.cpp).
  /// An Array or Item variable named by `e`, or null.
  ast::VarDecl *lookupObject(const ast::Expr &e) const;
  static bool isWeak(const ast::Expr &e);
  /// A constant operand that folds with another: a weak literal or a bool
  /// literal.
  static bool isFoldable(const ast::Expr &e);
  /// The type a weak literal takes next to a typed operand of type `other`.
  static Type weakJoin(const ast::Expr &weak, Type other);
  /// The common type of two checked scalar operands (weak rules applied).
  Type commonType(const ast::Expr &a, const ast::Expr &b);
  /// Gives a weak literal the type `t`; reports a literal that does not fit.
  bool coerceWeak(ast::ExprPtr &e, Type t);
  /// Converts `e` to `t` (coerces weak literals, wraps others in a Cast).
  void convertTo(ast::ExprPtr &e, Type t);
  /// Implicit-safe conversion (assignment); reports a conversion that needs
  /// an explicit cast.
  bool convertImplicitly(ast::ExprPtr &e, Type t, llvm::StringRef context);
  /// Turns a weak literal into its default type (int64 / float32).
  void finalizeWeak(ast::ExprPtr &e);
  /// Converts a condition to bool (Python truthiness).
  void convertToBool(ast::ExprPtr &e);
  /// Requires a scalar operand; reports otherwise.
  bool requireScalar(const ast::Expr &e, llvm::StringRef what);
  void replaceWithConstant(ast::ExprPtr &e, const FoldResult &r,
                           SourceLoc errorLoc);

  void error(SourceLoc loc, const llvm::Twine &message) {
    diags.error(loc, message);
  }

  DiagnosticEngine &diags;
  ast::Module *module = nullptr;
  ast::FunctionDef *fn = nullptr;
  llvm::StringMap<ast::VarDecl *> vars;
  llvm::StringSet<> assignedNames;
  llvm::StringMap<const ast::ConstantDef *> constants;
  llvm::StringSet<> ignoredNames;
  llvm::StringSet<> functionNames;
  bool inModuleConstant = false;
};

} // namespace detail
} // namespace kiln

#endif // KILN_FRONTEND_SEMA_H
