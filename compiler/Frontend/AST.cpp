//===- AST.cpp - Printing the AST (kilnc --emit=ast) ----------------------===//
#include "compiler/Frontend/AST.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace kiln;
using namespace kiln::ast;

const char *ast::spelling(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "+";
  case BinOp::Sub:
    return "-";
  case BinOp::Mul:
    return "*";
  case BinOp::Div:
    return "/";
  case BinOp::FloorDiv:
    return "//";
  case BinOp::Mod:
    return "%";
  case BinOp::Pow:
    return "**";
  case BinOp::BitAnd:
    return "&";
  case BinOp::BitOr:
    return "|";
  case BinOp::BitXor:
    return "^";
  case BinOp::Shl:
    return "<<";
  case BinOp::Shr:
    return ">>";
  case BinOp::MatMul:
    return "@";
  }
  llvm_unreachable("the switch on op covers every value");
}

const char *ast::spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg:
    return "-";
  case UnaryOp::Pos:
    return "+";
  case UnaryOp::Invert:
    return "~";
  case UnaryOp::Not:
    return "not";
  }
  llvm_unreachable("the switch on op covers every value");
}

const char *ast::spelling(CmpOp op) {
  switch (op) {
  case CmpOp::Eq:
    return "==";
  case CmpOp::Ne:
    return "!=";
  case CmpOp::Lt:
    return "<";
  case CmpOp::Le:
    return "<=";
  case CmpOp::Gt:
    return ">";
  case CmpOp::Ge:
    return ">=";
  case CmpOp::In:
    return "in";
  case CmpOp::NotIn:
    return "not in";
  case CmpOp::Is:
    return "is";
  case CmpOp::IsNot:
    return "is not";
  }
  llvm_unreachable("the switch on op covers every value");
}

const char *ast::spelling(MemoryOrder o) {
  switch (o) {
  case MemoryOrder::Relaxed:
    return "RELAXED";
  case MemoryOrder::Acquire:
    return "ACQUIRE";
  case MemoryOrder::Release:
    return "RELEASE";
  case MemoryOrder::AcqRel:
    return "ACQ_REL";
  case MemoryOrder::SeqCst:
    return "SEQ_CST";
  }
  llvm_unreachable("the switch on o covers every value");
}

const char *ast::spelling(MemoryScope s) {
  switch (s) {
  case MemoryScope::WorkItem:
    return "WORK_ITEM";
  case MemoryScope::SubGroup:
    return "SUB_GROUP";
  case MemoryScope::WorkGroup:
    return "WORK_GROUP";
  case MemoryScope::Device:
    return "DEVICE";
  case MemoryScope::System:
    return "SYSTEM";
  }
  llvm_unreachable("the switch on s covers every value");
}

static const char *builtinName(Builtin b) {
  switch (b) {
  case Builtin::NdGlobalId:
    return "get_global_id";
  case Builtin::NdLocalId:
    return "get_local_id";
  case Builtin::NdGlobalRange:
    return "get_global_range";
  case Builtin::NdLocalRange:
    return "get_local_range";
  case Builtin::NdGlobalLinearId:
    return "get_global_linear_id";
  case Builtin::NdLocalLinearId:
    return "get_local_linear_id";
  case Builtin::NdGetGroup:
    return "get_group";
  case Builtin::NdGetSubGroup:
    return "get_sub_group";
  case Builtin::NdGlobalLinearRange:
    return "get_global_linear_range";
  case Builtin::NdLocalLinearRange:
    return "get_local_linear_range";
  case Builtin::Dimensions:
    return "dimensions";
  case Builtin::GroupId:
    return "group.get_group_id";
  case Builtin::GroupRange:
    return "group.get_group_range";
  case Builtin::GroupLocalRange:
    return "group.get_local_range";
  case Builtin::GroupLinearId:
    return "group.get_group_linear_id";
  case Builtin::GroupLinearRange:
    return "group.get_group_linear_range";
  case Builtin::GroupLocalLinearRange:
    return "group.get_local_linear_range";
  case Builtin::GroupLeader:
    return "group.leader";
  case Builtin::SubGroupLocalId:
    return "sub_group.get_local_id";
  case Builtin::SubGroupLocalRange:
    return "sub_group.get_local_range";
  case Builtin::SubGroupId:
    return "sub_group.get_group_id";
  case Builtin::SubGroupRange:
    return "sub_group.get_group_range";
  case Builtin::SubGroupLeader:
    return "sub_group.leader";
  case Builtin::Min:
    return "min";
  case Builtin::Max:
    return "max";
  case Builtin::Abs:
    return "abs";
  case Builtin::Math:
    return "math";
  case Builtin::ComplexMake:
    return "complex";
  case Builtin::ComplexReal:
    return "real";
  case Builtin::ComplexImag:
    return "imag";
  case Builtin::ComplexConj:
    return "conjugate";
  case Builtin::Select:
    return "select";
  case Builtin::LocalArray:
    return "local_array";
  case Builtin::PrivateArray:
    return "private_array";
  case Builtin::GroupBarrier:
    return "group_barrier";
  case Builtin::SubGroupBarrier:
    return "sub_group_barrier";
  case Builtin::AtomicFence:
    return "atomic_fence";
  case Builtin::AtomicRMW:
    return "atomic_rmw";
  case Builtin::AtomicLoad:
    return "atomic_load";
  case Builtin::AtomicStore:
    return "atomic_store";
  case Builtin::AtomicCompareExchange:
    return "compare_exchange";
  case Builtin::Shuffle:
    return "shuffle";
  case Builtin::SubGroupReduce:
    return "sub_group_reduce";
  case Builtin::GroupReduce:
    return "group_reduce";
  case Builtin::GroupBroadcast:
    return "group_broadcast";
  case Builtin::GroupScan:
    return "group_scan";
  case Builtin::Print:
    return "print";
  }
  llvm_unreachable("the switch on b covers every value");
}

