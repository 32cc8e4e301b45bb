# RUN: kilnc %s --emit=ast | FileCheck %s --check-prefix=AST
# RUN: kilnc %s --emit=kiln | FileCheck %s
# item.dimensions is an int64 query of the launch's rank, also inside a
# device function taking the Item, and mixes with int32 like any int64.

# AST: DeviceFunc rank_of
# AST: Return <
# AST-NEXT: ItemQuery it.dimensions : int64
# AST: Kernel k
# AST: ArrayElement out : int64
# AST-NEXT: VarRef i : int64
# AST-NEXT: Binary + : int64
# AST-NEXT: ItemQuery item.dimensions : int64
# AST-NEXT: ImplicitCast : int64
# AST-NEXT: VarRef small : int32
# AST: DeviceCall rank_of : int64

# CHECK-LABEL: kiln.device_func @rank_of(
# CHECK: %[[R:.+]] = kiln.item_dimensions %arg0
# CHECK: memref.store %[[R]]
# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.item_dimensions %arg0
# CHECK: kiln.call @rank_of(%arg0) : (!kiln.item) -> i64


@device_func
def rank_of(it: Item) -> int64:
    return it.dimensions


@kernel
def k(item: Item, small: int32, out: Array[int64]):
    i = item.get_id(0)
    out[i] = item.dimensions + small
    out[i] += rank_of(item)
