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

#include "dialects/Kiln/IR/KilnDialect.h"
#include "dialects/Kiln/IR/KilnOps.h"
#include "dialects/Kiln/IR/KilnTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"

using namespace kiln;
using namespace kiln::detail;
using mlir::Value;

mlir::OwningOpRef<mlir::ModuleOp> kiln::mlirGen(mlir::MLIRContext &context,
                                                const ast::Module &module,
                                                llvm::StringRef filename) {
  context.loadDialect<kiln::KilnDialect, mlir::arith::ArithDialect,
                      mlir::math::MathDialect, mlir::memref::MemRefDialect,
                      mlir::scf::SCFDialect>();
  return MLIRGenImpl(context, filename).run(module);
}

mlir::Location MLIRGenImpl::loc(SourceLoc l) {
  return mlir::FileLineColLoc::get(&ctx, filename, l.line, l.col);
}

mlir::Type MLIRGenImpl::toMLIR(Type t) {
  switch (t.kind()) {
  case Type::Kind::Scalar: {
    if (t.isFloat()) {
      switch (t.bitWidth()) {
      case 16:
        return builder.getF16Type();
      case 32:
        return builder.getF32Type();
      default:
        return builder.getF64Type();
      }
    }
    return builder.getIntegerType(t.bitWidth());
  }
  case Type::Kind::Array:
    return kiln::ArrayType::get(&ctx, toMLIR(t.elementType()), t.rank());
  case Type::Kind::Item:
    return kiln::ItemType::get(&ctx);
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
  return args.lookup(d);
}

void MLIRGenImpl::writeVar(const ast::VarDecl *d, Value v, mlir::Location l) {
  mlir::memref::StoreOp::create(builder, l, v, slots.lookup(d),
                                mlir::ValueRange());
}

void MLIRGenImpl::genKernel(const ast::FunctionDef &fn) {
  mlir::Location l = loc(fn.loc);
  llvm::SmallVector<mlir::Type> inputs;
  for (const ast::VarDecl *p : fn.paramDecls)
    inputs.push_back(toMLIR(p->type));
  auto kernel = kiln::KernelOp::create(
      builder, l, fn.name, builder.getFunctionType(inputs, {}),
      mlir::ArrayAttr(), mlir::ArrayAttr());
  for (auto [i, p] : llvm::enumerate(fn.paramDecls)) {
    kernel.setArgAttr(i, "kiln.name", builder.getStringAttr(p->name));
    if (p->type.isScalar() || p->type.isArray())
      kernel.setArgAttr(i, "kiln.dtype",
                        builder.getStringAttr(scalarKindName(p->type.scalarKind())));
  }
  mlir::Block *entry = kernel.addEntryBlock();
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entry);
  slots.clear();
  args.clear();
  for (auto [i, p] : llvm::enumerate(fn.paramDecls))
    args[p] = entry->getArgument(i);
  // One slot per local, and per parameter the body assigns to.
  for (const auto &d : fn.decls) {
    if (d->isParam && !d->isAssigned)
      continue;
    mlir::Location dl = loc(d->loc);
    auto type = mlir::MemRefType::get({}, toMLIR(d->type));
    Value slot = mlir::memref::AllocaOp::create(builder, dl, type);
    slots[d.get()] = slot;
    if (d->isParam)
      writeVar(d.get(), args[d.get()], dl);
  }
  exitFlag = nullptr;
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
  kiln::ReturnOp::create(builder, l);
}

mlir::OwningOpRef<mlir::ModuleOp> MLIRGenImpl::run(const ast::Module &module) {
  mlir::OwningOpRef<mlir::ModuleOp> result =
      mlir::ModuleOp::create(loc(SourceLoc{nullptr, 1, 1}));
  builder.setInsertionPointToEnd(result->getBody());
  for (const auto &fn : module.functions)
    if (fn->kind == ast::FunctionKind::Kernel)
      genKernel(*fn);
  if (failed)
    return nullptr;
  if (mlir::failed(mlir::verify(*result))) {
    mlir::emitError(result->getLoc(),
                    "internal error: the generated kiln module does not verify");
    return nullptr;
  }
  return result;
}
