"""Exceptions of the package."""


class KernelError(RuntimeError):
    """A kernel failed while it ran (in the simulator: an exception in a
    work-item, which is this error's __cause__), or an event it waited on
    failed."""
