# The kernel of division_by_zero.py: `//`, `%` and their in-place forms on
# one generic element type (each integer type is its own specialization).


@kernel
def division(item: Item, a, b, q, r, qi, ri):
    i = item.get_id(0)
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
    x = a[i]
    x //= b[i]
    qi[i] = x
    y = a[i]
    y %= b[i]
    ri[i] = y
