//===- AST.h - Abstract syntax tree of Kiln kernel modules ------*- C++ -*-===//
//
// The parser builds these nodes from the Python subset; the type checker
// (Sema) annotates every expression with its Type, resolves names, calls and
// attributes into the `resolved` node kinds below and inserts explicit
// CastExprs, so MLIRGen never has to infer a type or a conversion.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_FRONTEND_AST_H
#define KILN_FRONTEND_AST_H

#include "compiler/Frontend/Diagnostics.h"
#include "compiler/Frontend/Types.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kiln {
namespace ast {

/// Integer constants are kept wider than any Kiln type so that folding can
/// detect overflow; values live in [INT64_MIN, UINT64_MAX].
using IntValue = __int128;

enum class BinOp {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow,
  BitAnd, BitOr, BitXor, Shl, Shr, MatMul,
};
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn, Is, IsNot };
enum class BoolOpKind { And, Or };

const char *spelling(BinOp op);
const char *spelling(UnaryOp op);
const char *spelling(CmpOp op);

struct VarDecl;

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum class Kind {
    // Produced by the parser.
    IntLit, FloatLit, BoolLit, StringLit, NoneLit, EllipsisLit, Name, Unary,
    Binary, Compare, BoolOp, IfExp, Call, Attribute, Subscript, Tuple, Slice,
    Error,
    // Produced by Sema (the only kinds MLIRGen sees, with the literals,
    // Unary, Binary, Compare, BoolOp and IfExp).
    VarRef, Cast, ItemQuery, ArrayDim, ArraySize, ArrayElement, AugTarget,
  };

  Expr(Kind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;

  const Kind kind;
  SourceLoc loc;
  /// Set by Sema; Invalid before checking or after an error.
  Type type;
};
using ExprPtr = std::unique_ptr<Expr>;

#define KILN_EXPR_CLASSOF(K)                                                   \
  static bool classof(const Expr *e) { return e->kind == Kind::K; }

struct IntLiteral : Expr {
  IntLiteral(SourceLoc loc, IntValue value)
      : Expr(Kind::IntLit, loc), value(value) {}
  IntValue value;
  /// A Python literal is weak (spec section 4) until Sema gives it the type
  /// of the other operand or its default type.
  bool weak = true;
  KILN_EXPR_CLASSOF(IntLit)
};

struct FloatLiteral : Expr {
  FloatLiteral(SourceLoc loc, double value)
      : Expr(Kind::FloatLit, loc), value(value) {}
  double value;
  bool weak = true;
  KILN_EXPR_CLASSOF(FloatLit)
};

struct BoolLiteral : Expr {
  BoolLiteral(SourceLoc loc, bool value) : Expr(Kind::BoolLit, loc), value(value) {}
  bool value;
  KILN_EXPR_CLASSOF(BoolLit)
};

struct StringLiteral : Expr {
  StringLiteral(SourceLoc loc, std::string text)
      : Expr(Kind::StringLit, loc), text(std::move(text)) {}
  std::string text; ///< As written, quotes and prefix included.
  KILN_EXPR_CLASSOF(StringLit)
};

struct NoneLiteral : Expr {
  explicit NoneLiteral(SourceLoc loc) : Expr(Kind::NoneLit, loc) {}
  KILN_EXPR_CLASSOF(NoneLit)
};

struct EllipsisLiteral : Expr {
  explicit EllipsisLiteral(SourceLoc loc) : Expr(Kind::EllipsisLit, loc) {}
  KILN_EXPR_CLASSOF(EllipsisLit)
};

struct NameExpr : Expr {
  NameExpr(SourceLoc loc, std::string name)
      : Expr(Kind::Name, loc), name(std::move(name)) {}
  std::string name;
  KILN_EXPR_CLASSOF(Name)
};

struct UnaryExpr : Expr {
  UnaryExpr(SourceLoc loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, loc), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
  KILN_EXPR_CLASSOF(Unary)
};

