"""Random statements over the variables in scope: declarations,
assignments (plain, augmented, to output arrays and private elements),
if/else, for over range, while, break/continue/return under a condition,
atomics and local-memory exchanges. Values are converted explicitly
wherever the spec's implicit conversion would not apply."""
from . import nodes as N
from .evaluate import AVOID_KNOWN
from .exprgen import ExprGen
from .types import ALL, INTS, implicit_safe, int_range, is_float, is_int

STATEMENTS = [("assign", 20), ("aug", 15), ("store", 10), ("if", 12),
              ("for", 8), ("while", 4), ("private", 6), ("atomic", 5),
              ("jump", 6)]
TOP_ONLY = [("decl", 35), ("local", 6), ("constant", 4)]

AUG_OPS = {"int": ["+", "-", "*", "//", "%", "&", "|", "^", "<<", ">>",
                   "**"],
           "float": ["+", "-", "*", "/", "//", "%"],
           "bool": ["&", "|", "^"]}


def storable(src, dst):
    """Values an array store converts without a cast (spec §5, v2)."""
    if implicit_safe(src, dst):
        return True
    if "narrowing-store" in AVOID_KNOWN:
        return False
    if is_int(src) and is_int(dst):
        return INTS[dst][0] < INTS[src][0]
    return src == "float64" and dst == "float32"


