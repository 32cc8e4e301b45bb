"""Integer floor division and modulo, 16 of each per element, with a
divisor that changes every step (so no guard can be hoisted): the cost of
the language's defined division by zero (docs/language.md §6.3: `x // 0`
and `x % 0` are 0; the generated code selects around the division).

    kiln-run bench/kernels/kiln/int_division.py -k int_division \
        --range N --arg a=@a.npy --arg b=@b.npy --arg out=zeros:N
"""
from kiln import kernel, Item, Array, int32


@kernel
def int_division(item: Item, a: Array[int32], b: Array[int32],
                 out: Array[int32]):
    i = item.get_id(0)
    x = a[i]
    d = b[i]
    acc: int32 = 0
    for k in range(16):
        dk = d + int32(k)
        acc += x // dk + x % dk
        x = x * 3 + 1
    out[i] = acc
