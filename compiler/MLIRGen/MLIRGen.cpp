//===- MLIRGen.cpp - Kernels, types and variables -------------------------===//
//
// Lowering choices: a kernel becomes `kiln.kernel` (the Item as
// `!kiln.item`, arrays as `!kiln.array<T, N>`, bool as i1, integers as
// signless iN, floats as f16/f32/f64). Locals live in memory: one
// `memref.alloca() : memref<T>` per variable in the entry block, read and
// written with memref.load/store, so that structured control flow needs no
// block arguments; mem2reg-style passes later promote them.
//
//===----------------------------------------------------------------------===//
#include "compiler/MLIRGen/MLIRGen.h"
#include "compiler/MLIRGen/MLIRGenImpl.h"

#include "dialects/Kiln/IR/KilnDType.h"
#include "dialects/Kiln/IR/KilnDialect.h"
#include "dialects/Kiln/IR/KilnEnums.h"
#include "dialects/Kiln/IR/KilnOps.h"
#include "dialects/Kiln/IR/KilnTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"

using namespace kiln;
using namespace kiln::ir;
using namespace kiln::detail;
using mlir::Value;

mlir::OwningOpRef<mlir::ModuleOp> kiln::mlirGen(mlir::MLIRContext &context,
                                                const ast::Module &module,
                                                llvm::StringRef filename) {
  context.loadDialect<kiln::ir::KilnDialect, mlir::arith::ArithDialect,
                      mlir::math::MathDialect, mlir::memref::MemRefDialect,
                      mlir::scf::SCFDialect, mlir::complex::ComplexDialect>();
  return MLIRGenImpl(context, filename).run(module);
}

mlir::Location MLIRGenImpl::loc(SourceLoc l) {
  return mlir::FileLineColLoc::get(&ctx, filename, l.line, l.col);
}

mlir::Type MLIRGenImpl::toMLIR(Type t) {
  switch (t.kind()) {
  case Type::Kind::Scalar:
    return getDTypeType(&ctx, t.dtype());
  case Type::Kind::Array: {
    kiln::ir::MemorySpace space =
        t.space() == AddressSpace::Local     ? kiln::ir::MemorySpace::Local
        : t.space() == AddressSpace::Private ? kiln::ir::MemorySpace::Private
                                             : kiln::ir::MemorySpace::Global;
    return kiln::ir::ArrayType::get(&ctx, toMLIR(t.elementType()), t.rank(),
                                    space, t.isStrided());
  }
  case Type::Kind::Item:
    return kiln::ir::ItemType::get(&ctx);
  case Type::Kind::NdItem:
    return kiln::ir::NdItemType::get(&ctx);
  case Type::Kind::Group:
    return kiln::ir::GroupType::get(&ctx);
  case Type::Kind::SubGroup:
    return kiln::ir::SubGroupType::get(&ctx);
  case Type::Kind::AtomicRef:
  case Type::Kind::Void:
  case Type::Kind::Invalid:
    break;
  }
  return builder.getI1Type();
}

Value MLIRGenImpl::constInt(mlir::Location l, Type t, ast::IntValue v) {
  mlir::Type type = toMLIR(t);
  unsigned width = type.getIntOrFloatBitWidth();
  // Two's complement truncation to the type's width.
  llvm::APInt value(width, static_cast<uint64_t>(v), /*isSigned=*/false,
                    /*implicitTrunc=*/true);
  return mlir::arith::ConstantOp::create(builder, l,
                                         builder.getIntegerAttr(type, value));
}

Value MLIRGenImpl::constFloat(mlir::Location l, Type t, double v) {
  return mlir::arith::ConstantOp::create(builder, l,
                                         builder.getFloatAttr(toMLIR(t), v));
}

Value MLIRGenImpl::constBool(mlir::Location l, bool v) {
  return mlir::arith::ConstantOp::create(builder, l, builder.getBoolAttr(v));
}

Value MLIRGenImpl::constI64(mlir::Location l, int64_t v) {
  return mlir::arith::ConstantOp::create(builder, l,
                                         builder.getI64IntegerAttr(v));
}

Value MLIRGenImpl::readVar(const ast::VarDecl *d, mlir::Location l) {
  auto slot = slots.find(d);
  if (slot != slots.end())
    return mlir::memref::LoadOp::create(builder, l, slot->second,
                                        mlir::ValueRange());
  // An index object obtained in the body (`g = it.get_group()`): its
  // definition is pure, so it is evaluated again where it is used.
  if (d->init && d->type.isIndexObject())
    return genExpr(*d->init);
  if (d->viewInit)
    return arrayOf(d, l);
  return args.lookup(d);
}

