//===- kiln-opt.cpp - mlir-opt with Kiln's dialects and passes ------------===//
//
// The driver lit tests use to exercise the kiln dialect and its lowering
// one pass at a time.
//
//===----------------------------------------------------------------------===//
#include "compiler/Pipeline/Registration.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::registerConvertMathToFuncs();
  mlir::registerSCFToControlFlowPass();
  mlir::registerReconcileUnrealizedCastsPass();
  kiln::registerKilnPasses();
  mlir::DialectRegistry registry;
  kiln::registerKilnCompilerDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Kiln optimizer driver\n", registry));
}