namespace {
class Dumper {
public:
  explicit Dumper(llvm::raw_ostream &os) : os(os) {}

  void line(unsigned indent, const llvm::Twine &text, SourceLoc loc) {
    os.indent(indent * 2) << text;
    if (loc.isValid())
      os << " <" << loc.line << ":" << loc.col << ">";
    os << "\n";
  }

  std::string typeSuffix(const Expr &e) {
    return e.type.isValid() ? " : " + e.type.str() : "";
  }

  void expr(const Expr &e, unsigned in);
  void stmts(const StmtList &list, unsigned in);
  void stmt(const Stmt &s, unsigned in);
  void optional(const char *label, const ExprPtr &e, unsigned in) {
    if (!e)
      return;
    line(in, label, SourceLoc());
    expr(*e, in + 1);
  }

  llvm::raw_ostream &os;
};
} // namespace

void Dumper::expr(const Expr &e, unsigned in) {
  std::string ty = typeSuffix(e);
  switch (e.kind) {
  case Expr::Kind::IntLit: {
    auto &l = llvm::cast<IntLiteral>(e);
    line(in, "Int " + toString(l.value) + (l.weak ? " (weak)" : "") + ty,
         e.loc);
    return;
  }
  case Expr::Kind::FloatLit: {
    auto &l = llvm::cast<FloatLiteral>(e);
    std::string s;
    llvm::raw_string_ostream(s) << llvm::format("%g", l.value);
    line(in, "Float " + s + (l.weak ? " (weak)" : "") + ty, e.loc);
    return;
  }
  case Expr::Kind::BoolLit:
    line(in,
         llvm::Twine("Bool ") +
             (llvm::cast<BoolLiteral>(e).value ? "True" : "False") + ty,
         e.loc);
    return;
  case Expr::Kind::StringLit:
    line(in, "String " + llvm::cast<StringLiteral>(e).text, e.loc);
    return;
  case Expr::Kind::NoneLit:
    line(in, "None", e.loc);
    return;
  case Expr::Kind::EllipsisLit:
    line(in, "Ellipsis", e.loc);
    return;
  case Expr::Kind::Name:
    line(in, "Name " + llvm::cast<NameExpr>(e).name + ty, e.loc);
    return;
  case Expr::Kind::Unary: {
    auto &u = llvm::cast<UnaryExpr>(e);
    line(in, llvm::Twine("Unary ") + spelling(u.op) + ty, e.loc);
    expr(*u.operand, in + 1);
    return;
  }
  case Expr::Kind::Binary: {
    auto &b = llvm::cast<BinaryExpr>(e);
    std::string extra =
        b.constExponent ? " (exponent " + std::to_string(*b.constExponent) + ")"
                        : "";
    line(in, llvm::Twine("Binary ") + spelling(b.op) + extra + ty, e.loc);
    expr(*b.lhs, in + 1);
    expr(*b.rhs, in + 1);
    return;
  }
  case Expr::Kind::Compare: {
    auto &c = llvm::cast<CompareExpr>(e);
    std::string ops;
    for (size_t i = 0; i < c.ops.size(); ++i) {
      ops += std::string(" ") + spelling(c.ops[i]);
      if (i < c.pairTypes.size())
        ops += "[" + c.pairTypes[i].str() + "]";
    }
    line(in, "Compare" + ops + ty, e.loc);
    for (auto &o : c.operands)
      expr(*o, in + 1);
    return;
  }
  case Expr::Kind::BoolOp: {
    auto &b = llvm::cast<BoolOpExpr>(e);
    line(in,
         llvm::Twine("BoolOp ") + (b.op == BoolOpKind::And ? "and" : "or") + ty,
         e.loc);
    for (auto &v : b.values)
      expr(*v, in + 1);
    return;
  }
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpr>(e);
    line(in, "IfExp" + ty, e.loc);
    expr(*i.cond, in + 1);
    expr(*i.thenValue, in + 1);
    expr(*i.elseValue, in + 1);
    return;
  }
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(e);
    line(in, "Call" + ty, e.loc);
    expr(*c.callee, in + 1);
    for (auto &a : c.args)
      expr(*a, in + 1);
    for (auto &k : c.keywords) {
      line(in + 1, "Keyword " + k.name, k.loc);
      expr(*k.value, in + 2);
    }
    return;
  }
  case Expr::Kind::Attribute: {
    auto &a = llvm::cast<AttributeExpr>(e);
    line(in, "Attribute ." + a.attr + ty, e.loc);
    expr(*a.value, in + 1);
    return;
  }
  case Expr::Kind::Subscript: {
    auto &s = llvm::cast<SubscriptExpr>(e);
    line(in, "Subscript" + ty, e.loc);
    expr(*s.value, in + 1);
    expr(*s.index, in + 1);
    return;
  }
  case Expr::Kind::Tuple:
    line(in, "Tuple", e.loc);
    for (auto &x : llvm::cast<TupleExpr>(e).elements)
      expr(*x, in + 1);
    return;
  case Expr::Kind::Slice: {
    auto &s = llvm::cast<SliceExpr>(e);
    line(in, "Slice", e.loc);
    optional("lower", s.lower, in + 1);
    optional("upper", s.upper, in + 1);
    optional("step", s.step, in + 1);
    return;
  }
  case Expr::Kind::Error:
    line(in, "<error>", e.loc);
    return;
  case Expr::Kind::VarRef: {
    auto &v = llvm::cast<VarRefExpr>(e);
    line(in, "VarRef " + v.decl->name + ty, e.loc);
    return;
  }
  case Expr::Kind::Cast: {
    auto &c = llvm::cast<CastExpr>(e);
    line(in, llvm::Twine(c.isImplicit ? "ImplicitCast" : "Cast") + ty, e.loc);
    expr(*c.operand, in + 1);
    return;
  }
  case Expr::Kind::ItemQuery: {
    auto &q = llvm::cast<ItemQueryExpr>(e);
    const char *name = q.query == ItemQuery::Id         ? "get_id"
                       : q.query == ItemQuery::Range    ? "get_range"
                       : q.query == ItemQuery::LinearId ? "get_linear_id"
                                                        : "dimensions";
    std::string dim = q.query == ItemQuery::Id || q.query == ItemQuery::Range
                          ? "(" + std::to_string(q.dim) + ")"
                          : "";
    line(in, "ItemQuery " + q.item->name + "." + name + dim + ty, e.loc);
    return;
  }
  case Expr::Kind::ArrayDim: {
    auto &d = llvm::cast<ArrayDimExpr>(e);
    line(in,
         "ArrayDim " + d.array->name + ".shape[" + std::to_string(d.dim) + "]" +
             ty,
         e.loc);
    return;
  }
  case Expr::Kind::ArraySize:
    line(in, "ArraySize " + llvm::cast<ArraySizeExpr>(e).array->name + ty,
         e.loc);
    return;
  case Expr::Kind::ArrayElement: {
    auto &a = llvm::cast<ArrayElementExpr>(e);
    line(in, "ArrayElement " + a.array->name + ty, e.loc);
    for (auto &i : a.indices)
      expr(*i, in + 1);
    return;
  }
  case Expr::Kind::AugTarget:
    line(in, "AugTarget" + ty, e.loc);
    return;
  case Expr::Kind::Builtin: {
    auto &b = llvm::cast<BuiltinExpr>(e);
    std::string extra;
    if (b.op == Builtin::Math)
      extra = " " + b.name;
    if (b.op == Builtin::Print)
      extra = " \"" + llvm::StringRef(b.format).str() + "\"";
    line(in, llvm::Twine("Builtin ") + builtinName(b.op) + extra + ty, e.loc);
    for (auto &a : b.args)
      expr(*a, in + 1);
    return;
  }
  case Expr::Kind::DeviceCall: {
    auto &c = llvm::cast<DeviceCallExpr>(e);
    line(in, "DeviceCall " + c.callee->symbol + ty, e.loc);
    for (auto &a : c.args)
      expr(*a, in + 1);
    return;
  }
  case Expr::Kind::AtomicRef: {
    auto &a = llvm::cast<AtomicRefExpr>(e);
    line(in,
         "AtomicRef " + a.array->name + " " + spelling(a.order) + " " +
             spelling(a.scope) + ty,
         e.loc);
    for (auto &i : a.indices)
      expr(*i, in + 1);
    return;
  }
  case Expr::Kind::TempRef:
    line(in, "Part " + std::to_string(llvm::cast<TempRefExpr>(e).index) + ty,
         e.loc);
    return;
  case Expr::Kind::ArrayView: {
    auto &a = llvm::cast<ArrayViewExpr>(e);
    line(in, "ArrayView " + a.array->name + ty, e.loc);
    for (auto &i : a.indices)
      expr(*i, in + 1);
    return;
  }
  }
}

