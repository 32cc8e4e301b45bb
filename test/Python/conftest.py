"""pytest setup for the kiln package's tests. The test command runs them
against the build's copy (PYTHONPATH=BUILD/python, scripts/run-tests.py);
run from the source tree they use python/ directly."""

import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

if importlib.util.find_spec("kiln") is None:
    sys.path.insert(0, os.path.join(ROOT, "python"))


def load_module(path, name=None):
    """Imports the Python file `path` (an example) as a fresh module."""
    name = name or "kiln_test_" + os.path.relpath(path, ROOT).replace(os.sep, "_")[:-3]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example(name):
    return load_module(os.path.join(ROOT, "examples", name + ".py"))
