# RUN: kilnc %s --emit=kiln | FileCheck %s
"""Module docstring."""
import kiln
from kiln import *

# Parameters keep their source names (kiln.name) and spec dtypes
# (kiln.dtype: signless MLIR integers drop the signedness). Aliases f32,
# i16, u8 and numpy spellings are accepted.
# CHECK-LABEL: kiln.kernel @plain(
# CHECK-SAME: %arg0: !kiln.item {kiln.name = "item"}
# CHECK-SAME: %arg1: f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "a"}
# CHECK-SAME: %arg2: i16 {kiln.dtype = #kiln.dtype<int16>, kiln.name = "b"}
# CHECK-SAME: %arg3: i8 {kiln.dtype = #kiln.dtype<uint8>, kiln.name = "c"}
# CHECK-SAME: %arg4: f64 {kiln.dtype = #kiln.dtype<float64>, kiln.name = "d"}
# CHECK-SAME: %arg5: i1 {kiln.dtype = #kiln.dtype<bool>, kiln.name = "e"}
# CHECK-SAME: %arg6: !kiln.array<i32, 1> {kiln.dtype = #kiln.dtype<int32>, kiln.name = "x"}
# CHECK-SAME: %arg7: !kiln.array<i8, 3> {kiln.dtype = #kiln.dtype<uint8>, kiln.name = "y"}
@kernel
def plain(item: Item, a: f32, b: i16, c: u8, d: np.float64, e: bool, x: Array[int32], y: Array[uint8, 3]):
    pass

# CHECK-LABEL: kiln.kernel @qualified(%arg0: !kiln.item {kiln.name = "it"})
@kiln.kernel
def qualified(it: kiln.Item):
    pass

# CHECK-LABEL: kiln.kernel @called(%arg0: !kiln.item {kiln.name = "item"})
# CHECK-NEXT: kiln.return
@kernel()
def called(item: Item) -> None:
    ...

def not_compiled(x):
    return [x] * 3
