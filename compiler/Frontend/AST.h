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

#include "compiler/Frontend/ConstantValue.h"
#include "compiler/Frontend/Diagnostics.h"
#include "compiler/Frontend/ModulePaths.h"
#include "compiler/Frontend/Types.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kiln {
namespace ast {

/// Integer constants as the folder computes them (ConstantValue.h).
using IntValue = ::kiln::IntValue;

enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
  MatMul,
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
    IntLit,
    FloatLit,
    BoolLit,
    StringLit,
    NoneLit,
    EllipsisLit,
    Name,
    Unary,
    Binary,
    Compare,
    BoolOp,
    IfExp,
    Call,
    Attribute,
    Subscript,
    Tuple,
    Slice,
    Error,
    // Produced by Sema (the only kinds MLIRGen sees, with the literals,
    // Unary, Binary, Compare, BoolOp and IfExp).
    VarRef,
    Cast,
    ItemQuery,
    ArrayDim,
    ArraySize,
    ArrayElement,
    AugTarget,
    Builtin,
    DeviceCall,
    AtomicRef,
    TempRef,
    ArrayView,
  };

  Expr(Kind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;

  const Kind kind;
  SourceLoc loc;
  /// Set by Sema; Invalid before checking or after an error.
  Type type;
  /// Levels of nesting below and including this node, as the parser built
  /// it (parse-tree height; an `and`/`or` or comparison chain counts one
  /// level per operand, since MLIRGen nests them). The parser bounds it, so
  /// that every recursive walk of the tree stays within the stack.
  unsigned height = 1;
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
  BoolLiteral(SourceLoc loc, bool value)
      : Expr(Kind::BoolLit, loc), value(value) {}
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
      : Expr(Kind::Binary, lhs->loc), op(op), opLoc(opLoc), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
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
  AttributeExpr(SourceLoc loc, ExprPtr value, std::string attr,
                SourceLoc attrLoc)
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
  VarRefExpr(SourceLoc loc, VarDecl *decl)
      : Expr(Kind::VarRef, loc), decl(decl) {}
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

enum class ItemQuery { Id, Range, LinearId, LinearRange, Dimensions };

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

/// `a[i]` of a 2-D or 3-D array (`a[i, j]` of a 3-D one): the row view of
/// the leading indices, an array of the remaining dimensions viewing the
/// same memory (Numba's partial indexing). Only the value of an assignment
/// to a name (`r = a[i]`); one int64 index per leading dimension.
struct ArrayViewExpr : Expr {
  ArrayViewExpr(SourceLoc loc, VarDecl *array)
      : Expr(Kind::ArrayView, loc), array(array) {}
  VarDecl *array;
  std::vector<ExprPtr> indices;
  KILN_EXPR_CLASSOF(ArrayView)
};

/// In an augmented assignment's combined expression, the current value of
/// the target (whose indices are evaluated only once).
struct AugTargetExpr : Expr {
  AugTargetExpr(SourceLoc loc, Type t) : Expr(Kind::AugTarget, loc) {
    type = t;
  }
  KILN_EXPR_CLASSOF(AugTarget)
};

/// Memory orders and scopes (spec section 2); the values are those of the
/// kiln dialect's enums.
enum class MemoryOrder { Relaxed, Acquire, Release, AcqRel, SeqCst };
enum class MemoryScope { WorkItem, SubGroup, WorkGroup, Device, System };
const char *spelling(MemoryOrder o);
const char *spelling(MemoryScope s);

/// The builtins of spec sections 3, 5 and 6 after Sema resolved them.
enum class Builtin {
  // NdItem methods; args[0] is the NdItem.
  NdGlobalId,
  NdLocalId,
  NdGlobalRange,
  NdLocalRange,
  NdGlobalLinearId,
  NdLocalLinearId,
  NdGetGroup,
  NdGetSubGroup,
  NdGlobalLinearRange,
  NdLocalLinearRange,
  /// `dimensions` of an NdItem or a Group (args[0]): the launch's rank.
  Dimensions,
  // Group methods; args[0] is the Group. GroupLeader: args[0] is the NdItem
  // the group came from.
  GroupId,
  GroupRange,
  GroupLocalRange,
  GroupLinearId,
  GroupLinearRange,
  GroupLocalLinearRange,
  GroupLeader,
  // SubGroup methods; args[0] is the SubGroup.
  SubGroupLocalId,
  SubGroupLocalRange,
  SubGroupId,
  SubGroupRange,
  SubGroupLeader,
  // Numbers: min/max (args of the result type), abs, `math.*`, fma, rsqrt
  // (`name` is the function), select(c, a, b).
  Min,
  Max,
  Abs,
  Math,
  Select,
  // Complex numbers: args[0] the complex value (ComplexMake: the real and
  // imaginary parts, already of the result's part type).
  ComplexMake,
  ComplexReal,
  ComplexImag,
  ComplexConj,
  // Memory: local_array / private_array (shape in `shape`, the result type
  // is the array type); barriers and fences.
  LocalArray,
  PrivateArray,
  GroupBarrier,
  SubGroupBarrier,
  AtomicFence,
  // Atomics: args[0] is the AtomicRef (an AtomicRefExpr or a variable).
  // AtomicRMW: `atomic` is the operation, args[1] the operand;
  // AtomicStore: args[1] the value; AtomicCompareExchange: args[1] the
  // `expected` element (an ArrayElementExpr, read and on failure written),
  // args[2] the desired value.
  AtomicRMW,
  AtomicLoad,
  AtomicStore,
  AtomicCompareExchange,
  // Collectives: args[0] the SubGroup / Group, args[1] the value, args[2]
  // the lane / delta / mask / source id (int64).
  Shuffle,
  SubGroupReduce,
  GroupReduce,
  GroupBroadcast,
  GroupScan,
  // print: `format` is the printf format; args are the values (already
  // widened: i32/i64 integers, f64 floats). Bool arguments are args too,
  // printed as True/False: `format` then has a `%B` placeholder for each.
  Print,
};

/// The read-modify-write atomics (values of the kiln dialect's AtomicKind).
enum class AtomicOp { Add, Sub, Min, Max, UMin, UMax, And, Or, Xor, Exchange };
/// Collective combiners (values of the kiln dialect's CollectiveOp).
enum class CollectiveOp { Add, Min, Max, UMin, UMax, And, Or, Xor };
/// Shuffle kinds (values of the kiln dialect's ShuffleMode).
enum class ShuffleMode { Index, Down, Up, Xor };

/// A call to a builtin, resolved by Sema: arguments checked and converted.
struct BuiltinExpr : Expr {
  BuiltinExpr(SourceLoc loc, Builtin op) : Expr(Kind::Builtin, loc), op(op) {}
  Builtin op;
  std::vector<ExprPtr> args;
  unsigned dim = 0;           ///< Index-space queries.
  std::string name;           ///< Math: `sqrt`, `atan2`, `fma`, ...
  std::vector<int64_t> shape; ///< LocalArray / PrivateArray.
  MemoryOrder order = MemoryOrder::Relaxed;   ///< AtomicFence.
  MemoryScope scope = MemoryScope::WorkGroup; ///< Barrier / fence.
  AtomicOp atomic = AtomicOp::Add;
  CollectiveOp collective = CollectiveOp::Add;
  ShuffleMode shuffle = ShuffleMode::Index;
  bool exclusive = false; ///< GroupScan.
  bool fillZeros = false; ///< PrivateArray(..., fill_zeros=True).
  std::string format;     ///< Print.
  KILN_EXPR_CLASSOF(Builtin)
};

struct FunctionDef;

/// A call to a device function; arguments converted to the parameter types.
struct DeviceCallExpr : Expr {
  DeviceCallExpr(SourceLoc loc, FunctionDef *callee)
      : Expr(Kind::DeviceCall, loc), callee(callee) {}
  FunctionDef *callee;
  std::vector<ExprPtr> args;
  KILN_EXPR_CLASSOF(DeviceCall)
};

/// `AtomicRef(array, index, memory_order=..., memory_scope=...)`: a
/// reference to one element, typed AtomicRef.
struct AtomicRefExpr : Expr {
  AtomicRefExpr(SourceLoc loc, VarDecl *array)
      : Expr(Kind::AtomicRef, loc), array(array) {}
  VarDecl *array;
  std::vector<ExprPtr> indices; ///< int64, one per dimension.
  MemoryOrder order = MemoryOrder::Relaxed;
  MemoryScope scope = MemoryScope::Device;
  KILN_EXPR_CLASSOF(AtomicRef)
};

/// In a chained or tuple assignment, the value of right-hand part `index`
/// (evaluated once, before any target is assigned).
struct TempRefExpr : Expr {
  TempRefExpr(SourceLoc loc, unsigned index, Type t)
      : Expr(Kind::TempRef, loc), index(index) {
    type = t;
  }
  unsigned index;
  KILN_EXPR_CLASSOF(TempRef)
};

#undef KILN_EXPR_CLASSOF

/// The height of a parser-built node from its direct children's heights
/// (not recursive).
unsigned heightFromChildren(const Expr &e);

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
    Expr,
    Assign,
    AugAssign,
    AnnAssign,
    If,
    While,
    For,
    Pass,
    Break,
    Continue,
    Return,
    Assert,
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
  ExprStmt(SourceLoc loc, ExprPtr expr)
      : Stmt(Kind::Expr, loc), expr(std::move(expr)) {}
  ExprPtr expr;
  KILN_STMT_CLASSOF(Expr)
};

