"""`kiln.kernel` and `kiln.device_func`: decorate ordinary Python functions
wherever they are defined (module level, nested, closures). The decorator
records what the compiler will need — the function's source, its real file
and first line (so compile errors point at the user's file), its globals and
closure cells (captured numbers become compile-time constants) — and what
the simulator runs: the function itself."""

import functools
import inspect
import sys
import warnings

# The compiler reads the options from the decorator's source text
# (docs/language.md §1, §2.3); these names are only checked here.
_KERNEL_OPTIONS = ("numba_typing", "max_work_group_size",
                   "min_work_groups_per_cu")
_DEVICE_OPTIONS = ("extern", "numba_typing")

# numba-dpex's decorator options: its own `debug` and `cache`, and the
# numba target options it passes on (numba's CPUTargetOptions, numba-dpex's
# DpexTargetOptions; `enable_cache` of its older decorator). Accepted so
# that numba-dpex code decorates unchanged, and kept out of `options`: the
# frontend rejects them in the decorator text that `_source.py` writes.
# `debug=True` / `boundscheck=True` ask for debug mode (Kernel.debug). The
# others mean nothing for Kiln: a value that asks for what Kiln always does
# (_KILN_DOES) is silent, any other warns once per option and process.
_NUMBA_OPTIONS = frozenset((
    "debug", "boundscheck", "cache", "enable_cache", "nopython", "forceobj",
    "looplift", "nogil", "release_gil", "parallel", "fastmath", "error_model",
    "inline", "forceinline", "inline_threshold", "no_rewrites",
    "no_cpython_wrapper", "no_cfunc_wrapper", "no_compile", "writable_args",
    "experimental"))
_KILN_DOES = {
    "nopython": (True,),            # kernels never hold Python objects
    "forceobj": (False,),
    "cache": (True,),               # the JIT caches in memory and on disk
    "enable_cache": (True,),
    "error_model": ("numpy",),      # integer x // 0 == 0 (language.md §6.3)
    "debug": (False, None),         # no debug mode: Kiln's default
    "boundscheck": (False, None),
}
_warned = set()  # the options warned about in this process


class _Function:
    """What both decorators record about a Python function."""

    def __init__(self, func, options, numba_options=None):
        if not inspect.isfunction(func):
            raise TypeError(f"{type(self).__name__.lower()} decorates a Python "
                            f"function, got {type(func).__name__}")
        functools.update_wrapper(self, func)
        self.py_func = func
        self.options = dict(options)  # Kiln's, written into the compiled text
        self.numba_options = dict(numba_options or {})  # accepted, not compiled
        self.filename = inspect.getsourcefile(func) or func.__code__.co_filename
        try:
            lines, self.first_line = inspect.getsourcelines(func)
            self.source = "".join(lines)
            self.source_error = None
        except (OSError, TypeError) as exc:  # defined in exec'd text, a REPL
            self.source, self.first_line = None, func.__code__.co_firstlineno
            self.source_error = str(exc)
        self._sim = (None, None)
        self.enclosing = _enclosing_modules()

    @property
    def globals(self):
        return self.py_func.__globals__

    @property
    def closure(self):
        """The closure cells by name (their values are read when used)."""
        cells = self.py_func.__closure__ or ()
        return dict(zip(self.py_func.__code__.co_freevars, cells))

    def captured_values(self):
        """Numbers the body reads from enclosing functions or module globals:
        the compile-time constants of docs/language.md §2.2."""
        values = {}
        for name, cell in self.closure.items():
            try:
                value = cell.cell_contents
            except ValueError:  # not yet assigned in the enclosing function
                continue
            if _is_number(value):
                values[name] = value
        for name in _names(self.py_func.__code__):
            value = self.globals.get(name)
            if name not in values and _is_number(value):
                values[name] = value
        return values

    def device_functions(self):
        """The device functions the body calls, found as Python resolves
        them (closure cells, then globals; `module.f` through a module
        global), and those they call in turn, by name."""
        found = {}
        pending = [self]
        while pending:
            func = pending.pop()
            for name, value in func._referenced():
                if isinstance(value, DeviceFunction) and name not in found:
                    found[name] = value
                    pending.append(value)
        return found

    def _referenced(self):
        names = _names(self.py_func.__code__)
        closure = self.closure
        for name in sorted(names | set(closure)):
            if name in closure:
                try:
                    yield name, closure[name].cell_contents
                except ValueError:
                    pass
            elif name in self.globals:
                value = self.globals[name]
                if inspect.ismodule(value):
                    for attr in sorted(names):
                        yield attr, getattr(value, attr, None)
                else:
                    yield name, value

    def simulated(self, generation):
        """The function the simulator runs (see _simulate.py), rebuilt once
        per launch so that later module-level definitions are seen."""
        if self._sim[0] != generation:
            from ._simulate import with_simulated_globals
            self._sim = (generation, with_simulated_globals(self.py_func,
                                                            self.source))
        return self._sim[1]


