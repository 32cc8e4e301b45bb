"""Inputs and check for range loops with a run-time step
(Conformance/S4_statements/for_runtime_step.py):
  runtime_step.py make DIR     writes DIR/{start,stop,step}.npy
  runtime_step.py check DIR    checks DIR/out.npy against Python's range
out[i] = (trips, wrapping sum of the values, last value or -1) of
range(start[i], stop[i], step[i]); a zero step runs no iteration (Kiln's
rule, docs/language.md).
"""
import sys

import numpy as np

MIN, MAX = -2**63, 2**63 - 1
CASES = [
    (0, 10, 3), (10, 0, -3), (0, 10, -1), (5, 5, 1), (0, 10, 0),
    (-3, 3, 1), (3, -3, -1), (7, 8, 100), (8, 7, -100),
    (MIN, MAX, 2**62), (MAX, MIN, MIN), (MAX - 5, MAX, 4),
    (MIN + 5, MIN, -4), (MIN, MIN + 3, MAX), (0, MAX, 2**61),
]


def make(folder):
    cols = list(zip(*CASES))
    for name, col in zip(("start", "stop", "step"), cols):
        np.save(f"{folder}/{name}.npy", np.array(col, dtype=np.int64))


def expected(start, stop, step):
    values = [] if step == 0 else list(range(start, stop, step))
    total = sum(values) % 2**64
    total = total - 2**64 if total >= 2**63 else total
    return [len(values), total, values[-1] if values else -1]


def check(folder):
    out = np.load(f"{folder}/out.npy")
    bad = [(c, out[i].tolist(), expected(*c)) for i, c in enumerate(CASES)
           if out[i].tolist() != expected(*c)]
    for case, got, want in bad:
        print(f"range{case}: got {got}, want {want}")
    print("runtime step: " + ("MISMATCH" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
        sys.exit(0)
    sys.exit(check(sys.argv[2]))