/// `t1 = t2 = value`, `a, b = x, y`.
struct AssignStmt : Stmt {
  AssignStmt(SourceLoc loc) : Stmt(Kind::Assign, loc) {}
  std::vector<ExprPtr> targets;
  ExprPtr value; ///< Sema: converted to the target's type (one target).
  /// Sema, for chained and tuple assignment: the parts of the right-hand
  /// side, evaluated first and in order (TempRefExpr i reads part i; a
  /// literal part is null, its uses are copies of it), then `stores` in
  /// order: (target, value converted to the target's type).
  std::vector<ExprPtr> parts;
  std::vector<std::pair<ExprPtr, ExprPtr>> stores;
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
  ExprPtr value; ///< Sema: converted to the function's result type.
  KILN_STMT_CLASSOF(Return)
};
/// `assert cond`; Sema rejects a message.
struct AssertStmt : Stmt {
  explicit AssertStmt(SourceLoc loc) : Stmt(Kind::Assert, loc) {}
  ExprPtr cond, message;
  KILN_STMT_CLASSOF(Assert)
};

#undef KILN_STMT_CLASSOF

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// A compile-time type that a name holds (`dtype = a.dtype`,
/// `T = a.dtype.type`, `DT = np.float32`, `DT = np.dtype("float32")`): a
/// scalar type, either as a NumPy dtype object (`a.dtype`, `np.dtype(...)`:
/// `.type` is its class, it is not callable) or as a scalar class
/// (`np.float32`, `dtype.type`: calling it casts).
struct TypeValue {
  DType dtype = DType::Float32;
  bool isDType = false;
  bool operator==(const TypeValue &o) const {
    return dtype == o.dtype && isDType == o.isDType;
  }
};

