//===- ArgumentBlockEntry.cpp - Kernels reading arguments from memory -----===//
//
// The entry K__kiln_argblock is a copy of K's entry point whose parameters
// that live in the block are replaced by loads from it: K's range guard and
// its call of the always-inline body come along, so after -O it is one
// kernel, like K. Cloning (rather than calling a copy of K) keeps debug
// information valid without a call site to describe: the clone gets its
// own subprogram. The copy's calling convention and attributes are K's,
// which is what makes it a kernel on each target (ptx_kernel on NVPTX,
// spir_kernel on SPIR-V).
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/ArgumentBlockEntry.h"

#include "kiln/runtime/ArgumentBlock.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace kiln {
namespace {

/// Global memory, where the block lives (TargetInfo: global is 1).
constexpr unsigned kGlobalAddressSpace = 1;

Error entryError(const KernelMetadata &kernel, const Twine &message) {
  return createStringError("argument-block entry of kernel '" + kernel.name +
                           "': " + message);
}

Error addEntry(Module &module, const KernelMetadata &kernel) {
  Function *original = module.getFunction(kernel.name);
  if (!original || original->isDeclaration())
    return entryError(kernel, "the kernel has no entry point");
  std::string name = argumentBlockEntryName(kernel.name);
  if (module.getNamedValue(name))
    return entryError(kernel, "'" + name + "' is already defined");

  unsigned userArgs = 0;
  for (const KernelParam &param : kernel.params)
    userArgs += nativeArgumentCount(param);
  unsigned trailing = kernel.debug ? 1 : 0;
  // Three range extents, and the launch rank for kernels that take it.
  if (original->arg_size() < 3 + userArgs + trailing)
    return entryError(kernel, "the entry point has " +
                                  Twine(original->arg_size()) +
                                  " arguments, fewer than its metadata says");
  unsigned leading = original->arg_size() - userArgs - trailing;

  // Which native argument comes from which block field; null: direct.
  ArgumentBlockLayout layout = argumentBlockLayout(kernel);
  std::vector<const ArgumentBlockField *> fieldOf(original->arg_size(),
                                                  nullptr);
  unsigned next = leading;
  size_t field = 0;
  for (const KernelParam &param : kernel.params) {
    unsigned count = nativeArgumentCount(param);
    if (param.kind == ParamKind::LocalAccessor) {
      next += count;
      continue;
    }
    for (unsigned i = 0; i < count; ++i)
      fieldOf[next++] = &layout.fields[field++];
  }

  // The entry's ABI: leading arguments, the block (pointer, extent), its
  // offset, then every direct argument in order.
  LLVMContext &context = module.getContext();
  Type *i64 = Type::getInt64Ty(context);
  SmallVector<Type *> types;
  for (unsigned i = 0; i < leading; ++i)
    types.push_back(original->getArg(i)->getType());
  types.push_back(PointerType::get(context, kGlobalAddressSpace));
  types.push_back(i64);
  types.push_back(i64);
  for (unsigned i = leading; i < original->arg_size(); ++i)
    if (!fieldOf[i])
      types.push_back(original->getArg(i)->getType());
  Function *entry = Function::Create(
      FunctionType::get(Type::getVoidTy(context), types, false),
      GlobalValue::ExternalLinkage, name, module);
  unsigned blockIndex = leading;
  Argument *block = entry->getArg(blockIndex);
  block->setName("argument_block");
  entry->getArg(blockIndex + 1)->setName("argument_block_size");
  Argument *offset = entry->getArg(blockIndex + 2);
  offset->setName("argument_block_offset");

  BasicBlock *loads = BasicBlock::Create(context, "load_arguments", entry);
  IRBuilder<> b(loads);
  Value *base = b.CreateInBoundsGEP(b.getInt8Ty(), block, offset);
  const DataLayout &dataLayout = module.getDataLayout();
  ValueToValueMapTy map;
  unsigned direct = blockIndex + 3;
  for (unsigned i = 0; i < original->arg_size(); ++i) {
    Argument *arg = original->getArg(i);
    if (i < leading) {
      map[arg] = entry->getArg(i);
      continue;
    }
    const ArgumentBlockField *f = fieldOf[i];
    if (!f) {
      map[arg] = entry->getArg(direct++);
      continue;
    }
    if (dataLayout.getTypeStoreSize(arg->getType()) != f->size)
      return entryError(
          kernel,
          "native argument " + Twine(i) + " is " +
              Twine(
                  dataLayout.getTypeStoreSize(arg->getType()).getFixedValue()) +
              " bytes, its block field " + Twine(f->size));
    Value *at = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, f->offset);
    map[arg] = b.CreateAlignedLoad(arg->getType(), at, Align(f->size));
  }

  SmallVector<ReturnInst *> returns;
  CloneFunctionInto(entry, original, map,
                    CloneFunctionChangeType::LocalChangesOnly, returns);
  // The copy must stay a kernel entry point, not K's linkage or name.
  entry->setLinkage(GlobalValue::ExternalLinkage);
  // Only reads through the block: lets -O hoist and merge the loads.
  entry->addParamAttr(blockIndex, Attribute::ReadOnly);
  BasicBlock *body = loads->getNextNode();
  b.CreateBr(body);
  MergeBlockIntoPredecessor(body);
  return Error::success();
}

} // namespace

Error addArgumentBlockEntries(Module &module,
                              const std::vector<KernelMetadata> &kernels) {
  for (const KernelMetadata &kernel : kernels)
    if (Error error = addEntry(module, kernel))
      return error;
  return Error::success();
}

void appendArgumentBlockEntryMetadata(std::vector<KernelMetadata> &kernels) {
  size_t count = kernels.size();
  for (size_t i = 0; i < count; ++i) {
    KernelMetadata entry = argumentBlockEntryMetadata(kernels[i]);
    kernels[i].argumentBlockEntry = entry.name;
    kernels.push_back(std::move(entry));
  }
}

} // namespace kiln
