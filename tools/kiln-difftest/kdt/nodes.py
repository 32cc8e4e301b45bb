"""The generated programs: expression and statement nodes, each rendered
as Kiln source (Python syntax). The generator builds them, the evaluator
(evaluate.py) interprets them; every node knows its spec type `ty`."""


def literal_text(value):
    if isinstance(value, bool):
        return "True" if value else "False"
    text = repr(value)
    return "(%s)" % text if value < 0 else text


class Lit:
    """A weak literal that took the type `ty` from its context."""
    def __init__(self, value, ty):
        self.value, self.ty = value, ty

    def render(self):
        return literal_text(self.value)


class Var:
    def __init__(self, name, ty):
        self.name, self.ty = name, ty

    def render(self):
        return self.name


class Load:
    """array[index]; `index` is a node, or None for the work-item id."""
    def __init__(self, array, index, ty):
        self.array, self.index, self.ty = array, index, ty

    def render(self):
        return "%s[%s]" % (self.array, self.index.render())


class Bin:
    def __init__(self, op, left, right, ty, operand_ty):
        self.op, self.left, self.right, self.ty = op, left, right, ty
        self.operand_ty = operand_ty  # both sides convert to it

    def render(self):
        return "(%s %s %s)" % (self.left.render(), self.op,
                               self.right.render())


class Unary:
    def __init__(self, op, operand, ty):
        self.op, self.operand, self.ty = op, operand, ty

    def render(self):
        space = " " if self.op == "not" else ""
        return "(%s%s%s)" % (self.op, space, self.operand.render())


class Call:
    """Casts (`int16(x)`) and builtins (`min`, `max`, `abs`)."""
    def __init__(self, func, args, ty, operand_ty=None):
        self.func, self.args, self.ty = func, args, ty
        self.operand_ty = operand_ty

    def render(self):
        return "%s(%s)" % (self.func, ", ".join(a.render() for a in self.args))


class Chain:
    """A chained comparison `a < b <= c`: each pair compares in its own
    promoted type (`types`); `b` is evaluated once, `c` only if needed."""
    def __init__(self, ops, operands, types):
        self.ops, self.operands, self.types = ops, operands, types
        self.ty = "bool"

    def render(self):
        text = self.operands[0].render()
        for op, operand in zip(self.ops, self.operands[1:]):
            text += " %s %s" % (op, operand.render())
        return "(%s)" % text


class IfExp:
    def __init__(self, cond, then, other, ty):
        self.cond, self.then, self.other, self.ty = cond, then, other, ty

    def render(self):
        return "(%s if %s else %s)" % (self.then.render(), self.cond.render(),
                                       self.other.render())


class Index:
    """A constant or loop-variable index into a private array, or the
    work-item id `i` into a global one."""
    def __init__(self, text, value=None):
        self.text, self.value = text, value

    def render(self):
        return self.text


# Statements. render(indent) returns a list of lines.

class Decl:
    def __init__(self, name, ty, value, annotate=True):
        self.name, self.ty, self.value = name, ty, value
        self.annotate = annotate

    def render(self, pad):
        if self.annotate:
            return ["%s%s: %s = %s" % (pad, self.name, self.ty,
                                       self.value.render())]
        return ["%s%s = %s" % (pad, self.name, self.value.render())]


class Assign:
    """target = value, target op= value, or array[index] (op)= value."""
    def __init__(self, target, value, target_ty, op="", index=None,
                 combined=None):
        self.target, self.value, self.op = target, value, op
        self.index, self.target_ty = index, target_ty
        self.combined = combined  # `target op value` for op=

    def render(self, pad):
        target = self.target
        if self.index is not None:
            target = "%s[%s]" % (target, self.index.render())
        return ["%s%s %s= %s" % (pad, target, self.op, self.value.render())]


class If:
    def __init__(self, cond, then, other):
        self.cond, self.then, self.other = cond, then, other

    def render(self, pad):
        lines = ["%sif %s:" % (pad, self.cond.render())]
        lines += render_block(self.then, pad + "    ")
        if self.other:
            lines.append("%selse:" % pad)
            lines += render_block(self.other, pad + "    ")
        return lines


class For:
    def __init__(self, var, args, body):
        self.var, self.args, self.body = var, args, body  # var: a Var

    def render(self, pad):
        args = ", ".join(a.render() for a in self.args)
        lines = ["%sfor %s in range(%s):" % (pad, self.var.name, args)]
        return lines + render_block(self.body, pad + "    ")


class While:
    """while counter < limit: counter += 1; body (counting first, so a
    `continue` in the body cannot loop for ever)."""
    def __init__(self, counter, limit, body):
        self.counter, self.limit, self.body = counter, limit, body

    def render(self, pad):
        inner = pad + "    "
        lines = ["%swhile %s < %d:" % (pad, self.counter, self.limit),
                 "%s%s += 1" % (inner, self.counter)]
        return lines + render_block(self.body, inner)


class Jump:
    """break, continue or return."""
    def __init__(self, kind):
        self.kind = kind

    def render(self, pad):
        return [pad + self.kind]


class Atomic:
    """AtomicRef(array, 0).fetch_OP(value) as a statement (the old value is
    dropped: it depends on the order of the work-items)."""
    def __init__(self, array, op, value, elem_ty):
        self.array, self.op, self.value = array, op, value
        self.elem_ty = elem_ty

    def render(self, pad):
        return ["%sAtomicRef(%s, 0).fetch_%s(%s)" % (
            pad, self.array, self.op, self.value.render())]


class LocalRound:
    """Every work-item writes local memory at its local id, the group
    synchronises, each reads a neighbour's element, and synchronises again
    (so the next round may overwrite)."""
    def __init__(self, array, value, value_ty, target, shift, size):
        self.array, self.value, self.target = array, value, target
        self.value_ty, self.shift, self.size = value_ty, shift, size

    def render(self, pad):
        return ["%s%s[lid] = %s" % (pad, self.array, self.value.render()),
                "%sgroup_barrier(grp)" % pad,
                "%s%s = %s[(lid + %d) %% %d]" % (pad, self.target, self.array,
                                                 self.shift, self.size),
                "%sgroup_barrier(grp)" % pad]


def render_block(statements, pad):
    lines = []
    for statement in statements:
        lines += statement.render(pad)
    return lines or [pad + "pass"]
