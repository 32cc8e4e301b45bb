//===- SemaBuiltins.cpp - Builtin functions of spec section 6 -------------===//
//
// min/max/abs, the math functions, fma/rsqrt/select, print, sub-group
// shuffles and the group collectives. Calls whose arguments are all
// literals fold to literals (`math.sqrt(2.0)` is a weak float constant).
//
//===----------------------------------------------------------------------===//
#include "compiler/Frontend/Sema.h"

#include <cmath>

using namespace kiln;
using namespace kiln::ast;
using namespace kiln::detail;

bool Sema::checkBuiltinCall(ExprPtr &e, llvm::StringRef name,
                            SourceLoc nameLoc) {
  (void)nameLoc;
  if (name == "min")
    return checkMinMax(e, Builtin::Min), true;
  if (name == "max")
    return checkMinMax(e, Builtin::Max), true;
  if (name == "abs")
    return checkAbs(e), true;
  if (name == "fma" || name == "rsqrt")
    return checkMathCall(e, name);
  if (name == "select")
    return checkSelect(e), true;
  if (name == "print")
    return checkPrint(e), true;
  if (name == "local_array")
    return checkArrayAlloc(e, Builtin::LocalArray, name), true;
  if (name == "private_array" || name == "PrivateArray")
    return checkArrayAlloc(e, Builtin::PrivateArray, name), true;
  if (name == "group_barrier")
    return checkBarrier(e, Builtin::GroupBarrier, name), true;
  if (name == "sub_group_barrier")
    return checkBarrier(e, Builtin::SubGroupBarrier, name), true;
  if (name == "atomic_fence")
    return checkAtomicFence(e), true;
  if (name == "AtomicRef")
    return checkAtomicRef(e), true;
  if (name == "sub_group_reduce")
    return checkCollective(e, Builtin::SubGroupReduce, name), true;
  if (name == "group_reduce")
    return checkCollective(e, Builtin::GroupReduce, name), true;
  if (name == "group_broadcast")
    return checkCollective(e, Builtin::GroupBroadcast, name), true;
  if (name == "group_inclusive_scan" || name == "group_exclusive_scan")
    return checkCollective(e, Builtin::GroupScan, name), true;
  return false;
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

Type Sema::joinTypes(llvm::ArrayRef<ExprPtr> args) {
  Type t = Type::invalid();
  for (auto &a : args)
    if (!isWeak(*a))
      t = t.isValid() ? promote(t, a->type, typing()) : a->type;
  for (auto &a : args) {
    if (!isWeak(*a))
      continue;
    if (!t.isValid())
      t = llvm::isa<FloatLiteral>(*a) ? defaultFloatType(typing())
                                      : Type::int64();
    else
      t = weakJoin(*a, t);
  }
  // Arithmetic on bfloat16 is done in float32.
  if (t.isBFloat16())
    t = Type::float32();
  return t;
}

void Sema::checkMinMax(ExprPtr &e, Builtin op) {
  auto *call = llvm::cast<CallExpr>(e.get());
  const char *name = op == Builtin::Min ? "min" : "max";
  if (!call->keywords.empty()) {
    error(call->keywords.front().loc,
          std::string("'") + name + "' takes no keyword arguments here");
    return;
  }
  if (call->args.size() < 2) {
    error(call->loc, std::string("'") + name +
                         "' needs at least two "
                         "numbers (iterables are not supported)");
    return;
  }
  bool ok = true, allFoldable = true, allBool = true;
  for (auto &a : call->args) {
    checkExpr(a);
    if (!a->type.isValid() ||
        !requireScalar(*a, std::string("'") + name + "'") ||
        rejectComplex(*a, std::string("'") + name + "'")) {
      ok = false;
      continue;
    }
    allFoldable &= isFoldable(*a);
    allBool &= a->type.isBool() && !isWeak(*a);
  }
  if (!ok)
    return;
  if (allFoldable) {
    // Python: the first extreme argument wins.
    size_t best = 0;
    for (size_t i = 1; i < call->args.size(); ++i) {
      FoldResult r = foldCompare(op == Builtin::Min ? CmpOp::Lt : CmpOp::Gt,
                                 *literalValue(*call->args[i]),
                                 *literalValue(*call->args[best]));
      if (r.value && r.value->b)
        best = i;
    }
    ExprPtr chosen = std::move(call->args[best]);
    e = std::move(chosen);
    return;
  }
  Type t = allBool ? Type::boolean() : joinTypes(call->args);
  if (t.isBool() && !allBool)
    t = Type::int64();
  auto b = std::make_unique<BuiltinExpr>(call->loc, op);
  for (auto &a : call->args) {
    convertTo(a, t);
    if (!a->type.isValid())
      return;
    b->args.push_back(std::move(a));
  }
  b->type = t;
  e = std::move(b);
}

void Sema::checkAbs(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  if (!checkArity(*call, "abs", 1))
    return;
  ExprPtr &a = call->args[0];
  checkExpr(a);
  if (!a->type.isValid() || !requireScalar(*a, "'abs'"))
    return;
  if (isFoldable(*a)) {
    ConstantValue v = *literalValue(*a);
    if (v.isFloat())
      replaceWithConstant(
          e, FoldResult{ConstantValue::ofFloat(std::fabs(v.f)), {}}, call->loc);
    else {
      IntValue i = v.asInt();
      replaceWithConstant(
          e, FoldResult{ConstantValue::ofInt(i < 0 ? -i : i), {}}, call->loc);
    }
    return;
  }
  if (a->type.isBool())
    convertTo(a, Type::int64());
  if (a->type.isBFloat16())
    convertTo(a, Type::float32());
  auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::Abs);
  // The modulus of a complex number is real.
  b->type = a->type.isComplex() ? complexPart(a->type) : a->type;
  b->args.push_back(std::move(a));
  e = std::move(b);
}

