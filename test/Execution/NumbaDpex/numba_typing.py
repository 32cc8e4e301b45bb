# REQUIRES: opencl
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/numba_typing.py make %t
# RUN: kiln-run %s -k numba --device cpu --range 3 --arg n=@%t/n.npy --arg x=@%t/x.npy --arg i=@%t/i.npy --arg out=zeros:3x5 --out out=%t/out_decorator.npy
# RUN: %python %S/Inputs/numba_typing.py check %t _decorator | FileCheck %s --check-prefix=DECORATOR
# RUN: kiln-run %s -k plain --numba-typing --device cpu --range 3 --arg n=@%t/n.npy --arg x=@%t/x.npy --arg i=@%t/i.npy --arg out=zeros:3x5 --out out=%t/out_option.npy
# RUN: %python %S/Inputs/numba_typing.py check %t _option | FileCheck %s --check-prefix=OPTION
# RUN: kiln-run %s -k plain --device cpu --range 3 --arg n=@%t/n.npy --arg x=@%t/x.npy --arg i=@%t/i.npy --arg out=zeros:3x5 --out out=%t/out_kiln.npy 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: not %python %S/Inputs/numba_typing.py check %t _kiln 2>&1 | FileCheck %s --check-prefix=KILN
# Numba's typing (spec §6, docs/language.md §6.5) on the CPU device
# against NumPy, per kernel (@kernel(numba_typing=True)) and per compile
# (--numba-typing): 16777217 * 1.0 stays exact, x * 0.1 and int32 / int32
# are float64. Kiln's default rules give other numbers (and warn where the
# float literal meets the int64).
# DECORATOR: numba_typing_decorator: ok
# OPTION: numba_typing_option: ok
# WARN: numba_typing.py:[[@LINE+19]]:{{[0-9]+}}: warning: this float literal is float32 next to 'int64'
# KILN: numba_typing_kiln: got


@kernel(numba_typing=True)
def numba(item: Item, n: Array[int64], x: Array[float32], i: Array[int32], out: Array[float64, 2]):
    k = item.get_id(0)
    scale = 0.1
    out[k, 0] = n[k] * 1.0
    out[k, 1] = x[k] * scale
    out[k, 2] = i[k] / 3
    out[k, 3] = i[k] / i[2 - k]
    out[k, 4] = i[k] * x[k]


@kernel
def plain(item: Item, n: Array[int64], x: Array[float32], i: Array[int32], out: Array[float64, 2]):
    k = item.get_id(0)
    scale = 0.1
    out[k, 0] = n[k] * 1.0
    out[k, 1] = x[k] * scale
    out[k, 2] = i[k] / 3
    out[k, 3] = i[k] / i[2 - k]
    out[k, 4] = i[k] * x[k]
