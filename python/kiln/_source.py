"""The source text a compiled launch hands the compiler: the kernel's own
text and that of the device functions it calls, at their real lines of the
user's file, so that a compile error names the user's file, line and
column and shows the line with its caret.

The text is a module the frontend reads like a file (docs/language.md §1):
every line outside the functions is blank, each function's decorator lines
become one canonical decorator (`@kiln.kernel(...)`: the user's spelling,
`@dpex.kernel` or `kernel(f)` without `@`, does not matter), and after the
last function come the bindings the bodies need, which the compiler reads
wherever they stand: imports for the modules and the kiln, NumPy and math
names they use, and module constants for the numbers they read from
closure cells and globals (compile-time constants, as for a kernel defined
inside a function; read at the first compile of each specialization).

Functions that cannot stand at their real lines (another file, or lines
taken by another function) come after the others: their errors name the
kernel's file and a line past its functions."""

import inspect
import io
import keyword
import math
import tokenize

from ._decorators import DeviceFunction, Kernel, _is_number, _names
from ._errors import CompileError

_ALIAS = "kiln"  # a name the frontend knows without an import
# Modules the frontend knows (docs/language.md §1, ModulePaths.cpp).
_MODULES = ("kiln", "kiln.kernel_api", "math", "numpy", "numba_dpex",
            "numba_dpex.kernel_api", "numba_dpex.experimental", "dpnp")


def _indent(line):
    return line[:len(line) - len(line.lstrip())]


def _decorator(func):
    options = ", ".join(f"{k}={v!r}" for k, v in sorted(func.options.items()))
    name = "kernel" if isinstance(func, Kernel) else "device_func"
    return f"@{_ALIAS}.{name}({options})"


def _function_lines(func, base):
    """The function's lines with one canonical decorator, re-indented to
    `base`; also whether a line for the decorator must precede them (the
    function had no decorator line)."""
    if func.source is None:
        raise TypeError(f"'{func.__name__}' cannot be compiled: its source is "
                        f"not available ({func.source_error}); define it in a "
                        "file")
    lines = func.source.splitlines()
    own = _indent(lines[0])
    def_at = next(i for i, line in enumerate(lines)
                  if line.lstrip().startswith(("def ", "async def ")))
    out = []
    for i, line in enumerate(lines):
        if i < def_at:
            line = own + _decorator(func) if i == 0 else ""
        if own != base and line.strip():
            if not line.startswith(own):
                line = line.lstrip()  # a continuation line indented less
            else:
                line = line[len(own):]
            line = base + line
        out.append(line)
    if def_at == 0:
        return [base + _decorator(func)] + out, True
    return out, False


def _binding(name, value):
    """The module-level line that binds `name` to `value` as the kernel
    sees it, or None for what the compiler resolves itself or cannot use."""
    if _is_number(value):
        if isinstance(value, (bool, int, float)):
            return f"{name} = {value!r}"
        kind = value.dtype.name
        return f"{name}: {kind} = {value.item()!r}"
    if isinstance(value, str):
        # A compile-time string: getattr's name, a collective's operation.
        return f"{name} = {value!r}"
    if isinstance(value, DeviceFunction):
        # Another name of a device function (a kernel factory's `op`, a
        # global alias): the compiler calls the function of that name.
        if value.__name__ != name:
            return f"{name} = {value.__name__}"
        return None
    if (type(value).__module__.startswith("numpy")
            and isinstance(value, __import__("numpy").dtype)):
        # A NumPy dtype object (`np.dtype("float32")`, `a.dtype`): `numpy`
        # names NumPy in the module text without an import.
        return f"{name} = numpy.dtype({value.name!r})"
    if inspect.ismodule(value):
        if value.__name__ in _MODULES:
            return f"import {value.__name__} as {name}"
        return None
    import kiln
    for module_name, module in (("kiln", kiln), ("kiln.kernel_api", kiln.kernel_api),
                                ("math", math)):
        attr = getattr(value, "__name__", None) or getattr(value, "name", None)
        if isinstance(attr, str) and getattr(module, attr, None) is value:
            return f"from {module_name} import {attr} as {name}"
    if type(value).__module__ == "numpy" or getattr(value, "__module__", "") == "numpy":
        attr = getattr(value, "__name__", None)
        import numpy
        if attr and getattr(numpy, attr, None) is value:
            return f"from numpy import {attr} as {name}"
    return None


def _source_names(func):
    """Every name the function's text uses, annotations included (which
    the code object does not hold)."""
    names = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(func.source).readline):
            if token.type == tokenize.NAME and not keyword.iskeyword(token.string):
                names.add(token.string)
    except (tokenize.TokenError, IndentationError):
        pass
    return names


def _bindings(funcs):
    defined = {f.__name__ for f in funcs}
    lines, seen = [], set()
    for func in funcs:
        closure = func.closure
        used = _names(func.py_func.__code__) | _source_names(func)
        enclosing = func.enclosing
        for name in sorted(used & (set(closure) | set(func.globals) | set(enclosing))):
            if name in seen or name in defined:
                continue
            if name in closure:
                try:
                    value = closure[name].cell_contents
                except ValueError:
                    continue
            elif name in func.globals:
                value = func.globals[name]
            else:
                value = enclosing[name]
            line = _binding(name, value)
            if line is not None:
                seen.add(name)
                lines.append(line)
    return lines


def _device_functions(kernel):
    """The device functions `kernel` reaches, each once (a function may be
    reached under several names); two functions of one name (made by one
    factory, say) cannot both be compiled, as the compiler knows them by
    name."""
    funcs, by_name = [], {}
    for func in kernel.device_functions().values():
        if not isinstance(func, DeviceFunction) or func in funcs:
            continue
        other = by_name.setdefault(func.__name__, func)
        if other is not func:
            raise CompileError(
                f"{func.filename}:{func.first_line}:1: error: kernel "
                f"'{kernel.__name__}' reaches two device functions named "
                f"'{func.__name__}' (made by one factory? the other is at "
                f"{other.filename}:{other.first_line}); Kiln compiles device "
                "functions by name: give them different names")
        funcs.append(func)
    return funcs


def module_source(kernel):
    """(text, filename) of the module compiled for `kernel`."""
    return module_layout(kernel)[:2]


def module_layout(kernel):
    """(text, filename, origins) of the module compiled for `kernel`:
    origins maps each line of a function placed after the others (1-based)
    to (that function, its line in its own file), for diagnostics."""
    funcs = [kernel] + _device_functions(kernel)
    base = _indent(kernel.source.splitlines()[0]) if kernel.source else ""
    placed = {}  # line number (1-based) -> text
    later = []
    for func in funcs:
        lines, needs_line = _function_lines(func, base)
        first = func.first_line - (1 if needs_line else 0)
        span = range(first, first + len(lines))
        if (func.filename == kernel.filename and first >= 1
                and not any(n in placed for n in span)):
            placed.update(zip(span, lines))
        else:
            later.append((func, first, lines))
    end = max(placed) if placed else 0
    text = [placed.get(n, "") for n in range(1, end + 1)]
    origins = {}
    for func, first, lines in later:
        start = len(text) + 2  # the line of lines[0], after a blank one
        origins.update((start + k, (func, first + k)) for k in range(len(lines)))
        text += [""] + lines
    text += [""] + [base + line for line in _bindings(funcs)]
    return "\n".join(text) + "\n", kernel.filename, origins
