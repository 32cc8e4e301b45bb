"""Random input values: boundaries, small numbers and the full range for
integers; small dyadic rationals for floats (so that sums and products
stay exact, see evaluate.py). Some integer arrays are divisor-friendly:
mostly 0, 1, -1 and the minimum, so that `x // a[i]` meets a zero
divisor and `MIN // -1` on some work-items (issue 25)."""
from .types import INTS, int_range, is_float, is_int


def random_value(rng, t):
    if t == "bool":
        return rng.random() < 0.5
    if is_float(t):
        pick = rng.random()
        if pick < 0.7:
            return rng.randint(-64, 64) / 4.0
        if pick < 0.9:
            return float(rng.randint(-(1 << 20), 1 << 20))
        return rng.choice((1, -1)) * 2.0 ** -rng.randint(1, 12)
    low, high = int_range(t)
    pick = rng.random()
    if pick < 0.4:
        return max(low, min(high, rng.randint(-10, 10)))
    if pick < 0.6:
        return rng.choice([low, high, low + 1, high - 1, 0, 1,
                           max(low, -1)])
    return rng.randint(low, high)


def divisor_pool(t):
    low, high = int_range(t)
    return [0, 0, 0, 1, 2, max(low, -1), max(low, -1), max(low, -2), low,
            high]


def random_array(rng, t, count):
    """`count` input values of `t`; 30% of integer arrays draw from
    divisor_pool (zeros, -1 and MIN next to one another)."""
    if is_int(t) and rng.random() < 0.3:
        pool = divisor_pool(t)
        return [rng.choice(pool) for _ in range(count)]
    return [random_value(rng, t) for _ in range(count)]


def random_scalar(rng, t):
    """A scalar argument: an integer one is 0 one time in six (a divisor
    that is zero for the whole launch)."""
    if is_int(t) and rng.random() < 0.17:
        return 0
    return random_value(rng, t)


def random_literal(rng, t):
    """A weak literal that fits `t` (never negative for unsigned types)."""
    if is_float(t):
        return rng.randint(-24, 24) / 4.0
    low, high = int_range(t)
    pick = rng.random()
    if pick < 0.75:
        return max(low, min(high, rng.randint(-9, 9)))
    if pick < 0.85:
        return rng.choice([low, high])
    return rng.randint(low, high)


def literal_fits(value, t):
    if is_float(t):
        return True
    low, high = int_range(t)
    return low <= value <= high


def width(t):
    return INTS[t][0]
