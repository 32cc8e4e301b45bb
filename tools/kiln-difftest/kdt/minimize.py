"""Shrinks a failing kernel: drops statements and replaces an `if` or a
loop by its body, keeping a change while the reference still accepts the
kernel and the device still fails the same way (greedy, like C-Reduce's
line passes, on the generator's statements)."""
import copy
import os
import re
import shutil

from . import nodes as N
from .runner import Launch, run_config

MAX_TRIES = 80


def replay(kernel, statements):
    """A copy of `kernel` with these statements, or None if the reference
    rejects them."""
    other = copy.copy(kernel)
    other.start()
    other.statements = []
    for statement in statements:
        if not other.try_add([statement]):
            return None
    return other


def candidates(statements):
    """Smaller variants: one statement dropped, or a compound statement
    replaced by one of its blocks."""
    for i, s in enumerate(statements):
        yield statements[:i] + statements[i + 1:]
        blocks = []
        if isinstance(s, N.If):
            blocks = [s.then, s.other]
        elif isinstance(s, (N.For, N.While)):
            blocks = [s.body]
        for block in blocks:
            yield statements[:i] + list(block) + statements[i + 1:]


def still_fails(kernel, problem, opts, folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    from .batch import write_module  # batch imports this module
    module = os.path.join(folder, "kernel.py")
    write_module(module, problem["seed"], [kernel])
    launch = Launch(kernel, folder)
    status = run_config(opts.tools, module, [launch], problem["config"],
                        opts.device, opts.runner)
    message = status.get(kernel.name, "no result")
    found = launch.judge(problem["config"], message)
    if found is None or found[0] != problem["kind"]:
        return False
    if problem["kind"] == "mismatch":
        return True
    # The same error, not any error (a dropped declaration is one too).
    return signature(found[1]) == signature(problem["message"])


def signature(message):
    """An error message without file names, temporary paths and numbers."""
    message = re.sub(r"\S+\.py:\d+:\d+: ", "", message)
    message = re.sub(r"/tmp/\S+|\d+", "", message)
    return message[:80]


def minimize(kernel, problem, opts, case):
    folder = os.path.join(case, "minimize")
    tries = 0
    progress = True
    while progress and tries < MAX_TRIES:
        progress = False
        for statements in candidates(kernel.statements):
            smaller = replay(kernel, statements)
            if smaller is None:
                continue
            tries += 1
            if still_fails(smaller, problem, opts, folder):
                kernel, progress = smaller, True
                break
            if tries >= MAX_TRIES:
                break
    shutil.rmtree(folder, ignore_errors=True)
    return kernel