void Dumper::stmts(const StmtList &list, unsigned in) {
  for (auto &s : list)
    stmt(*s, in);
}

void Dumper::stmt(const Stmt &s, unsigned in) {
  switch (s.kind) {
  case Stmt::Kind::Expr:
    line(in, "ExprStmt", s.loc);
    expr(*llvm::cast<ExprStmt>(s).expr, in + 1);
    return;
  case Stmt::Kind::Assign: {
    auto &a = llvm::cast<AssignStmt>(s);
    line(in, "Assign", s.loc);
    if (!a.stores.empty()) {
      for (auto &p : a.parts)
        if (p)
          expr(*p, in + 1);
      for (auto &[t, v] : a.stores) {
        line(in + 1, "Store", SourceLoc());
        expr(*t, in + 2);
        expr(*v, in + 2);
      }
      return;
    }
    for (auto &t : a.targets)
      expr(*t, in + 1);
    if (a.value)
      expr(*a.value, in + 1);
    return;
  }
  case Stmt::Kind::AugAssign: {
    auto &a = llvm::cast<AugAssignStmt>(s);
    line(in, llvm::Twine("AugAssign ") + spelling(a.op) + "=", s.loc);
    expr(*a.target, in + 1);
    if (a.combined)
      expr(*a.combined, in + 1);
    else
      expr(*a.value, in + 1);
    return;
  }
  case Stmt::Kind::AnnAssign: {
    auto &a = llvm::cast<AnnAssignStmt>(s);
    line(in, "AnnAssign", s.loc);
    expr(*a.target, in + 1);
    expr(*a.annotation, in + 1);
    if (a.value)
      expr(*a.value, in + 1);
    return;
  }
  case Stmt::Kind::If: {
    auto &i = llvm::cast<IfStmt>(s);
    line(in, "If", s.loc);
    expr(*i.cond, in + 1);
    line(in + 1, "Then", SourceLoc());
    stmts(i.thenBody, in + 2);
    if (!i.elseBody.empty()) {
      line(in + 1, "Else", SourceLoc());
      stmts(i.elseBody, in + 2);
    }
    return;
  }
  case Stmt::Kind::While: {
    auto &w = llvm::cast<WhileStmt>(s);
    line(in, "While", s.loc);
    expr(*w.cond, in + 1);
    line(in + 1, "Body", SourceLoc());
    stmts(w.body, in + 2);
    if (!w.elseBody.empty()) {
      line(in + 1, "Else", SourceLoc());
      stmts(w.elseBody, in + 2);
    }
    return;
  }
  case Stmt::Kind::For: {
    auto &f = llvm::cast<ForStmt>(s);
    if (f.var) {
      line(in, "For " + f.var->name + " : " + f.var->type.str(), s.loc);
      optional("Start", f.start, in + 1);
      optional("Stop", f.stop, in + 1);
      optional("Step", f.step, in + 1);
    } else {
      line(in, "For", s.loc);
      expr(*f.target, in + 1);
      expr(*f.iter, in + 1);
    }
    line(in + 1, "Body", SourceLoc());
    stmts(f.body, in + 2);
    if (!f.elseBody.empty()) {
      line(in + 1, "Else", SourceLoc());
      stmts(f.elseBody, in + 2);
    }
    return;
  }
  case Stmt::Kind::Pass:
    line(in, "Pass", s.loc);
    return;
  case Stmt::Kind::Break:
    line(in, "Break", s.loc);
    return;
  case Stmt::Kind::Continue:
    line(in, "Continue", s.loc);
    return;
  case Stmt::Kind::Return: {
    auto &r = llvm::cast<ReturnStmt>(s);
    line(in, "Return", s.loc);
    if (r.value)
      expr(*r.value, in + 1);
    return;
  }
  case Stmt::Kind::Assert:
    line(in, "Assert", s.loc);
    expr(*llvm::cast<AssertStmt>(s).cond, in + 1);
    return;
  }
}

