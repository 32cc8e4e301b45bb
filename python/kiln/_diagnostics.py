"""The compiler's warnings as Python warnings.

A compile that succeeds can still have warnings (docs/language.md: where
Kiln's meaning differs from numba-dpex's, a literal that changes in its
type). The compiler's C API returns them after the compile
(kiln_compile_last_diagnostic, each with file, line, column and message);
`report` raises each as a `kiln.KilnWarning` through
`warnings.warn_explicit` at the user's file and line, with the module and
globals of the function it is in (so `__warningregistry__`, the warnings
filters by module and linecache's source line work as for a warning
raised there). Once per compile: a launch the dispatch cache serves never
compiles, so never warns again, and the disk-cache index (_diskindex.py)
stores the warnings with its record, so that a new process that loads the
binary without the compiler warns too.

KILN_WARNINGS: unset or `default`, the warnings filters decide; `error`,
the compile raises a `kiln.CompileWarningError` (a `kiln.CompileError`)
naming every warning at its location; `ignore`, nothing."""

import collections
import ctypes
import os
import warnings

from . import _capi
from ._errors import CompileWarningError, KilnWarning

# kiln_diagnostic_severity_t
ERROR, WARNING, NOTE, REMARK = 0, 1, 2, 3

Diagnostic = collections.namedtuple(
    "Diagnostic", "severity file line column message source_line text")

_MODES = ("default", "error", "ignore")


def _text(value):
    return value.decode("utf-8", "replace") if value else ""


def last():
    """The diagnostics of this thread's last compile call."""
    clib = _capi.compiler_lib()
    out = []
    for i in range(clib.kiln_compile_last_diagnostic_count()):
        d = _capi.Diagnostic()
        clib.kiln_diagnostic_init(ctypes.byref(d))
        if clib.kiln_compile_last_diagnostic(i, ctypes.byref(d)) != _capi.OK:
            break
        out.append(Diagnostic(d.severity, _text(d.file), d.line, d.column,
                              _text(d.message), _text(d.source_line),
                              _text(d.text)))
    return out


def to_json(diagnostics):
    """A JSON-able form (lists), for the disk-cache index."""
    return [list(d) for d in diagnostics]


def from_json(rows):
    """The diagnostics of to_json's form; ValueError when it is not one."""
    out = []
    for row in rows:
        if (not isinstance(row, list) or len(row) != len(Diagnostic._fields)
                or not all(isinstance(x, int) for x in row[0:1] + row[2:4])
                or not all(isinstance(x, str) for x in row[1:2] + row[4:])):
            raise ValueError("not a diagnostic")
        out.append(Diagnostic(*row))
    return out


def mode():
    """KILN_WARNINGS: 'default', 'error' or 'ignore'."""
    value = os.environ.get("KILN_WARNINGS", "").strip().lower() or "default"
    if value not in _MODES:
        raise ValueError(f"KILN_WARNINGS={value!r}: expected 'default', "
                         "'error' or 'ignore'")
    return value


def _warnings_with_notes(diagnostics):
    """[(warning, [its notes])] in order: the notes right after a warning
    are about it."""
    out, current = [], None
    for d in diagnostics:
        if d.severity == WARNING:
            current = (d, [])
            out.append(current)
        elif d.severity == NOTE and current is not None:
            current[1].append(d)
        else:
            current = None
    return out


def _where(kernel, d, origins):
    """(function, filename, line) of diagnostic `d`: the function of the
    line's origin (a function of another file, placed after the kernel's
    in the module text: _source.module_layout), else the kernel at the
    line of its file."""
    if origins and d.line in origins:
        func, line = origins[d.line]
        return func, func.filename, line
    return kernel, d.file or kernel.filename, d.line or kernel.first_line


def _error_text(d, filename, line, notes):
    lines = d.text.split("\n")
    header = f"{filename}:{line}:{d.column}: error: {d.message.split(chr(10))[0]}"
    text = "\n".join([header + " [KILN_WARNINGS=error]"] + lines[1:])
    for note in notes:
        text += "\n" + note.text
    return text


def report(kernel, diagnostics, origins=None):
    """Raises the warnings among a compile's `diagnostics` for `kernel`
    (what KILN_WARNINGS says: warnings, one CompileWarningError, nothing).
    `origins` maps module-text lines to (function, line) where they are
    not the kernel file's own (_source.module_layout)."""
    found = _warnings_with_notes(diagnostics)
    if not found:
        return
    how = mode()
    if how == "ignore":
        return
    made = []
    for d, notes in found:
        func, filename, line = _where(kernel, d, origins)
        message = d.message
        for note in notes:
            message += "\nnote: " + note.message
        made.append((KilnWarning(message, filename, line, d.column or None,
                                 kernel.__name__), func, d, notes))
    if how == "error":
        raise CompileWarningError(
            "\n".join(_error_text(d, w.filename, w.lineno, notes)
                      for w, _, d, notes in made),
            [w for w, _, _, _ in made])
    for w, func, _, _ in made:
        module_globals = getattr(func, "globals", None)
        registry = (module_globals.setdefault("__warningregistry__", {})
                    if isinstance(module_globals, dict) else None)
        warnings.warn_explicit(w, KilnWarning, w.filename, w.lineno,
                               module=func.py_func.__module__,
                               registry=registry, module_globals=module_globals)
