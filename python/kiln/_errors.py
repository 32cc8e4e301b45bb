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