void ast::dump(const Expr &e, llvm::raw_ostream &os, unsigned indent) {
  Dumper(os).expr(e, indent);
}

void ast::dump(const Module &module, llvm::raw_ostream &os) {
  Dumper d(os);
  d.line(0, "Module '" + module.filename + "'", SourceLoc());
  for (auto &c : module.constants) {
    d.line(1, "Constant " + c.name, c.loc);
    if (c.value)
      d.expr(*c.value, 2);
  }
  for (auto &fn : module.functions) {
    d.line(1,
           llvm::Twine(fn->kind == FunctionKind::Kernel ? "Kernel "
                                                        : "DeviceFunc ") +
               (fn->symbol.empty() ? fn->name : fn->symbol),
           fn->loc);
    for (size_t i = 0; i < fn->params.size(); ++i) {
      const Param &p = fn->params[i];
      std::string ty = p.decl ? " : " + p.decl->type.str() : "";
      if (p.isConstant)
        for (const ConstantParam &c : fn->constantParams)
          if (c.name == p.name)
            ty = " : Constant[" + c.type.str() + "]";
      d.line(2, "Param " + p.name + ty, p.loc);
      if (ty.empty() && p.annotation)
        d.expr(*p.annotation, 3);
      if (p.isConstant)
        for (const ConstantParam &c : fn->constantParams)
          if (c.name == p.name && c.value)
            d.expr(*c.value, 3);
    }
    if (fn->returnsValue)
      d.line(2, "Returns " + fn->resultType.str(), SourceLoc());
    d.line(2, "Body", SourceLoc());
    d.stmts(fn->body, 3);
  }
}

