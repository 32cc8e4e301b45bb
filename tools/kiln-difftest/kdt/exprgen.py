"""Random well-typed expressions. Every node gets its spec type here
(types.promote and the operator rules of language.md §6); literals are
weak and take the type of the other operand, so they are only made next
to a typed operand and always fit it.

Integer `//` and `%` are defined for every divisor (language.md §6.3):
divisors are often zero-prone (`e % 3`, `e & 1`, `(e % 3) - 1`, `e - e`)
and dividends often the minimum, so that zero divisors and MIN // -1
happen at run time. A literal 0 divisor is a compile error, never made."""
from . import nodes as N
from .types import ALL, INTS, int_range, is_float, is_int, promote
from .values import random_literal, width

KINDS = [("arith", 30), ("div", 8), ("bitwise", 8), ("shift", 6),
         ("pow", 3), ("truediv", 4), ("compare", 10), ("boolop", 4),
         ("unary", 6), ("cast", 10), ("minmax", 5), ("abs", 3),
         ("ifexp", 4), ("chain", 3), ("select", 3)]


class ExprGen:
    """`scope` lists the readable variables (N.Var); `loads` the loads that
    may appear as leaves (global inputs at `i`, written private
    elements)."""

    def __init__(self, rng, scope, loads):
        self.rng, self.scope, self.loads = rng, scope, loads

    def pick(self, weighted):
        total = sum(w for _, w in weighted)
        x = self.rng.uniform(0, total)
        for item, w in weighted:
            x -= w
            if x <= 0:
                return item
        return weighted[-1][0]

    def expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf()
        return getattr(self, "make_" + self.pick(KINDS))(depth - 1)

    def leaf(self):
        if self.loads and self.rng.random() < 0.45:
            return self.rng.choice(self.loads)()
        return self.rng.choice(self.scope)

    def typed(self, depth, want):
        """An expression of a type accepted by `want` (a predicate); a cast
        to a random accepted type if the first try is not."""
        e = self.expr(depth)
        if want(e.ty):
            return e
        target = self.rng.choice([t for t in ALL if want(t)])
        return N.Call(target, [e], target)

    def literal(self, t, nonzero=False):
        value = random_literal(self.rng, t)
        while nonzero and value == 0:
            value = random_literal(self.rng, t)
        return N.Lit(value, t)

    def operands(self, depth, want=lambda t: True, nonzero=False,
                 literal_ok=True):
        """Two operands; sometimes one is a weak literal of the other's
        type (never next to a bool, where a literal would be int64)."""
        left = self.typed(depth, want)
        if literal_ok and left.ty != "bool" and self.rng.random() < 0.35:
            right = self.literal(left.ty, nonzero)
            if not nonzero and self.rng.random() < 0.3:
                return right, left
            return left, right
        return left, self.typed(depth, want)

    def make_arith(self, depth):
        op = self.rng.choice("+-*")
        left = self.typed(depth, lambda t: True)
        if is_int(left.ty) and self.rng.random() < 0.1:
            right = N.Lit(self.rng.randint(-8, 8) / 2.0, "float32")
            return N.Bin(op, left, right, "float32", "float32")
        left, right = self.operands(depth)
        t = promote(left.ty, right.ty)
        return N.Bin(op, left, right, t, t)

    def make_div(self, depth):
        op = self.rng.choice(["//", "%"])
        if self.rng.random() < 0.4:
            left, right = self.operands(depth, nonzero=True)
        else:
            right = self.zero_prone(depth)
            left = self.dividend(depth, right.ty)
        t = promote(left.ty, right.ty)
        return N.Bin(op, left, right, t, t)

    def zero_prone(self, depth):
        """An integer expression that is 0 (or -1) on some work-items but
        never a constant the frontend folds (a folded zero divisor is a
        compile error)."""
        e = self.typed(depth, is_int)
        t = e.ty
        pick = self.rng.random()
        if pick < 0.2:
            return e
        if pick < 0.35:
            return N.Bin("%", e, N.Lit(self.rng.randint(2, 4), t), t, t)
        if pick < 0.45:
            return N.Bin("&", e, N.Lit(self.rng.choice([1, 3]), t), t, t)
        if pick < 0.8:  # -1, 0 (and 1) when signed; MAX, 0 (1) when not
            mask = (N.Bin("%", e, N.Lit(3, t), t, t) if pick < 0.65
                    else N.Bin("&", e, N.Lit(1, t), t, t))
            return N.Bin("-", mask, N.Lit(1, t), t, t)
        leaf = self.leaf()  # the same value twice: always 0
        if not is_int(leaf.ty):
            leaf = N.Call(t, [leaf], t)
        return N.Bin("-", leaf, leaf, leaf.ty, leaf.ty)

    def dividend(self, depth, t):
        """A dividend for the divisor type `t`: often its minimum (a weak
        literal), so that MIN // -1 and MIN % -1 happen."""
        pick = self.rng.random()
        if pick < 0.35:
            return N.Lit(int_range(t)[0], t)
        if pick < 0.45:
            return self.literal(t)
        floats = self.rng.random() < 0.1  # then a float zero: rejected
        return self.typed(depth, lambda x: floats or not is_float(x))

    def make_bitwise(self, depth):
        left, right = self.operands(depth, lambda t: not is_float(t))
        both_bool = left.ty == right.ty == "bool"
        t = "bool" if both_bool else promote(left.ty, right.ty)
        return N.Bin(self.rng.choice("&|^"), left, right, t, t)

    def make_shift(self, depth):
        left = self.typed(depth, is_int)
        op = self.rng.choice(["<<", ">>"])
        if self.rng.random() < 0.6:
            amount = N.Lit(self.rng.randrange(width(left.ty)), left.ty)
            return N.Bin(op, left, amount, left.ty, left.ty)
        raw = self.typed(depth, is_int)
        t = promote(left.ty, raw.ty)
        mask = N.Lit(width(t) - 1, raw.ty)
        amount = N.Bin("&", raw, mask, raw.ty, raw.ty)
        return N.Bin(op, left, amount, t, t)

    def make_pow(self, depth):
        base = self.typed(depth, lambda t: t != "bool")
        exponent = N.Lit(self.rng.randint(0, 3), "int64")
        return N.Bin("**", base, exponent, base.ty, base.ty)

    def make_truediv(self, depth):
        left, right = self.operands(depth, lambda t: t != "bool",
                                    nonzero=True)
        types = (left.ty, right.ty)
        floats = [t for t in types if is_float(t)]
        if floats:
            t = max(floats, key=lambda f: int(f[5:]))
            # int64 / float32: the spec's "/" rule and promotion disagree;
            # the tester makes the operand a float first.
            left, right = [self.to_float(e, t) for e in (left, right)]
        else:
            wide = any(INTS[x][0] == 64 for x in types)
            t = "float64" if wide else "float32"
        return N.Bin("/", left, right, t, t)

    def to_float(self, e, t):
        if is_int(e.ty) and INTS[e.ty][0] == 64 and not isinstance(e, N.Lit):
            return N.Call(t, [e], t)
        if isinstance(e, N.Lit) and not is_float(e.ty):
            return N.Lit(float(e.value), t)
        return e

    def make_compare(self, depth):
        left, right = self.operands(depth)
        both_bool = left.ty == right.ty == "bool"
        t = "bool" if both_bool else promote(left.ty, right.ty)
        op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
        return N.Bin(op, left, right, "bool", t)

    def make_boolop(self, depth):
        left, right = self.expr(depth), self.expr(depth)
        return N.Bin(self.rng.choice(["and", "or"]), left, right, "bool",
                     None)

    def make_unary(self, depth):
        op = self.rng.choice(["-", "~", "not"])
        if op == "not":
            return N.Unary(op, self.expr(depth), "bool")
        if op == "~":
            operand = self.typed(depth, lambda t: not is_float(t))
        else:
            operand = self.expr(depth)
        t = "int64" if operand.ty == "bool" else operand.ty
        return N.Unary(op, operand, t)

    def make_cast(self, depth):
        target = self.rng.choice(ALL)
        return N.Call(target, [self.expr(depth)], target)

    def make_minmax(self, depth):
        left, right = self.operands(depth)
        args = [left, right]
        # A third operand could widen the common type past a literal's.
        if self.rng.random() < 0.2 and not any(isinstance(a, N.Lit)
                                               for a in args):
            args.append(self.expr(depth))
        if all(a.ty == "bool" for a in args):
            t = "bool"
        else:
            t = args[0].ty
            for a in args[1:]:
                t = promote(t, a.ty)
        return N.Call(self.rng.choice(["min", "max"]), args, t, t)

    def make_abs(self, depth):
        arg = self.expr(depth)
        return N.Call("abs", [arg], "int64" if arg.ty == "bool" else arg.ty)

    def make_ifexp(self, depth):
        cond = self.make_compare(depth)
        then, other = self.expr(depth), self.expr(depth)
        t = then.ty if then.ty == other.ty else promote(then.ty, other.ty)
        return N.IfExp(cond, then, other, t)


    def make_chain(self, depth):
        operands = [self.expr(depth) for _ in range(self.rng.randint(3, 4))]
        ops = [self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
               for _ in operands[1:]]
        types = []
        for a, b in zip(operands, operands[1:]):
            both_bool = a.ty == b.ty == "bool"
            types.append("bool" if both_bool else promote(a.ty, b.ty))
        return N.Chain(ops, operands, types)

    def make_select(self, depth):
        cond = self.make_compare(depth)
        then, other = self.expr(depth), self.expr(depth)
        t = then.ty if then.ty == other.ty else promote(then.ty, other.ty)
        return N.Call("select", [cond, then, other], t, t)