/// A parameter or local variable of a compiled function.
struct VarDecl {
  std::string name;
  SourceLoc loc;
  Type type;
  bool isParam = false;
  /// A local whose type an annotation fixed (`x: float32 = 0`); other
  /// locals take the promotion of the values assigned to them.
  bool isAnnotated = false;
  unsigned paramIndex = 0;
  /// A parameter that the body assigns to (MLIRGen copies it to memory).
  bool isAssigned = false;
  /// A local holding an index object (`g = it.get_group()`) or a local or
  /// private array (`t = local_array(...)`): the value it was assigned,
  /// once (such locals cannot be reassigned). MLIRGen re-evaluates an
  /// index object's init at each use (it is pure) and allocates arrays in
  /// the entry block.
  const Expr *init = nullptr;
  /// A local holding an AtomicRef: its (only) definition. MLIRGen keeps
  /// the indices, evaluated at the assignment, in hidden slots.
  const AtomicRefExpr *atomicInit = nullptr;
  /// A local holding a row view (`r = a[i]`): its (only) definition. As
  /// for an AtomicRef, MLIRGen keeps the indices, evaluated at the
  /// assignment, in hidden slots, and makes the view where it is used.
  const ArrayViewExpr *viewInit = nullptr;
  /// The location of the assignment that defined an `init`/`atomicInit`
  /// local.
  SourceLoc defLoc;
  /// A local holding a type (`dtype = a.dtype`): no run-time value; uses
  /// are resolved by Sema (its type is Invalid).
  std::optional<TypeValue> typeValue;
  /// A local assigned once a compile-time string (`op = "fetch_add"`),
  /// its text; likewise no run-time value.
  std::optional<std::string> stringValue;
};