def _in_package(module_name):
    return module_name == "kiln" or module_name.startswith("kiln.")


def _enclosing_modules():
    """The modules bound in the local scope that defines the function
    (`from kiln import kernel_api as kapi` inside a function): names used
    only in annotations are neither closure cells nor globals, and the
    annotations' objects do not say which module name the text used."""
    frame = sys._getframe(1)
    while frame is not None and _in_package(frame.f_globals.get("__name__", "")):
        frame = frame.f_back
    if frame is None or frame.f_locals is frame.f_globals:
        return {}
    return {name: value for name, value in frame.f_locals.items()
            if inspect.ismodule(value)}


def _is_number(value):
    if isinstance(value, (bool, int, float)):
        return True
    module = type(value).__module__
    return module == "numpy" and hasattr(value, "dtype") and value.ndim == 0


def _names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if inspect.iscode(const):
            names |= _names(const)
    return names


class Kernel(_Function):
    """A kernel: launched with `kiln.call_kernel` / `call_kernel_async`."""

    @property
    def debug(self):
        """Debug mode was asked for (`debug=True` or `boundscheck=True`,
        numba's spellings). The simulator checks indices anyway; compiled
        launches cannot have it yet (_compiled.py warns)."""
        numba = self.numba_options
        return bool(numba.get("debug") or numba.get("boundscheck"))

    def __call__(self, *args, **kwargs):
        raise TypeError(f"kernel '{self.__name__}' cannot be called directly: "
                        "launch it with kiln.call_kernel(kernel, index_space, "
                        "*args)")

    def inspect(self, stage):
        """{signature: text} of `stage` ("spirv", "spirv-binary", "ptx") for
        each specialization compiled so far by launches on devices."""
        from . import _inspect
        return _inspect.inspect(self, stage)

    def __repr__(self):
        return f"<kiln.Kernel {self.__name__} ({self.filename}:{self.first_line})>"


class DeviceFunction(_Function):
    """A device function: called from kernels and other device functions
    (and, in the simulator or from the host, as the Python function)."""

    def __call__(self, *args, **kwargs):
        if self.options.get("extern"):
            raise NotImplementedError(
                f"external device function '{self.__name__}' has no Python "
                "body: the simulator cannot run it (it is resolved when the "
                "kernel is compiled and linked)")
        from ._simulate import current_generation
        return self.simulated(current_generation())(*args, **kwargs)

    def __repr__(self):
        return f"<kiln.DeviceFunction {self.__name__}>"


def _numba_options(cls, options):
    """The numba-dpex options among `options`, each warned about (once per
    process) unless it asks for what Kiln does anyway; on a device function
    debug mode is the kernel's, so `debug`/`boundscheck` warn there too."""
    numba = {k: v for k, v in options.items() if k in _NUMBA_OPTIONS}
    what = "kernel" if cls is Kernel else "device_func"
    for name, value in sorted(numba.items()):
        if cls is Kernel and name in ("debug", "boundscheck"):
            continue  # Kernel.debug
        if name in _warned or (isinstance(value, (bool, int, str, type(None)))
                               and value in _KILN_DOES.get(name, ())):
            continue
        _warned.add(name)
        why = ("debug mode is the kernel's (@kernel(debug=True))"
               if name in ("debug", "boundscheck") else
               "a numba option that means nothing for Kiln")
        warnings.warn(f"{what}: option {name}={value!r} is ignored: {why} "
                      "(docs/python.md, Migrating from numba-dpex)",
                      RuntimeWarning, stacklevel=4)
    return numba


def _decorator(cls, allowed, func, options):
    unknown = sorted(set(options) - set(allowed) - _NUMBA_OPTIONS)
    if unknown:
        raise TypeError(f"{'kernel' if cls is Kernel else 'device_func'}: "
                        f"unknown option(s) "
                        f"{', '.join(unknown)} (accepted: {', '.join(allowed)}, "
                        "and numba-dpex's, docs/python.md)")
    numba = _numba_options(cls, options)
    own = {k: v for k, v in options.items() if k not in numba}
    if func is None:
        return lambda f: cls(f, own, numba)
    return cls(func, own, numba)


def kernel(func=None, **options):
    """`@kernel`, `@kernel()`, `@kernel(numba_typing=True)` or
    `@kernel(max_work_group_size=256, min_work_groups_per_cu=2)`; numba-dpex's
    options too (`debug=True`, `fastmath=...`: see _NUMBA_OPTIONS)."""
    return _decorator(Kernel, _KERNEL_OPTIONS, func, options)


def device_func(func=None, **options):
    """`@device_func`, `@device_func()`, `@device_func(extern=True)`."""
    return _decorator(DeviceFunction, _DEVICE_OPTIONS, func, options)
