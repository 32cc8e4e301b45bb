//===- InstrumentDebug.cpp - Bounds checks and asserts for debug mode -----===//
//
// Spec §7: in debug mode an out-of-bounds access is not performed (a load
// yields 0, a store is dropped) and the first violation, like a failed
// assert, is reported to the host through the launch's DebugRecord; so is
// an integer division by zero (whose result stays the language's 0).
//
//===----------------------------------------------------------------------===//
#include "dialects/Kiln/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace kiln {
#define GEN_PASS_DEF_KILNINSTRUMENTDEBUG
#include "dialects/Kiln/Transforms/Passes.h.inc"
} // namespace kiln

using namespace mlir;
using namespace kiln;
using namespace kiln::ir;

namespace {

std::pair<unsigned, unsigned> lineAndColumn(Location loc) {
  if (auto flc = loc->findInstanceOf<FileLineColLoc>())
    return {flc.getLine(), flc.getColumn()};
  return {0, 0};
}

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Value part = zeroOf(b, loc, complex.getElementType());
    return complex::CreateOp::create(b, loc, type, part, part);
  }
  return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
}

class Instrumenter {
public:
  explicit Instrumenter(ModuleOp module) : module(module) {}

  void run();

private:
  /// Index of the source name of `array` in the module's name table.
  unsigned nameIndex(Value array);

  /// Builds the check for an access to `array[indices]` before `op`.
  Value check(OpBuilder &b, Operation *op, Value debug, Value array,
              ValueRange indices);

  /// Moves `op` into `if (ok) { op }` and yields its results, or zeros.
  void guard(Operation *op, Value debug, Value array, ValueRange indices);

  void instrumentAssert(AssertOp op, Value debug);

  /// Reports a zero divisor of an integer `//` or `%` (language.md §6.3
  /// defines the result as 0; debug mode says it happened).
  void instrumentDivision(Operation *op, Value debug, bool isRemainder,
                          bool isUnsigned);

  ModuleOp module;
  std::vector<std::string> names;
  llvm::StringMap<unsigned> nameIndices;
};

unsigned Instrumenter::nameIndex(Value array) {
  std::string name = "<array>";
  if (auto arg = dyn_cast<BlockArgument>(array)) {
    auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (func)
      if (auto attr = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                        "kiln.name"))
        name = attr.str();
  } else if (Operation *def = array.getDefiningOp()) {
    if (auto attr = def->getAttrOfType<StringAttr>("kiln.name"))
      name = attr.str();
  }
  auto [it, inserted] = nameIndices.try_emplace(name, names.size());
  if (inserted)
    names.push_back(name);
  return it->second;
}

Value Instrumenter::check(OpBuilder &b, Operation *op, Value debug, Value array,
                          ValueRange indices) {
  auto [line, column] = lineAndColumn(op->getLoc());
  return BoundsCheckOp::create(b, op->getLoc(), b.getI1Type(), debug, array,
                               indices, nameIndex(array), line, column);
}

void Instrumenter::guard(Operation *op, Value debug, Value array,
                         ValueRange indices) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value ok = check(b, op, debug, array, indices);
  // A complex result leaves the branch as its two parts: a phi of the
  // {re, im} struct breaks the SPIR-V back end.
  SmallVector<Type> types;
  for (Type type : op->getResultTypes()) {
    auto complex = dyn_cast<ComplexType>(type);
    types.append(complex ? 2 : 1, complex ? complex.getElementType() : type);
  }
  auto yieldParts = [&](ValueRange values) {
    SmallVector<Value> parts;
    for (Value v : values) {
      if (!isa<ComplexType>(v.getType())) {
        parts.push_back(v);
        continue;
      }
      parts.push_back(complex::ReOp::create(b, loc, v));
      parts.push_back(complex::ImOp::create(b, loc, v));
    }
    scf::YieldOp::create(b, loc, parts);
  };
  auto ifOp = scf::IfOp::create(b, loc, types, ok,
                                /*withElseRegion=*/op->getNumResults() > 0);
  if (op->getNumResults() > 0) {
    b.setInsertionPointToStart(ifOp.elseBlock());
    SmallVector<Value> zeros;
    for (Type type : op->getResultTypes())
      zeros.push_back(zeroOf(b, loc, type));
    yieldParts(zeros);
    b.setInsertionPointAfter(ifOp);
    SmallVector<Value> results;
    unsigned next = 0;
    for (Type type : op->getResultTypes()) {
      if (!isa<ComplexType>(type)) {
        results.push_back(ifOp.getResult(next++));
        continue;
      }
      results.push_back(complex::CreateOp::create(
          b, loc, type, ifOp.getResult(next), ifOp.getResult(next + 1)));
      next += 2;
    }
    op->replaceAllUsesWith(results);
    op->moveBefore(ifOp.thenBlock(), ifOp.thenBlock()->begin());
    b.setInsertionPointAfter(op);
    yieldParts(op->getResults());
  } else {
    op->moveBefore(ifOp.thenBlock()->getTerminator());
  }
}