struct BinaryExpr : Expr {
  BinaryExpr(SourceLoc opLoc, BinOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::Binary, lhs->loc), op(op), opLoc(opLoc),
        lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  BinOp op;
  SourceLoc opLoc; ///< The operator; `loc` is the start of the left operand.
  ExprPtr lhs, rhs;
  /// Sema, for `**`: the exponent when it is a non-negative integer
  /// constant (lowered to exact repeated multiplication); `rhs` then is that
  /// constant and is not evaluated.
  std::optional<uint64_t> constExponent;
  KILN_EXPR_CLASSOF(Binary)
};

/// `a < b <= c`: operands.size() == ops.size() + 1. Every operand is
/// evaluated once; pair i compares operands i and i+1 in pairTypes[i].
struct CompareExpr : Expr {
  CompareExpr(SourceLoc loc) : Expr(Kind::Compare, loc) {}
  std::vector<ExprPtr> operands;
  std::vector<CmpOp> ops;
  std::vector<SourceLoc> opLocs;
  /// Sema: the type each pair is compared in (operands are converted to it;
  /// a literal operand is materialized directly in it).
  std::vector<Type> pairTypes;
  KILN_EXPR_CLASSOF(Compare)
};

/// `a and b and c` (short-circuit). After Sema every value is bool.
struct BoolOpExpr : Expr {
  BoolOpExpr(SourceLoc loc, BoolOpKind op) : Expr(Kind::BoolOp, loc), op(op) {}
  BoolOpKind op;
  std::vector<ExprPtr> values;
  KILN_EXPR_CLASSOF(BoolOp)
};

/// `a if cond else b`.
struct IfExpr : Expr {
  IfExpr(SourceLoc loc, ExprPtr cond, ExprPtr thenValue, ExprPtr elseValue)
      : Expr(Kind::IfExp, loc), cond(std::move(cond)),
        thenValue(std::move(thenValue)), elseValue(std::move(elseValue)) {}
  ExprPtr cond, thenValue, elseValue;
  KILN_EXPR_CLASSOF(IfExp)
};

struct Keyword {
  std::string name;
  SourceLoc loc;
  ExprPtr value;
};

struct CallExpr : Expr {
  CallExpr(SourceLoc loc, ExprPtr callee)
      : Expr(Kind::Call, loc), callee(std::move(callee)) {}
  ExprPtr callee;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  KILN_EXPR_CLASSOF(Call)
};

struct AttributeExpr : Expr {
  AttributeExpr(SourceLoc loc, ExprPtr value, std::string attr, SourceLoc attrLoc)
      : Expr(Kind::Attribute, loc), value(std::move(value)),
        attr(std::move(attr)), attrLoc(attrLoc) {}
  ExprPtr value;
  std::string attr;
  SourceLoc attrLoc;
  KILN_EXPR_CLASSOF(Attribute)
};

struct SubscriptExpr : Expr {
  SubscriptExpr(SourceLoc loc, ExprPtr value, ExprPtr index)
      : Expr(Kind::Subscript, loc), value(std::move(value)),
        index(std::move(index)) {}
  ExprPtr value;
  ExprPtr index; ///< A TupleExpr for `a[i, j]`.
  KILN_EXPR_CLASSOF(Subscript)
};

struct TupleExpr : Expr {
  TupleExpr(SourceLoc loc) : Expr(Kind::Tuple, loc) {}
  std::vector<ExprPtr> elements;
  bool parenthesized = false;
  KILN_EXPR_CLASSOF(Tuple)
};

struct SliceExpr : Expr {
  SliceExpr(SourceLoc loc) : Expr(Kind::Slice, loc) {}
  ExprPtr lower, upper, step; ///< Each may be null.
  KILN_EXPR_CLASSOF(Slice)
};

/// Stands for an expression that failed to parse (already diagnosed).
struct ErrorExpr : Expr {
  explicit ErrorExpr(SourceLoc loc) : Expr(Kind::Error, loc) {}
  KILN_EXPR_CLASSOF(Error)
};

/// A read of a parameter or local variable.
struct VarRefExpr : Expr {
  VarRefExpr(SourceLoc loc, VarDecl *decl) : Expr(Kind::VarRef, loc), decl(decl) {}
  VarDecl *decl;
  KILN_EXPR_CLASSOF(VarRef)
};

