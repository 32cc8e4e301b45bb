# RUN: kilnc %s --emit=ast | FileCheck %s
# The checked AST: every expression has its type, conversions are explicit.

# CHECK: Kernel k <[[@LINE+10]]:5>
# CHECK-NEXT: Param item : Item
# CHECK-NEXT: Param n : int32
# CHECK: Assign
# CHECK-NEXT: VarRef y : float32
# CHECK-NEXT: Binary * : float32
# CHECK-NEXT: ImplicitCast : float32
# CHECK-NEXT: VarRef n : int32
# CHECK-NEXT: Float 2.5 : float32
@kernel
def k(item: Item, n: int32):
    y = n * 2.5
