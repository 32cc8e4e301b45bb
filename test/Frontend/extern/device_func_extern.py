# RUN: kilnc %s --emit=kiln | FileCheck %s
# @device_func(extern=True) with a `...` body declares a function resolved
# at link time (e.g. libdevice): a body-less kiln.device_func.
# (In its own folder: compiling further needs a linked bitcode library, so
# test/Target/Inputs/validate_kernels.py, which takes Frontend/*.py, skips it.)

# CHECK-LABEL: kiln.kernel @k(
# CHECK: kiln.call @__nv_cbrtf(%{{.+}}) : (f32) -> f32
# CHECK: kiln.call @log_value(%{{.+}}) : (!kiln.array<f32, 1>) -> ()
# CHECK: kiln.device_func @__nv_cbrtf(f32 {kiln.dtype = #kiln.dtype<float32>, kiln.name = "x"}) -> f32{{$}}
# CHECK: kiln.device_func @log_value(!kiln.array<f32, 1> {kiln.dtype = #kiln.dtype<float32>, kiln.name = "a"}){{$}}
@kernel
def k(item: Item, a: Array[float32]):
    a[0] = __nv_cbrtf(a[1])
    log_value(a)

@device_func(extern=True)
def __nv_cbrtf(x: float32) -> float32:
    ...

@device_func(extern=True)
def log_value(a: Array[float32]) -> None:
    """Docstrings are allowed."""
    ...