/// A conversion of `operand` to `type` (Python cast semantics: float to int
/// truncates toward zero, int to narrower int wraps, x to bool is x != 0).
struct CastExpr : Expr {
  CastExpr(SourceLoc loc, ExprPtr operand, Type to, bool isImplicit)
      : Expr(Kind::Cast, loc), operand(std::move(operand)),
        isImplicit(isImplicit) {
    type = to;
  }
  ExprPtr operand;
  bool isImplicit;
  KILN_EXPR_CLASSOF(Cast)
};

enum class ItemQuery { Id, Range, LinearId, Dimensions };

/// `item.get_id(d)`, `item.get_range(d)`, `item.get_linear_id()`,
/// `item.dimensions`; all int64.
struct ItemQueryExpr : Expr {
  ItemQueryExpr(SourceLoc loc, ItemQuery query, VarDecl *item, unsigned dim)
      : Expr(Kind::ItemQuery, loc), query(query), item(item), dim(dim) {}
  ItemQuery query;
  VarDecl *item;
  unsigned dim;
  KILN_EXPR_CLASSOF(ItemQuery)
};

/// `a.shape[d]` (int64), d already normalized to 0..rank-1.
struct ArrayDimExpr : Expr {
  ArrayDimExpr(SourceLoc loc, VarDecl *array, unsigned dim)
      : Expr(Kind::ArrayDim, loc), array(array), dim(dim) {}
  VarDecl *array;
  unsigned dim;
  KILN_EXPR_CLASSOF(ArrayDim)
};

/// `a.size`: the product of the extents (int64).
struct ArraySizeExpr : Expr {
  ArraySizeExpr(SourceLoc loc, VarDecl *array)
      : Expr(Kind::ArraySize, loc), array(array) {}
  VarDecl *array;
  KILN_EXPR_CLASSOF(ArraySize)
};

/// `a[i, j]` as a load or a store target; one int64 index per dimension.
struct ArrayElementExpr : Expr {
  ArrayElementExpr(SourceLoc loc, VarDecl *array)
      : Expr(Kind::ArrayElement, loc), array(array) {}
  VarDecl *array;
  std::vector<ExprPtr> indices;
  KILN_EXPR_CLASSOF(ArrayElement)
};

/// In an augmented assignment's combined expression, the current value of
/// the target (whose indices are evaluated only once).
struct AugTargetExpr : Expr {
  AugTargetExpr(SourceLoc loc, Type t) : Expr(Kind::AugTarget, loc) { type = t; }
  KILN_EXPR_CLASSOF(AugTarget)
};

#undef KILN_EXPR_CLASSOF

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
    Expr, Assign, AugAssign, AnnAssign, If, While, For, Pass, Break,
    Continue, Return,
  };
  Stmt(Kind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;
  const Kind kind;
  SourceLoc loc;
};
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

#define KILN_STMT_CLASSOF(K)                                                   \
  static bool classof(const Stmt *s) { return s->kind == Kind::K; }

struct ExprStmt : Stmt {
  ExprStmt(SourceLoc loc, ExprPtr expr) : Stmt(Kind::Expr, loc), expr(std::move(expr)) {}
  ExprPtr expr;
  KILN_STMT_CLASSOF(Expr)
};

/// `t1 = t2 = value` (Sema accepts a single target in this version).
struct AssignStmt : Stmt {
  AssignStmt(SourceLoc loc) : Stmt(Kind::Assign, loc) {}
  std::vector<ExprPtr> targets;
  ExprPtr value; ///< Sema: converted to the target's type.
  KILN_STMT_CLASSOF(Assign)
};

/// `target op= value`.
struct AugAssignStmt : Stmt {
  AugAssignStmt(SourceLoc loc, BinOp op) : Stmt(Kind::AugAssign, loc), op(op) {}
  ExprPtr target;
  BinOp op;
  SourceLoc opLoc;
  ExprPtr value;
  /// Sema: `target op value` (reading the target through an AugTargetExpr),
  /// converted to the target's type; this is what MLIRGen stores.
  ExprPtr combined;
  KILN_STMT_CLASSOF(AugAssign)
};

/// `target: annotation [= value]`.
struct AnnAssignStmt : Stmt {
  AnnAssignStmt(SourceLoc loc) : Stmt(Kind::AnnAssign, loc) {}
  ExprPtr target, annotation, value;
  KILN_STMT_CLASSOF(AnnAssign)
};

