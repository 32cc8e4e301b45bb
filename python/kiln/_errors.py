"""Exceptions of the package."""

import re


class KernelError(RuntimeError):
    """A kernel failed while it ran (in the simulator: an exception in a
    work-item, which is this error's __cause__), or an event it waited on
    failed."""


class CompileError(Exception):
    """A kernel did not compile. The message is the compiler's: each error
    `FILE:LINE:COL: error: MESSAGE` at the user's file and line, followed
    by the source line and a caret; `filename`, `lineno` and `offset` are
    those of the first error (None when it has no location)."""

    def __init__(self, message):
        super().__init__(message)
        found = re.search(r"^(.*?):(\d+):(\d+): error:", message, re.MULTILINE)
        self.filename = found.group(1) if found else None
        self.lineno = int(found.group(2)) if found else None
        self.offset = int(found.group(3)) if found else None


class KilnWarning(UserWarning):
    """A compiler warning: where Kiln's meaning differs from numba-dpex's
    (a float literal next to an int64 is float32), a literal whose value
    changes in its type (16777217 as a float32). Raised through
    warnings.warn_explicit at the user's file and line, once per compile;
    `filename`, `lineno`, `offset` (the column) and `kernel` (its name)
    say where. KILN_WARNINGS=error makes them a CompileWarningError,
    KILN_WARNINGS=ignore silences them."""

    def __init__(self, message, filename=None, lineno=None, offset=None,
                 kernel=None):
        super().__init__(message)
        self.filename = filename
        self.lineno = lineno
        self.offset = offset
        self.kernel = kernel


class CompileWarningError(CompileError):
    """KILN_WARNINGS=error: a compile whose warnings are errors. The message
    has each warning as `FILE:LINE:COL: error: MESSAGE [KILN_WARNINGS=error]`
    with the source line and a caret; `filename`, `lineno`, `offset` are the
    first one's, `warnings` the KilnWarnings."""

    def __init__(self, message, warnings=()):
        super().__init__(message)
        self.warnings = list(warnings)
