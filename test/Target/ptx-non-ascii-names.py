# RUN: kilnc %s --target ptx -O0 -o - | FileCheck %s
# Python names may be non-ASCII; PTX identifiers may not (NVPTX failed with
# "Symbol name with unsupported characters", no location). Each byte of a
# non-ASCII name becomes $XX (runtime's ptxSymbolName; a Python name has no
# `$`, so no clash), for every function and global; the kernel
# metadata keeps the user's name and the CUDA driver looks the entry up by
# ptxSymbolName, so `kiln-run -k café` finds it.

# CHECK: .globl caf$C3$A9
# CHECK: .visible .entry caf$C3$A9(
# CHECK-NEXT: .param .u64 caf$C3$A9_param_0,


@device_func
def añadir(x: float32) -> float32:
    return x + 1.0


@kernel
def café(item: Item, a: Array[float32]):
    i = item.get_id(0)
    a[i] = añadir(a[i])
