//===- ConstantValue.cpp - A compile-time value of the language -----------===//
#include "compiler/Frontend/ConstantValue.h"

#include "llvm/Support/ErrorHandling.h"

using namespace kiln;

std::string kiln::toString(IntValue v) {
  if (v == 0)
    return "0";
  bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v)
                                 : static_cast<unsigned __int128>(v);
  std::string s;
  while (u != 0) {
    s.insert(s.begin(), char('0' + unsigned(u % 10)));
    u /= 10;
  }
  return negative ? "-" + s : s;
}

double ConstantValue::asDouble() const {
  switch (kind) {
  case Kind::Int:
    return static_cast<double>(i);
  case Kind::Float:
    return f;
  case Kind::Bool:
    return b ? 1.0 : 0.0;
  }
  llvm_unreachable("the switch on kind covers every value");
}

IntValue ConstantValue::asInt() const {
  return kind == Kind::Bool ? IntValue(b) : i;
}

bool ConstantValue::truthy() const {
  switch (kind) {
  case Kind::Int:
    return i != 0;
  case Kind::Float:
    return f != 0; // NaN is truthy, as in Python.
  case Kind::Bool:
    return b;
  }
  llvm_unreachable("the switch on kind covers every value");
}