namespace {
struct MathFn {
  const char *name;
  unsigned arity;
  bool predicate; ///< Returns bool.
};
const MathFn mathFns[] = {
    {"sqrt", 1, false},    {"exp", 1, false},      {"exp2", 1, false},
    {"log", 1, false},     {"log2", 1, false},     {"log10", 1, false},
    {"sin", 1, false},     {"cos", 1, false},      {"tan", 1, false},
    {"asin", 1, false},    {"acos", 1, false},     {"atan", 1, false},
    {"atan2", 2, false},   {"sinh", 1, false},     {"cosh", 1, false},
    {"tanh", 1, false},    {"pow", 2, false},      {"floor", 1, false},
    {"ceil", 1, false},    {"trunc", 1, false},    {"fabs", 1, false},
    {"fmod", 2, false},    {"copysign", 2, false}, {"hypot", 2, false},
    {"erf", 1, false},     {"isnan", 1, true},     {"isinf", 1, true},
    {"isfinite", 1, true}, {"fma", 3, false},      {"rsqrt", 1, false},
};

double foldMath(llvm::StringRef n, const double *x) {
  if (n == "sqrt")
    return std::sqrt(x[0]);
  if (n == "exp")
    return std::exp(x[0]);
  if (n == "exp2")
    return std::exp2(x[0]);
  if (n == "log")
    return std::log(x[0]);
  if (n == "log2")
    return std::log2(x[0]);
  if (n == "log10")
    return std::log10(x[0]);
  if (n == "sin")
    return std::sin(x[0]);
  if (n == "cos")
    return std::cos(x[0]);
  if (n == "tan")
    return std::tan(x[0]);
  if (n == "asin")
    return std::asin(x[0]);
  if (n == "acos")
    return std::acos(x[0]);
  if (n == "atan")
    return std::atan(x[0]);
  if (n == "atan2")
    return std::atan2(x[0], x[1]);
  if (n == "sinh")
    return std::sinh(x[0]);
  if (n == "cosh")
    return std::cosh(x[0]);
  if (n == "tanh")
    return std::tanh(x[0]);
  if (n == "pow")
    return std::pow(x[0], x[1]);
  if (n == "floor")
    return std::floor(x[0]);
  if (n == "ceil")
    return std::ceil(x[0]);
  if (n == "trunc")
    return std::trunc(x[0]);
  if (n == "fabs")
    return std::fabs(x[0]);
  if (n == "fmod")
    return std::fmod(x[0], x[1]);
  if (n == "copysign")
    return std::copysign(x[0], x[1]);
  if (n == "hypot")
    return std::hypot(x[0], x[1]);
  if (n == "erf")
    return std::erf(x[0]);
  if (n == "fma")
    return std::fma(x[0], x[1], x[2]);
  if (n == "rsqrt")
    return 1.0 / std::sqrt(x[0]);
  if (n == "isnan")
    return std::isnan(x[0]);
  if (n == "isinf")
    return std::isinf(x[0]);
  if (n == "isfinite")
    return std::isfinite(x[0]);
  return 0;
}
} // namespace

