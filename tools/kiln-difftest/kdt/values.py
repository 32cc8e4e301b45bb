"""Random input values: boundaries, small numbers and the full range for
integers; small dyadic rationals for floats (so that sums and products
stay exact, see evaluate.py)."""
from .types import INTS, int_range, is_float


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