/// `if`/`elif`/`else`; an `elif` is an IfStmt alone in `elseBody`.
struct IfStmt : Stmt {
  IfStmt(SourceLoc loc) : Stmt(Kind::If, loc) {}
  ExprPtr cond;
  StmtList thenBody, elseBody;
  KILN_STMT_CLASSOF(If)
};

struct WhileStmt : Stmt {
  WhileStmt(SourceLoc loc) : Stmt(Kind::While, loc) {}
  ExprPtr cond;
  StmtList body, elseBody;
  KILN_STMT_CLASSOF(While)
};

/// `for target in iter:`; Sema accepts `range(...)` and fills the fields
/// below it.
struct ForStmt : Stmt {
  ForStmt(SourceLoc loc) : Stmt(Kind::For, loc) {}
  ExprPtr target, iter;
  StmtList body, elseBody;
  // Sema:
  VarDecl *var = nullptr;
  ExprPtr start, stop, step; ///< All of type `var->type`.
  /// +1 or -1 when the step is a constant; 0 when only known at run time.
  int stepSign = 0;
  KILN_STMT_CLASSOF(For)
};

struct PassStmt : Stmt {
  explicit PassStmt(SourceLoc loc) : Stmt(Kind::Pass, loc) {}
  KILN_STMT_CLASSOF(Pass)
};
struct BreakStmt : Stmt {
  explicit BreakStmt(SourceLoc loc) : Stmt(Kind::Break, loc) {}
  KILN_STMT_CLASSOF(Break)
};
struct ContinueStmt : Stmt {
  explicit ContinueStmt(SourceLoc loc) : Stmt(Kind::Continue, loc) {}
  KILN_STMT_CLASSOF(Continue)
};
struct ReturnStmt : Stmt {
  explicit ReturnStmt(SourceLoc loc) : Stmt(Kind::Return, loc) {}
  ExprPtr value;
  KILN_STMT_CLASSOF(Return)
};

#undef KILN_STMT_CLASSOF

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// A parameter or local variable of a compiled function.
struct VarDecl {
  std::string name;
  SourceLoc loc;
  Type type;
  bool isParam = false;
  unsigned paramIndex = 0;
  /// A parameter that the body assigns to (MLIRGen copies it to memory).
  bool isAssigned = false;
};

struct Param {
  std::string name;
  SourceLoc loc;
  ExprPtr annotation;   ///< May be null.
  ExprPtr defaultValue; ///< May be null.
  bool isStar = false;  ///< `*args` or `**kwargs` (always an error).
};

enum class FunctionKind { Kernel, DeviceFunc };

struct FunctionDef {
  std::string name;
  SourceLoc loc;
  FunctionKind kind = FunctionKind::Kernel;
  SourceLoc decoratorLoc;
  bool decoratorHasArgs = false;
  std::vector<Param> params;
  ExprPtr returns; ///< The `-> T` annotation, may be null.
  StmtList body;
  // Sema:
  std::vector<std::unique_ptr<VarDecl>> decls; ///< Parameters first.
  std::vector<VarDecl *> paramDecls;
};

/// `NAME = <constant expression>` or `NAME: T = <constant expression>` at
/// module level.
struct ConstantDef {
  std::string name;
  SourceLoc loc;
  ExprPtr annotation; ///< May be null.
  ExprPtr value;      ///< Sema: folded to a single literal.
  bool isConstant = false; ///< Sema: the value folded.
};

struct Module {
  std::string filename;
  std::vector<ConstantDef> constants;
  std::vector<std::unique_ptr<FunctionDef>> functions;
  /// Other names bound at module level by ignored statements (imports,
  /// undecorated functions, non-constant assignments), for diagnostics.
  std::vector<std::string> ignoredNames;
};

/// Prints the (checked or unchecked) tree, one node per line, indented,
/// with each expression's type once Sema has run.
void dump(const Module &module, llvm::raw_ostream &os);
void dump(const Expr &expr, llvm::raw_ostream &os, unsigned indent = 0);

/// Decimal spelling of an IntValue.
std::string toString(IntValue v);

} // namespace ast
} // namespace kiln

#endif // KILN_FRONTEND_AST_H
