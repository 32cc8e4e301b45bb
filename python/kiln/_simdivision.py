"""Integer `//` and `%` in the simulator as compiled kernels compute them
(docs/language.md §6.3, issue 25): a zero divisor gives 0 for every signed
and unsigned width, the signed minimum `// -1` the minimum (wrapping) and
`% -1` 0; floats keep NumPy's results (±inf, NaN). Never an exception.

NumPy scalars (array elements, typed scalar arguments) already give these
results under the simulator's `errstate(all="ignore")` and NEP 50 rules.
Python numbers do not: `item.get_id(0) // j` with a Python int `j == 0`
raises ZeroDivisionError. The operators of Python's own numbers cannot be
replaced, so the simulator runs a copy of each kernel and device function
compiled from its source with every `a // b`, `a % b`, `a //= b` and
`a %= b` turned into a call of the functions below, which fall through to
the operator itself unless both operands are Python numbers and the
divisor is zero. The copy keeps the file, lines and columns (tracebacks,
`breakpoint()` and pdb are unchanged) and the original's closure cells; a
function whose source cannot be read or parsed runs unchanged."""

import ast

from . import _dtypes

_PYTHON = frozenset((int, float, bool))


def _by_zero(a, b, floor):
    """`a // b` or `a % b` of Python numbers, `b` zero: 0 for integers,
    NumPy's float64 result (a Python float) if either is a float."""
    if type(a) is not float and type(b) is not float:
        return 0
    np = _dtypes.np()
    with np.errstate(all="ignore"):
        x, y = np.float64(a), np.float64(b)
        return float(x // y if floor else x % y)


def floordiv(a, b):
    if type(b) in _PYTHON and not b and type(a) in _PYTHON:
        return _by_zero(a, b, True)
    return a // b


def mod(a, b):
    if type(b) in _PYTHON and not b and type(a) in _PYTHON:
        return _by_zero(a, b, False)
    return a % b


def ifloordiv(a, b):
    if type(b) in _PYTHON and not b and type(a) in _PYTHON:
        return _by_zero(a, b, True)
    a //= b  # in place for arrays, as the statement was
    return a


def imod(a, b):
    if type(b) in _PYTHON and not b and type(a) in _PYTHON:
        return _by_zero(a, b, False)
    a %= b
    return a


#: What the rewritten code calls, bound in its (copied) globals.
NAMES = {"__kiln_floordiv__": floordiv, "__kiln_mod__": mod,
         "__kiln_ifloordiv__": ifloordiv, "__kiln_imod__": imod,
         "__kiln_slice__": slice}
_BINARY = {ast.FloorDiv: "__kiln_floordiv__", ast.Mod: "__kiln_mod__"}
_INPLACE = {ast.FloorDiv: "__kiln_ifloordiv__", ast.Mod: "__kiln_imod__"}


def _at(new, old):
    """`new` (and its parts without a place) at `old`'s place."""
    for node in ast.walk(new):
        if "lineno" in node._attributes and not hasattr(node, "lineno"):
            ast.copy_location(node, old)
    return new


def _name(id_, ctx=ast.Load):
    return ast.Name(id=id_, ctx=ctx())


def _call(func, *args):
    return ast.Call(func=_name(func), args=list(args), keywords=[])


def _expression(node):
    """An index as an expression that a temporary can hold (a[1:n] has
    the slice `slice(1, n)`)."""
    if isinstance(node, ast.Slice):
        none = ast.Constant(value=None)
        return _at(_call("__kiln_slice__", node.lower or none, node.upper or none,
                         node.step or none), node)
    if isinstance(node, ast.Tuple):
        return _at(ast.Tuple(elts=[_expression(e) for e in node.elts],
                             ctx=ast.Load()), node)
    return node


class _Rewrite(ast.NodeTransformer):
    def __init__(self):
        self.changed = False
        self.temps = 0

    def visit_BinOp(self, node):
        self.generic_visit(node)
        func = _BINARY.get(type(node.op))
        if func is None:
            return node
        self.changed = True
        return _at(_call(func, node.left, node.right), node)

    def _temp(self, value, node, out):
        """A temporary holding `value`, evaluated once (appended to out)."""
        name = f"__kiln_t{self.temps}__"
        self.temps += 1
        out.append(_at(ast.Assign(targets=[_name(name, ast.Store)],
                                  value=value), node))
        return name

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        func = _INPLACE.get(type(node.op))
        if func is None:
            return node
        self.changed = True
        target, out = node.target, []
        if isinstance(target, ast.Name):
            load, store = _name(target.id), _name(target.id, ast.Store)
        elif isinstance(target, ast.Subscript):
            # The container and the index once, as the statement did.
            obj = self._temp(target.value, node, out)
            index = self._temp(_expression(target.slice), node, out)
            load = ast.Subscript(value=_name(obj), slice=_name(index), ctx=ast.Load())
            store = ast.Subscript(value=_name(obj), slice=_name(index), ctx=ast.Store())
        elif isinstance(target, ast.Attribute):
            obj = self._temp(target.value, node, out)
            load = ast.Attribute(value=_name(obj), attr=target.attr, ctx=ast.Load())
            store = ast.Attribute(value=_name(obj), attr=target.attr, ctx=ast.Store())
        else:
            return node
        out.append(_at(ast.Assign(targets=[store], value=_call(func, load, node.value)),
                       node))
        return out


_cache = {}  # (code, file) -> the rewritten code, or the code itself


def code_of(func, source):
    """The code the simulator runs for `func`, its source text `source`
    (as inspect.getsourcelines gives it, decorators included; None where
    it could not be read)."""
    code = func.__code__
    key = (code, code.co_filename)
    found = _cache.get(key)
    if found is None:
        try:
            found = _rewritten(code, source) if source else None
        except (SyntaxError, ValueError, TypeError):
            found = None
        found = _cache[key] = found or code
    return found


def _rewritten(code, source):
    free = code.co_freevars
    indented = source[:1].isspace()
    if free and not indented:
        return None  # a closure's source is nested, hence indented
    # Indented text gets one line in front, which keeps the columns: for a
    # closure a function whose parameters are its free variables (so that
    # the copy has cells to take), else `if 1:`.
    head = (f"def __kiln_outer__({', '.join(free)}):\n" if free else
            "if 1:\n" if indented else "")
    tree = ast.parse(head + source)
    body = tree.body[0].body if head else tree.body
    if len(body) != 1 or not isinstance(body[0], ast.FunctionDef):
        return None
    rewrite = _Rewrite()
    rewrite.visit(body[0])
    if not rewrite.changed:
        return None
    ast.increment_lineno(tree, code.co_firstlineno - (2 if head else 1))
    module = compile(tree, code.co_filename, "exec", dont_inherit=True)
    new = _find(module, code.co_name, code.co_firstlineno)
    if (new is None or new.co_argcount != code.co_argcount
            or new.co_posonlyargcount != code.co_posonlyargcount
            or new.co_varnames[:code.co_argcount] != code.co_varnames[:code.co_argcount]
            or set(new.co_freevars) != set(free)):
        return None  # not this function's text (the file changed?)
    if hasattr(code, "co_qualname"):
        new = new.replace(co_qualname=code.co_qualname)
    return new


def _find(code, name, line):
    for const in code.co_consts:
        if isinstance(const, type(code)):
            if const.co_name == name and const.co_firstlineno == line:
                return const
            found = _find(const, name, line)
            if found is not None:
                return found
    return None


def closure_for(new, func):
    """`func`'s cells in the order of `new`'s free variables."""
    if not new.co_freevars:
        return None
    cells = dict(zip(func.__code__.co_freevars, func.__closure__))
    return tuple(cells[n] for n in new.co_freevars)