Value MLIRGenImpl::arrayOf(const ast::VarDecl *d, mlir::Location l) {
  auto view = viewSlots.find(d);
  if (view == viewSlots.end())
    return args.lookup(d);
  Value array = arrayOf(d->viewInit->array, l);
  llvm::SmallVector<Value, 2> indices;
  for (Value slot : view->second)
    indices.push_back(
        mlir::memref::LoadOp::create(builder, l, slot, mlir::ValueRange()));
  auto op = kiln::ir::RowViewOp::create(builder, l, array, indices);
  // The view's name, for debug-mode reports of accesses through it.
  op->setAttr("kiln.name", builder.getStringAttr(d->name));
  return op;
}

Value MLIRGenImpl::entryAlloca(mlir::Location l, mlir::Type elementType) {
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entryBlock);
  return mlir::memref::AllocaOp::create(builder, l,
                                        mlir::MemRefType::get({}, elementType));
}

void MLIRGenImpl::writeVar(const ast::VarDecl *d, Value v, mlir::Location l) {
  mlir::memref::StoreOp::create(builder, l, v, slots.lookup(d),
                                mlir::ValueRange());
}

void MLIRGenImpl::genFunction(const ast::FunctionDef &fn) {
  mlir::Location l = loc(fn.loc);
  bool isKernel = fn.kind == ast::FunctionKind::Kernel;
  llvm::SmallVector<mlir::Type> inputs, results;
  for (const ast::VarDecl *p : fn.paramDecls)
    inputs.push_back(toMLIR(p->type));
  if (!isKernel && fn.returnsValue)
    results.push_back(toMLIR(fn.resultType));
  mlir::FunctionType type = builder.getFunctionType(inputs, results);
  mlir::FunctionOpInterface func;
  if (isKernel)
    func = kiln::ir::KernelOp::create(builder, l, fn.symbol, type,
                                      mlir::ArrayAttr(), mlir::ArrayAttr());
  else
    func = kiln::ir::DeviceFuncOp::create(builder, l, fn.symbol, type,
                                          mlir::ArrayAttr(), mlir::ArrayAttr());
  for (auto [i, p] : llvm::enumerate(fn.paramDecls)) {
    func.setArgAttr(i, "kiln.name", builder.getStringAttr(p->name));
    if (p->type.isScalar() || p->type.isArray())
      func.setArgAttr(i, kDTypeArgAttrName,
                      kiln::ir::DTypeAttr::get(&ctx, p->type.dtype()));
    if (isKernel && p->type.isArray() && p->type.space() == AddressSpace::Local)
      func.setArgAttr(i, "kiln.local_accessor", builder.getUnitAttr());
  }
  if (isKernel && fn.maxWorkGroupSize > 0)
    func->setAttr(kiln::ir::kMaxWorkGroupSizeAttrName,
                  builder.getI64IntegerAttr(fn.maxWorkGroupSize));
  if (isKernel && fn.minWorkGroupsPerCU > 0)
    func->setAttr(kiln::ir::kMinWorkGroupsPerCUAttrName,
                  builder.getI64IntegerAttr(fn.minWorkGroupsPerCU));
  if (!fn.constantParams.empty()) {
    // Metadata: the values this kernel was specialized with.
    llvm::SmallVector<mlir::NamedAttribute> entries;
    for (const ast::ConstantParam &c : fn.constantParams) {
      const ast::Expr &v = *c.value;
      mlir::Attribute attr;
      if (auto *i = llvm::dyn_cast<ast::IntLiteral>(&v))
        attr = builder.getIntegerAttr(
            toMLIR(c.type),
            llvm::APInt(c.type.bitWidth(), static_cast<uint64_t>(i->value),
                        /*isSigned=*/false,
                        /*implicitTrunc=*/true));
      else if (auto *f = llvm::dyn_cast<ast::FloatLiteral>(&v))
        attr = builder.getFloatAttr(toMLIR(c.type), f->value);
      else if (auto *b = llvm::dyn_cast<ast::BoolLiteral>(&v))
        attr = builder.getBoolAttr(b->value);
      if (attr)
        entries.push_back(builder.getNamedAttr(c.name, attr));
    }
    func->setAttr("kiln.constants", builder.getDictionaryAttr(entries));
  }
  if (fn.isExtern)
    return;
  mlir::Block *entry = func.addEntryBlock();
  entryBlock = entry;
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entry);
  slots.clear();
  args.clear();
  atomicSlots.clear();
  viewSlots.clear();
  loops.clear();
  for (auto [i, p] : llvm::enumerate(fn.paramDecls))
    args[p] = entry->getArgument(i);
  // One slot per scalar local, and per parameter the body assigns to;
  // local and private arrays are allocated here, once.
  for (const auto &d : fn.decls) {
    mlir::Location dl = loc(d->loc);
    if (d->atomicInit) {
      auto &indexSlots = atomicSlots[d.get()];
      for (size_t k = 0; k < d->atomicInit->indices.size(); ++k)
        indexSlots.push_back(mlir::memref::AllocaOp::create(
            builder, dl, mlir::MemRefType::get({}, builder.getI64Type())));
      continue;
    }
    if (d->viewInit) {
      auto &indexSlots = viewSlots[d.get()];
      for (size_t k = 0; k < d->viewInit->indices.size(); ++k)
        indexSlots.push_back(mlir::memref::AllocaOp::create(
            builder, dl, mlir::MemRefType::get({}, builder.getI64Type())));
      continue;
    }
    if (auto *alloc = llvm::dyn_cast_or_null<ast::BuiltinExpr>(d->init)) {
      mlir::Location al = loc(alloc->loc);
      mlir::Operation *op = nullptr;
      if (alloc->op == ast::Builtin::LocalArray)
        op = kiln::ir::LocalAllocOp::create(builder, al, toMLIR(alloc->type),
                                            alloc->shape);
      else if (alloc->op == ast::Builtin::PrivateArray)
        op = kiln::ir::PrivateAllocOp::create(builder, al, toMLIR(alloc->type),
                                              alloc->shape);
      if (op) {
        // The source name, for debug-mode reports (kiln-instrument-debug).
        op->setAttr("kiln.name", builder.getStringAttr(d->name));
        args[d.get()] = op->getResult(0);
      }
      continue;
    }
    if (!d->type.isScalar() || (d->isParam && !d->isAssigned))
      continue;
    auto type = mlir::MemRefType::get({}, toMLIR(d->type));
    Value slot = mlir::memref::AllocaOp::create(builder, dl, type);
    slots[d.get()] = slot;
    if (d->isParam)
      writeVar(d.get(), args[d.get()], dl);
  }
  exitFlag = nullptr;
  resultSlot = nullptr;
  if (!isKernel && fn.returnsValue)
    resultSlot = mlir::memref::AllocaOp::create(
        builder, l, mlir::MemRefType::get({}, toMLIR(fn.resultType)));
  bool nestedReturn = false;
  for (const auto &s : fn.body)
    nestedReturn |= !llvm::isa<ast::ReturnStmt>(s.get()) && containsReturn(*s);
  if (nestedReturn) {
    exitFlag = mlir::memref::AllocaOp::create(
        builder, l, mlir::MemRefType::get({}, builder.getI1Type()));
    mlir::memref::StoreOp::create(builder, l, constBool(l, false), exitFlag,
                                  mlir::ValueRange());
  }
  genBlock(fn.body);
  if (resultSlot)
    kiln::ir::ReturnOp::create(
        builder, l,
        mlir::ValueRange{mlir::memref::LoadOp::create(builder, l, resultSlot,
                                                      mlir::ValueRange())});
  else
    kiln::ir::ReturnOp::create(builder, l);
}

mlir::OwningOpRef<mlir::ModuleOp> MLIRGenImpl::run(const ast::Module &module) {
  mlir::OwningOpRef<mlir::ModuleOp> result =
      mlir::ModuleOp::create(loc(SourceLoc{nullptr, 1, 1}));
  builder.setInsertionPointToEnd(result->getBody());
  // Generic functions are compiled only through their specializations.
  for (const auto &fn : module.functions)
    if (!fn->isGeneric)
      genFunction(*fn);
  if (failed)
    return nullptr;
  if (mlir::failed(mlir::verify(*result))) {
    mlir::emitError(
        result->getLoc(),
        "internal error: the generated kiln module does not verify");
    return nullptr;
  }
  return result;
}
