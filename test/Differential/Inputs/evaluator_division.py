"""The reference evaluator's integer division (language.md §6.3, issue
25) for every width, and the generator's divisors: zero-prone at run time,
never a literal zero (a compile error). Run by evaluator-division.test."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tools", "kiln-difftest"))

from kdt import nodes as N  # noqa: E402
from kdt.batch import make_kernels  # noqa: E402
from kdt.evaluate import Evaluator, WorkItem, int_op  # noqa: E402
from kdt.types import INTS, Reject, int_range  # noqa: E402

for t, (width, signed) in INTS.items():
    low, high = int_range(t)
    for x in (low, low + 1, -1, 0, 1, 7, high - 1, high):
        if low <= x <= high:
            assert int_op("//", x, 0, t) == 0, (t, x)
            assert int_op("%", x, 0, t) == 0, (t, x)
    if signed:
        assert int_op("//", low, -1, t) == low, t
        assert int_op("%", low, -1, t) == 0, t
        assert int_op("//", -7, 2, t) == -4 and int_op("%", -7, 2, t) == 1
        assert int_op("//", 7, -2, t) == -4 and int_op("%", 7, -2, t) == -1
        assert int_op("//", high, -1, t) == -high
    else:
        assert int_op("//", high, 1, t) == high and int_op("%", high, 2, t) == 1

# The evaluator counts zero divisors (debug mode must report them) and
# MIN // -1; a float zero divisor is still rejected.
evaluator = Evaluator({})
item = WorkItem(0, 0, 0)
item.env.update(z=0, m=-128, n=-1)
quotient = N.Bin("//", N.Var("m", "int8"), N.Var("z", "int8"), "int8", "int8")
assert evaluator.expr(quotient, item) == 0
remainder = N.Bin("%", N.Var("m", "int8"), N.Var("n", "int8"), "int8", "int8")
assert evaluator.expr(remainder, item) == 0
assert (evaluator.zero_divisions, evaluator.min_by_minus_one) == (1, 1)
try:
    evaluator.expr(N.Bin("/", N.Lit(1.0, "float32"), N.Var("z", "float32"),
                         "float32", "float32"), item)
    raise AssertionError("float zero divisor accepted")
except Reject:
    pass

# Generated programs: zero divisors at run time in many, MIN // -1 in
# some, a literal zero divisor in none.
kernels = make_kernels(4242, 60)
zero = sum(k.divides_by_zero() for k in kernels)
minimum = sum(k.evaluator.min_by_minus_one > 0 for k in kernels)
literal_zero = re.compile(r"(/|//|%)=? \(?-?0(\.0)?\)?(\)|$)")
for k in kernels:
    for line in k.source().splitlines():
        assert not literal_zero.search(line), line
assert zero >= 15 and minimum >= 1, (zero, minimum)
print("evaluator division: ok (%d of %d programs divide by zero, %d MIN by "
      "-1)" % (zero, len(kernels), minimum))