bool Sema::checkMathCall(ExprPtr &e, llvm::StringRef name) {
  const MathFn *fnInfo = nullptr;
  for (const MathFn &m : mathFns)
    if (name == m.name)
      fnInfo = &m;
  if (!fnInfo)
    return false;
  auto *call = llvm::cast<CallExpr>(e.get());
  std::string what =
      (name == "fma" || name == "rsqrt" ? "" : "math.") + name.str();
  if (!checkArity(*call, what, fnInfo->arity))
    return true;
  bool ok = true, allFoldable = true;
  for (auto &a : call->args) {
    checkExpr(a);
    if (!a->type.isValid() || !requireScalar(*a, "'" + what + "'") ||
        rejectComplex(*a, "'" + what + "'")) {
      ok = false;
      continue;
    }
    allFoldable &= isFoldable(*a);
  }
  if (!ok)
    return true;
  if (allFoldable) {
    double x[3];
    for (size_t i = 0; i < call->args.size(); ++i)
      x[i] = literalValue(*call->args[i])->asDouble();
    double r = foldMath(name, x);
    if (fnInfo->predicate)
      e = makeLiteral(call->loc, ConstantValue::ofBool(r != 0), false,
                      Type::boolean());
    else
      e = makeLiteral(call->loc, ConstantValue::ofFloat(r), true,
                      defaultFloatType(typing()));
    return true;
  }
  // Integer operands are converted to a float: float64 for 64-bit
  // integers, float32 otherwise (as for true division; Numba: float64).
  Type t = joinTypes(call->args);
  if (!t.isFloat())
    t = t.bitWidth() == 64 || typing() == TypingRules::Numba ? Type::float64()
                                                             : Type::float32();
  auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::Math);
  b->name = name.str();
  for (auto &a : call->args) {
    convertTo(a, t);
    if (!a->type.isValid())
      return true;
    b->args.push_back(std::move(a));
  }
  b->type = fnInfo->predicate ? Type::boolean() : t;
  e = std::move(b);
  return true;
}

void Sema::checkSelect(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  if (!checkArity(*call, "select", 3))
    return;
  bool ok = true;
  for (auto &a : call->args) {
    checkExpr(a);
    ok &= a->type.isValid() && requireScalar(*a, "'select'");
  }
  if (!ok)
    return;
  convertToBool(call->args[0]);
  Expr &a = *call->args[1], &b = *call->args[2];
  Type t = a.type.isBool() && b.type.isBool() && !isWeak(a) && !isWeak(b)
               ? Type::boolean()
               : commonType(a, b);
  if (t.isBool() &&
      (isWeak(a) || isWeak(b) || !a.type.isBool() || !b.type.isBool()))
    t = Type::int64();
  auto out = std::make_unique<BuiltinExpr>(call->loc, Builtin::Select);
  for (size_t i = 0; i < 3; ++i) {
    if (i > 0)
      convertTo(call->args[i], t);
    if (!call->args[i]->type.isValid())
      return;
    out->args.push_back(std::move(call->args[i]));
  }
  out->type = t;
  e = std::move(out);
}

