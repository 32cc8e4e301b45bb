"""One random kernel: its parameters and input values, its statements
(generated one at a time and kept only if the reference evaluator accepts
them on every work-item), its source text and its expected outputs."""
import copy

from . import nodes as N
from .evaluate import (Break, Continue, Evaluator, Reject, WorkItem,
                       run_top)
from .stmtgen import StmtGen
from .types import ALL, NUMERIC
from .values import random_array, random_scalar, random_value

GLOBAL_SIZE, LOCAL_SIZE = 32, 8
ATOMIC_TYPES = ["int32", "int64", "uint32", "uint64"]
ATOMIC_OPS = ["add", "sub", "min", "max", "and", "or", "xor"]


class Kernel:
    def __init__(self, rng, name, statements=(8, 16)):
        self.rng, self.name = rng, name
        self.counter = 0
        self.nd = rng.random() < 0.5
        self.inputs = [(self.new_name("a"), rng.choice(ALL))
                       for _ in range(rng.randint(1, 3))]
        self.scalars = [(self.new_name("s"), rng.choice(ALL))
                        for _ in range(rng.randint(0, 2))]
        self.outputs = [(self.new_name("o"), rng.choice(ALL))
                        for _ in range(rng.randint(1, 3))]
        self.acc = None
        if rng.random() < 0.3:
            self.acc = ("acc", rng.choice(ATOMIC_TYPES),
                        rng.choice(ATOMIC_OPS))
        self.private = None
        if rng.random() < 0.4:
            self.private = ("prv", rng.choice(NUMERIC), 4)
        self.local = None
        if self.nd and rng.random() < 0.5:
            self.local = ("lmem", rng.choice(NUMERIC), LOCAL_SIZE)
        self.values = {}
        for name, t in self.inputs:
            self.values[name] = random_array(rng, t, GLOBAL_SIZE)
        for name, t in self.scalars:
            self.values[name] = random_scalar(rng, t)
        if self.acc:
            self.values["acc"] = [random_value(rng, self.acc[1])]
        self.statements = []
        self.generate(rng.randint(*statements))

    def new_name(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    # What the statement generator may use.

    def loads(self):
        made = [lambda n=n, t=t: N.Load(n, N.Index("i"), t)
                for n, t in self.inputs]
        if self.private:
            name, t, size = self.private
            made.append(lambda: self.private_load(name, t, size))
        return made

    def private_load(self, name, t, size):
        k = self.rng.randrange(size)
        return N.Load(name, N.Index(str(k), k), t)

    def assignable(self, scope):
        names = [v for v in scope if v.name in self.locals]
        return self.rng.choice(names) if names else None

    # Generation with the evaluator in the loop.

    def start(self):
        arrays = {n: list(self.values[n]) for n, _ in self.inputs}
        for name, t in self.outputs:
            arrays[name] = [False if t == "bool" else 0] * GLOBAL_SIZE
        if self.acc:
            arrays["acc"] = list(self.values["acc"])
        self.evaluator = Evaluator(arrays)
        self.items = [WorkItem(g, g % LOCAL_SIZE, g // LOCAL_SIZE)
                      for g in range(GLOBAL_SIZE)]
        for item in self.items:
            for name, _ in self.scalars:
                item.env[name] = self.values[name]
            if self.private:
                item.private[self.private[0]] = [None] * self.private[2]
        self.locals = set()
        self.scope = [N.Var("i", "int64")] + [N.Var(n, t)
                                              for n, t in self.scalars]
        if self.nd:
            self.scope.append(N.Var("lid", "int64"))

    def try_add(self, statements):
        """Runs `statements` on copies of the state; keeps them if no
        work-item hit anything unspecified or inexact."""
        evaluator = copy.deepcopy(self.evaluator)
        items = [item.copy() for item in self.items]
        try:
            for statement in statements:
                run_top(evaluator, statement, items)
        except (Reject, ZeroDivisionError, OverflowError, KeyError,
                IndexError, TypeError, Break, Continue):
            # break/continue outside a loop: a minimiser's candidate.
            return False
        self.evaluator, self.items = evaluator, items
        self.statements += statements
        for s in statements:
            name = getattr(s, "name", None) or getattr(s, "target", None)
            if isinstance(s, (N.Decl, N.LocalRound)) and name[0] == "x":
                ty = s.ty if isinstance(s, N.Decl) else s.value_ty
                self.scope.append(N.Var(name, ty))
                self.locals.add(name)
        return True

    def generate(self, count):
        self.start()
        gen = StmtGen(self)
        if self.private:
            self.add_with_retries(lambda: self.fill_private(gen))
        for _ in range(count):
            self.add_with_retries(lambda: gen.top(list(self.scope)))
        for output in self.outputs:
            self.add_with_retries(
                lambda: gen.make_store(self.scope, 0, 0, output))

    def add_with_retries(self, make, tries=25):
        for _ in range(tries):
            statements = make()
            if statements and self.try_add(statements):
                return

    def fill_private(self, gen):
        name, t, size = self.private
        var = N.Var(self.new_name("j"), "int64")
        value = gen.convert(gen.exprs(self.scope + [var]).expr(2), t,
                            lambda s, d: False)
        store = N.Assign(name, value, t, index=N.Index(var.name))
        return [N.For(var, [N.Lit(size, "int64")], [store])]

    # Results.

    def expected(self):
        """The arrays the kernel writes, after it ran on every work-item."""
        names = [n for n, _ in self.outputs] + (["acc"] if self.acc else [])
        return {n: self.evaluator.arrays[n] for n in names}

    def divides_by_zero(self):
        """Whether some work-item divided an integer by zero (debug mode
        must then report it and fail the launch)."""
        return self.evaluator.zero_divisions > 0

    def index_space(self):
        if self.nd:
            return "nd-range", "%d:%d" % (GLOBAL_SIZE, LOCAL_SIZE)
        return "range", str(GLOBAL_SIZE)

    def source(self):
        params = [("it: NdItem" if self.nd else "item: Item")]
        params += ["%s: Array[%s]" % (n, t) for n, t in self.inputs]
        params += ["%s: %s" % (n, t) for n, t in self.scalars]
        params += ["%s: Array[%s]" % (n, t) for n, t in self.outputs]
        if self.acc:
            params.append("acc: Array[%s]" % self.acc[1])
        lines = ["@kernel", "def %s(%s):" % (self.name, ", ".join(params))]
        pad = "    "
        if self.nd:
            lines += [pad + "i = it.get_global_id(0)",
                      pad + "lid = it.get_local_id(0)"]
        else:
            lines.append(pad + "i = item.get_id(0)")
        if self.local:
            lines += [pad + "grp = it.get_group()",
                      pad + "%s = local_array(%d, %s)" % (
                          self.local[0], self.local[2], self.local[1])]
        if self.private:
            lines.append(pad + "%s = private_array(%d, %s)" % (
                self.private[0], self.private[2], self.private[1]))
        lines += N.render_block(self.statements, pad)
        return "\n".join(lines) + "\n"