class StmtGen:
    def __init__(self, kernel):
        self.k = kernel
        self.rng = kernel.rng

    def exprs(self, scope):
        return ExprGen(self.rng, scope, self.k.loads())

    def convert(self, e, t, allowed=implicit_safe):
        if allowed(e.ty, t) and self.rng.random() < 0.75:
            return e
        return e if e.ty == t else N.Call(t, [e], t)

    def top(self, scope):
        """One top-level statement (a list: a while brings its counter)."""
        choices = STATEMENTS + TOP_ONLY
        return self.make(self.exprs(scope).pick(choices), scope, 0, False)

    def nested(self, scope, depth, in_loop):
        kinds = [(k, w) for k, w in STATEMENTS
                 if depth < 2 or k not in ("if", "for", "while")]
        return self.make(self.exprs(scope).pick(kinds), scope, depth,
                         in_loop)

    def block(self, scope, depth, in_loop):
        statements = []
        for _ in range(self.rng.randint(1, 3)):
            statements += self.nested(scope, depth + 1, in_loop)
        return statements

    def make(self, kind, scope, depth, in_loop):
        made = getattr(self, "make_" + kind)(scope, depth, in_loop)
        return made if made is not None else []

    def make_decl(self, scope, depth, in_loop):
        e = self.exprs(scope).expr(self.rng.randint(0, 3))
        t = e.ty
        pick = self.rng.random()
        if pick < 0.25:
            t = self.rng.choice(ALL)
        elif pick < 0.5:
            t = self.rng.choice([x for x in ALL if implicit_safe(e.ty, x)])
        value = self.convert(e, t)
        # Unannotated, the local would take the value's type (spec §2).
        annotate = value.ty != t or self.rng.random() < 0.5
        return [N.Decl(self.k.new_name("x"), t, value, annotate)]

    def make_constant(self, scope, depth, in_loop):
        """`x: int8 = 0` (or -1, or the minimum): a local whose value LLVM
        knows, so that `e // x` becomes a division by a constant 0 or -1
        after the frontend (which rejects only literal zero divisors)."""
        t = self.rng.choice(list(INTS))
        low = int_range(t)[0]
        value = self.rng.choice([0, 0, 0, max(low, -1), low])
        return [N.Decl(self.k.new_name("x"), t, N.Lit(value, t), True)]

    def make_assign(self, scope, depth, in_loop):
        target = self.k.assignable(scope)
        if target is None:
            return None
        e = self.exprs(scope).expr(self.rng.randint(0, 3))
        return [N.Assign(target.name, self.convert(e, target.ty), target.ty)]

    def make_aug(self, scope, depth, in_loop):
        target = self.k.assignable(scope)
        if target is None:
            return None
        kind = ("bool" if target.ty == "bool" else
                "float" if is_float(target.ty) else "int")
        op = self.rng.choice(AUG_OPS[kind])
        gen = self.exprs(scope)
        if op in ("<<", ">>"):
            value = N.Lit(self.rng.randrange(INTS[target.ty][0]), target.ty)
        elif op == "**":
            value = N.Lit(2, "int64")
        elif kind == "int" and op in ("//", "%") and self.rng.random() < 0.4:
            e = gen.zero_prone(self.rng.randint(0, 2))
            value = e if e.ty == target.ty else N.Call(target.ty, [e],
                                                       target.ty)
        elif kind != "bool" and self.rng.random() < 0.5:
            value = gen.literal(target.ty, nonzero=op in ("/", "//", "%"))
        else:
            e = gen.expr(self.rng.randint(0, 2))
            value = e if e.ty == target.ty else N.Call(target.ty, [e],
                                                       target.ty)
        combined = N.Bin(op, N.Var(target.name, target.ty), value,
                         target.ty, target.ty)
        return [N.Assign(target.name, value, target.ty, op=op,
                         combined=combined)]

    def make_store(self, scope, depth, in_loop, output=None):
        name, t = output or self.rng.choice(self.k.outputs)
        e = self.exprs(scope).expr(self.rng.randint(0, 3))
        return [N.Assign(name, self.convert(e, t, storable), t,
                         index=N.Index("i"))]

    def make_private(self, scope, depth, in_loop):
        if not self.k.private:
            return None
        name, t, size = self.k.private
        e = self.exprs(scope).expr(self.rng.randint(0, 2))
        k = self.rng.randrange(size)
        return [N.Assign(name, self.convert(e, t, storable), t,
                         index=N.Index(str(k), k))]

    def make_if(self, scope, depth, in_loop):
        gen = self.exprs(scope)
        cond = (gen.make_compare(1) if self.rng.random() < 0.6
                else gen.expr(2))
        then = self.block(scope, depth, in_loop)
        other = (self.block(scope, depth, in_loop)
                 if self.rng.random() < 0.5 else [])
        return [N.If(cond, then, other)]

    def make_for(self, scope, depth, in_loop):
        gen = self.exprs(scope)
        if self.rng.random() < 0.3:
            bound = gen.typed(1, is_int)
            stop = N.Bin("&", bound, N.Lit(3, bound.ty), bound.ty, bound.ty)
            var, args = N.Var(self.k.new_name("j"), bound.ty), [stop]
        else:
            var = N.Var(self.k.new_name("j"), "int64")
            start, stop = self.rng.randint(-3, 3), self.rng.randint(-3, 5)
            step = self.rng.choice([1, 1, 2, -1, -2, 3])
            values = {1: [stop], 2: [start, stop], 3: [start, stop, step]}
            count = self.rng.randint(1, 3)
            args = [N.Lit(v, "int64") for v in values[count]]
        body = self.block(scope + [var], depth, True)
        return [N.For(var, args, body)]

    def make_while(self, scope, depth, in_loop):
        counter = self.k.new_name("w")
        decl = N.Decl(counter, "int32", N.Lit(0, "int32"))
        body = self.block(scope, depth, True)
        return [decl, N.While(counter, self.rng.randint(1, 4), body)]

    def make_jump(self, scope, depth, in_loop):
        # An early return leaves the work-item's outputs at zero: rarer.
        may_return = self.k.local is None and self.rng.random() < 0.3
        kinds = (["break", "continue"] if in_loop else []) + (
            ["return"] if may_return else [])
        if not kinds:
            return None
        cond = self.exprs(scope).make_compare(1)
        return [N.If(cond, [N.Jump(self.rng.choice(kinds))], [])]

    def make_atomic(self, scope, depth, in_loop):
        if not self.k.acc:
            return None
        name, t, op = self.k.acc
        e = self.exprs(scope).expr(self.rng.randint(0, 2))
        return [N.Atomic(name, op, self.convert(e, t), t)]

    def make_local(self, scope, depth, in_loop):
        if self.k.local is None:
            return None
        name, t, size = self.k.local
        e = self.exprs(scope).expr(self.rng.randint(0, 2))
        shift = self.rng.randrange(1, size)
        return [N.LocalRound(name, self.convert(e, t, storable), t,
                             self.k.new_name("x"), shift, size)]