//===----------------------------------------------------------------------===//
// Strings and print
//===----------------------------------------------------------------------===//

static void appendUTF8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::optional<std::string> Sema::stringValue(const StringLiteral &s) {
  llvm::StringRef text = s.text;
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
            text[i] == '\r' || text[i] == '\\'))
      ++i;
    if (i >= text.size())
      break;
    bool raw = false;
    while (i < text.size() && text[i] != '\'' && text[i] != '"') {
      char p = text[i] | 0x20;
      if (p == 'f') {
        error(s.loc, "f-strings are not supported in kernel code; pass the "
                     "values to print() as separate arguments");
        return std::nullopt;
      }
      if (p == 'b') {
        error(s.loc, "bytes literals are not supported in kernel code");
        return std::nullopt;
      }
      raw |= p == 'r';
      ++i;
    }
    if (i >= text.size())
      break;
    char q = text[i];
    size_t qlen = text.substr(i).starts_with(std::string(3, q)) ? 3 : 1;
    std::string closing(qlen, q);
    i += qlen;
    while (i < text.size() && !text.substr(i).starts_with(closing)) {
      char c = text[i];
      if (c != '\\' || raw) {
        out.push_back(c);
        ++i;
        continue;
      }
      if (i + 1 >= text.size())
        break;
      char n = text[i + 1];
      i += 2;
      auto hex = [&](unsigned digits) -> uint32_t {
        uint32_t v = 0;
        for (unsigned k = 0; k < digits && i < text.size() &&
                             std::isxdigit(static_cast<unsigned char>(text[i]));
             ++k, ++i)
          v = v * 16 + (std::isdigit(static_cast<unsigned char>(text[i]))
                            ? text[i] - '0'
                            : (text[i] | 0x20) - 'a' + 10);
        return v;
      };
      switch (n) {
      case 'n':
        out.push_back('\n');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case 'a':
        out.push_back('\a');
        break;
      case 'b':
        out.push_back('\b');
        break;
      case 'f':
        out.push_back('\f');
        break;
      case 'v':
        out.push_back('\v');
        break;
      case '\\':
        out.push_back('\\');
        break;
      case '\'':
        out.push_back('\'');
        break;
      case '"':
        out.push_back('"');
        break;
      case '\n':
        break; // Line continuation.
      case 'x':
        out.push_back(static_cast<char>(hex(2)));
        break;
      case 'u':
        appendUTF8(out, hex(4));
        break;
      case 'U':
        appendUTF8(out, hex(8));
        break;
      default:
        if (n >= '0' && n <= '7') {
          unsigned v = n - '0';
          for (unsigned k = 0;
               k < 2 && i < text.size() && text[i] >= '0' && text[i] <= '7';
               ++k, ++i)
            v = v * 8 + (text[i] - '0');
          out.push_back(static_cast<char>(v));
        } else {
          // Python keeps unknown escapes as written.
          out.push_back('\\');
          out.push_back(n);
        }
      }
    }
    i += qlen;
  }
  return out;
}

/// printf text for literal `s` (`%` doubled).
static void appendText(std::string &format, llvm::StringRef s) {
  for (char c : s) {
    if (c == '%')
      format += "%%";
    else
      format.push_back(c);
  }
}