struct Param {
  std::string name;
  SourceLoc loc;
  ExprPtr annotation;   ///< May be null.
  ExprPtr defaultValue; ///< May be null.
  bool isStar = false;  ///< `*args` or `**kwargs` (always an error).
  // Sema:
  VarDecl *decl = nullptr; ///< Null for a Constant[T] parameter.
  bool isConstant = false; ///< `Constant[T]`: folded, not an argument.
  Type constantType;       ///< The T of `Constant[T]`.
};

/// A `Constant[T]` parameter of a specialized function: its folded value.
struct ConstantParam {
  std::string name;
  SourceLoc loc;
  Type type;
  ExprPtr value; ///< A typed literal.
};

enum class FunctionKind { Kernel, DeviceFunc };

struct FunctionDef {
  std::string name;
  SourceLoc loc;
  FunctionKind kind = FunctionKind::Kernel;
  SourceLoc decoratorLoc;
  bool decoratorHasArgs = false;
  /// `@device_func(extern=True)`: keyword arguments of the decorator.
  std::vector<Keyword> decoratorKeywords;
  std::vector<Param> params;
  ExprPtr returns; ///< The `-> T` annotation, may be null.
  StmtList body;
  /// The position of `def` in the token stream and whether the function
  /// parsed without errors (to parse it again for each specialization of a
  /// generic device function).
  size_t tokenPos = 0;
  bool parsedCleanly = true;
  // Sema:
  std::vector<std::unique_ptr<VarDecl>> decls; ///< Parameters first.
  /// The run-time parameters, in order (Constant[T] parameters excluded).
  std::vector<VarDecl *> paramDecls;
  std::vector<ConstantParam> constantParams;
  bool isExtern = false;
  /// Kernels: `@kernel(max_work_group_size=N, min_work_groups_per_cu=M)`,
  /// the launch bounds (docs/language.md §2.3); 0 where not given.
  int64_t maxWorkGroupSize = 0;
  int64_t minWorkGroupsPerCU = 0;
  /// Has generic or Constant[T] parameters: only its specializations are
  /// compiled (a kernel with a Specialization is checked as one).
  bool isGeneric = false;
  /// Device functions: the result type (Invalid when it returns nothing).
  Type resultType;
  bool returnsValue = false;
  /// The symbol in the generated module (the source name, or the source
  /// name with a suffix for a specialization of a generic device function).
  std::string symbol;
  /// A specialization: the generic function it was made from.
  const FunctionDef *generic = nullptr;
  /// Whether Sema has checked the body / is checking it now.
  bool checked = false, checking = false;
  /// Device functions this one calls, with the location of (one) call.
  std::vector<std::pair<FunctionDef *, SourceLoc>> callees;
};

/// `NAME = <constant expression>` or `NAME: T = <constant expression>` at
/// module level.
struct ConstantDef {
  std::string name;
  SourceLoc loc;
  ExprPtr annotation;      ///< May be null.
  ExprPtr value;           ///< Sema: folded to a single literal.
  bool isConstant = false; ///< Sema: the value folded.
};

struct Module {
  std::string filename;
  std::vector<ConstantDef> constants;
  std::vector<std::unique_ptr<FunctionDef>> functions;
  /// Other names bound at module level by ignored statements (imports,
  /// undecorated functions, non-constant assignments), for diagnostics.
  std::vector<std::string> ignoredNames;
  /// What the top-level imports bind (numba-dpex's and NumPy's module
  /// paths, names imported from `math`).
  ImportTable imports;
};

/// Prints the (checked or unchecked) tree, one node per line, indented,
/// with each expression's type once Sema has run.
void dump(const Module &module, llvm::raw_ostream &os);
void dump(const Expr &expr, llvm::raw_ostream &os, unsigned indent = 0);

} // namespace ast
} // namespace kiln

#endif // KILN_FRONTEND_AST_H