void Instrumenter::instrumentAssert(AssertOp op, Value debug) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value failed = arith::XOrIOp::create(
      b, loc, op.getCondition(),
      arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  auto ifOp = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  auto [line, column] = lineAndColumn(loc);
  ReportAssertOp::create(b, loc, debug, line, column);
  op.erase();
}

void Instrumenter::instrumentDivision(Operation *op, Value debug,
                                      bool isRemainder, bool isUnsigned) {
  // MLIRGen divides by a guarded divisor (never 0); the user's divisor is
  // the guard's false operand. A division from elsewhere (a DSL's .mlir)
  // is checked on its own divisor.
  Value divisor = op->getOperand(1);
  if (auto guard = divisor.getDefiningOp<arith::SelectOp>())
    if (guard->hasAttr(kDivisorGuardAttrName))
      divisor = guard.getFalseValue();
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value zero = zeroOf(b, loc, divisor.getType());
  Value isZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, divisor, zero);
  auto ifOp = scf::IfOp::create(b, loc, isZero, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  auto [line, column] = lineAndColumn(loc);
  ReportDivisionByZeroOp::create(b, loc, debug, op->getOperand(0), divisor,
                                 isRemainder, isUnsigned, line, column);
}

void Instrumenter::run() {
  MLIRContext *ctx = module.getContext();
  auto debugType = DebugType::get(ctx);
  SmallVector<FunctionOpInterface> funcs;
  module.walk([&](FunctionOpInterface func) {
    if (!func.isExternal() && isa<KernelOp, DeviceFuncOp>(func))
      funcs.push_back(func);
  });
  llvm::DenseSet<StringAttr> instrumented;
  for (FunctionOpInterface func : funcs) {
    func.insertArgument(func.getNumArguments(), debugType, DictionaryAttr(),
                        func.getLoc());
    instrumented.insert(func.getNameAttr());
  }
  for (FunctionOpInterface func : funcs) {
    Value debug = func.getArgument(func.getNumArguments() - 1);
    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops)
      TypeSwitch<Operation *>(op)
          .Case<CallOp>([&](CallOp call) {
            if (instrumented.contains(call.getCalleeAttr().getAttr()))
              call->insertOperands(call->getNumOperands(), debug);
          })
          .Case<LoadOp, AtomicRMWOp, AtomicLoadOp, AtomicCmpXchgOp>(
              [&](auto access) {
                guard(access, debug, access.getArray(), access.getIndices());
              })
          .Case<StoreOp, AtomicStoreOp>([&](auto access) {
            guard(access, debug, access.getArray(), access.getIndices());
          })
          .Case<AssertOp>([&](AssertOp a) { instrumentAssert(a, debug); })
          .Case<arith::FloorDivSIOp, arith::DivSIOp, arith::CeilDivSIOp>(
              [&](Operation *div) {
                instrumentDivision(div, debug, false, false);
              })
          .Case<arith::DivUIOp, arith::CeilDivUIOp>([&](Operation *div) {
            instrumentDivision(div, debug, false, true);
          })
          .Case<arith::RemSIOp>([&](Operation *rem) {
            instrumentDivision(rem, debug, true, false);
          })
          .Case<arith::RemUIOp>([&](Operation *rem) {
            instrumentDivision(rem, debug, true, true);
          });
  }
  SmallVector<Attribute> nameAttrs;
  for (const std::string &name : names)
    nameAttrs.push_back(StringAttr::get(ctx, name));
  module->setAttr("kiln.debug_names", ArrayAttr::get(ctx, nameAttrs));
}

struct InstrumentDebugPass
    : kiln::impl::KilnInstrumentDebugBase<InstrumentDebugPass> {
  void runOnOperation() override { Instrumenter(getOperation()).run(); }
};

} // namespace