static std::string formatFloat(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

void Sema::checkPrint(ExprPtr &e) {
  auto *call = llvm::cast<CallExpr>(e.get());
  if (!call->keywords.empty()) {
    error(call->keywords.front().loc,
          "print() keyword arguments ('" + call->keywords.front().name +
              "=') are not supported: arguments are separated by one space "
              "and the line ends with a newline");
    return;
  }
  auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::Print);
  std::string format;
  bool ok = true;
  for (size_t i = 0; i < call->args.size(); ++i) {
    ExprPtr &a = call->args[i];
    if (i)
      format += " ";
    if (auto *s = llvm::dyn_cast<StringLiteral>(a.get())) {
      std::optional<std::string> text = stringValue(*s);
      if (!text) {
        ok = false;
        continue;
      }
      appendText(format, *text);
      continue;
    }
    checkExpr(a);
    if (!a->type.isValid()) {
      ok = false;
      continue;
    }
    if (!a->type.isScalar()) {
      error(a->loc, "print() accepts scalars and string literals, not a "
                    "value of type '" +
                        a->type.str() + "'");
      ok = false;
      continue;
    }
    // C printf has no complex conversion: print z.real and z.imag.
    if (rejectComplex(*a, "print()")) {
      ok = false;
      continue;
    }
    // Constants are printed into the format.
    if (std::optional<ConstantValue> v = literalValue(*a)) {
      switch (v->kind) {
      case ConstantValue::Kind::Bool:
        format += v->b ? "True" : "False";
        break;
      case ConstantValue::Kind::Int:
        format += toString(v->i);
        break;
      case ConstantValue::Kind::Float:
        appendText(format, formatFloat(v->f));
        break;
      }
      continue;
    }
    Type t = a->type;
    if (t.isBool()) {
      format += "%B"; // MLIRGen: True / False.
    } else if (t.isFloat()) {
      convertTo(a, Type::float64());
      format += "%g";
    } else if (t.bitWidth() == 64) {
      format += t.isSignedInteger() ? "%ld" : "%lu";
    } else {
      convertTo(a, t.isSignedInteger() ? Type::scalar(DType::Int32)
                                       : Type::scalar(DType::UInt32));
      format += t.isSignedInteger() ? "%d" : "%u";
    }
    b->args.push_back(std::move(a));
  }
  if (!ok)
    return;
  unsigned bools = 0;
  for (auto &a : b->args)
    bools += a->type.isBool();
  if (bools > 6) {
    error(call->loc, "print() of more than 6 bool values at once is not "
                     "supported");
    return;
  }
  format += "\n";
  b->format = std::move(format);
  b->type = Type::voidType();
  e = std::move(b);
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

bool Sema::checkCollectiveValue(ExprPtr &v, llvm::StringRef name) {
  checkExpr(v);
  if (!v->type.isValid())
    return false;
  if (!v->type.isScalar()) {
    error(v->loc,
          "'" + name + "' needs a scalar value, not '" + v->type.str() + "'");
    return false;
  }
  if (rejectComplex(*v, "'" + name.str() + "'"))
    return false;
  if (v->type.isBool()) {
    error(v->loc, "'" + name +
                      "' does not accept bool values; convert to an "
                      "integer first, as in int32(x)");
    return false;
  }
  if (v->type.isBFloat16()) {
    error(v->loc, "'" + name +
                      "' does not accept bfloat16 values (a storage "
                      "type); convert to float32 first");
    return false;
  }
  finalizeWeak(v);
  return v->type.isValid();
}

std::optional<CollectiveOp> Sema::collectiveOp(Expr &op, Type t,
                                               llvm::StringRef name) {
  auto *s = llvm::dyn_cast<StringLiteral>(&op);
  // A string literal, or a module string constant (`OP = "add"`).
  std::optional<std::string> text = s ? stringValue(*s) : compileTimeString(op);
  if (!s && !text) {
    error(op.loc, "the operation of '" + name +
                      "' must be a compile-time string: "
                      "\"add\", \"min\", \"max\", \"and\", \"or\" or \"xor\"");
    return std::nullopt;
  }
  if (!text)
    return std::nullopt;
  bool isUnsigned = t.isUnsignedInteger();
  std::optional<CollectiveOp> r;
  if (*text == "add")
    r = CollectiveOp::Add;
  else if (*text == "min")
    r = isUnsigned ? CollectiveOp::UMin : CollectiveOp::Min;
  else if (*text == "max")
    r = isUnsigned ? CollectiveOp::UMax : CollectiveOp::Max;
  else if (*text == "and")
    r = CollectiveOp::And;
  else if (*text == "or")
    r = CollectiveOp::Or;
  else if (*text == "xor")
    r = CollectiveOp::Xor;
  if (!r) {
    error(op.loc, "unknown operation '" + *text + "' for '" + name +
                      "'; expected \"add\", \"min\", \"max\", \"and\", \"or\" "
                      "or \"xor\"");
    return std::nullopt;
  }
  if (t.isFloat() && (*r == CollectiveOp::And || *r == CollectiveOp::Or ||
                      *r == CollectiveOp::Xor)) {
    error(op.loc, "operation '" + *text + "' of '" + name +
                      "' needs integer values, got '" + t.str() + "'");
    return std::nullopt;
  }
  return r;
}

void Sema::checkCollective(ExprPtr &e, Builtin op, llvm::StringRef name) {
  auto *call = llvm::cast<CallExpr>(e.get());
  bool isSub = op == Builtin::SubGroupReduce;
  bool isBroadcast = op == Builtin::GroupBroadcast;
  std::vector<ExprPtr *> args;
  const char *third = isBroadcast ? "local_linear_id" : "op";
  if (!bindArguments(*call, name, {isSub ? "sub_group" : "group", "x", third},
                     3, args))
    return;
  ExprPtr &group = *args[0];
  checkObjectOrValue(group);
  if (!group->type.isValid())
    return;
  Type want = isSub ? Type::subGroup() : Type::group();
  if (group->type != want) {
    error(group->loc, "the first argument of '" + name + "' must be a '" +
                          want.str() + "' (from nd_item." +
                          (isSub ? "get_sub_group()" : "get_group()") +
                          "), got '" + group->type.str() + "'");
    return;
  }
  ExprPtr &x = *args[1];
  if (!checkCollectiveValue(x, name))
    return;
  auto b = std::make_unique<BuiltinExpr>(call->loc, op);
  b->exclusive = name == "group_exclusive_scan";
  if (isBroadcast) {
    ExprPtr &id = *args[2];
    checkExpr(id);
    if (!id->type.isValid())
      return;
    if (!id->type.isInteger()) {
      error(id->loc, "the local linear id of 'group_broadcast' must be an "
                     "integer, got '" +
                         id->type.str() + "'");
      return;
    }
    convertTo(id, Type::int64());
    if (!id->type.isValid())
      return;
    b->type = x->type;
    b->args.push_back(std::move(group));
    b->args.push_back(std::move(x));
    b->args.push_back(std::move(id));
  } else {
    std::optional<CollectiveOp> c = collectiveOp(**args[2], x->type, name);
    if (!c)
      return;
    b->collective = *c;
    b->type = x->type;
    b->args.push_back(std::move(group));
    b->args.push_back(std::move(x));
  }
  e = std::move(b);
}

void Sema::checkShuffle(ExprPtr &e, ExprPtr &sg, ShuffleMode mode,
                        llvm::StringRef name) {
  auto *call = llvm::cast<CallExpr>(e.get());
  const char *second = mode == ShuffleMode::Index ? "lane"
                       : mode == ShuffleMode::Xor ? "mask"
                                                  : "delta";
  std::vector<ExprPtr *> args;
  if (!bindArguments(*call, name, {"x", second}, 2, args))
    return;
  ExprPtr &x = *args[0];
  if (!checkCollectiveValue(x, name))
    return;
  ExprPtr &offset = *args[1];
  checkExpr(offset);
  if (!offset->type.isValid())
    return;
  if (!offset->type.isInteger()) {
    error(offset->loc, "the " + std::string(second) + " of '" + name +
                           "' must be an integer, got '" + offset->type.str() +
                           "'");
    return;
  }
  convertTo(offset, Type::int64());
  if (!offset->type.isValid())
    return;
  auto b = std::make_unique<BuiltinExpr>(call->loc, Builtin::Shuffle);
  b->shuffle = mode;
  b->type = x->type;
  b->args.push_back(std::move(sg));
  b->args.push_back(std::move(x));
  b->args.push_back(std::move(offset));
  e = std::move(b);
}