unsigned kiln::ast::heightFromChildren(const Expr &e) {
  unsigned below = 0;
  auto see = [&](const ExprPtr &child) {
    if (child)
      below = std::max(below, child->height);
  };
  switch (e.kind) {
  case Expr::Kind::Unary:
    see(llvm::cast<UnaryExpr>(e).operand);
    break;
  case Expr::Kind::Binary:
    see(llvm::cast<BinaryExpr>(e).lhs);
    see(llvm::cast<BinaryExpr>(e).rhs);
    break;
  case Expr::Kind::Compare: {
    auto &c = llvm::cast<CompareExpr>(e);
    for (auto &o : c.operands)
      see(o);
    // Each comparison after the first is an scf.if nested in the previous.
    return below + static_cast<unsigned>(c.operands.size());
  }
  case Expr::Kind::BoolOp: {
    auto &b = llvm::cast<BoolOpExpr>(e);
    for (auto &v : b.values)
      see(v);
    return below + static_cast<unsigned>(b.values.size());
  }
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpr>(e);
    see(i.cond);
    see(i.thenValue);
    see(i.elseValue);
    break;
  }
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(e);
    see(c.callee);
    for (auto &a : c.args)
      see(a);
    for (auto &k : c.keywords)
      see(k.value);
    break;
  }
  case Expr::Kind::Attribute:
    see(llvm::cast<AttributeExpr>(e).value);
    break;
  case Expr::Kind::Subscript:
    see(llvm::cast<SubscriptExpr>(e).value);
    see(llvm::cast<SubscriptExpr>(e).index);
    break;
  case Expr::Kind::Tuple:
    for (auto &el : llvm::cast<TupleExpr>(e).elements)
      see(el);
    break;
  case Expr::Kind::Slice: {
    auto &s = llvm::cast<SliceExpr>(e);
    see(s.lower);
    see(s.upper);
    see(s.step);
    break;
  }
  default:
    break;
  }
  return below + 1;
}
