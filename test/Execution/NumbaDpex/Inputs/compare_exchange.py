#!/usr/bin/env python3
"""Inputs and the NumPy reference of compare_exchange.py: numba-dpex's
AtomicRef.compare_exchange(expected, desired, expected_idx=0), written from
its documented semantics (if ref == expected[expected_idx]: ref = desired,
True; else expected[expected_idx] = ref, False).

    compare_exchange.py make DIR | check DIR
"""
import sys

import numpy as np

A = [0, 7, 2, 9, 4, 4]
EXP = [0, 1, 5, 9, 3, 4]


def compare_exchange(ref, i, expected, desired, idx):
    if ref[i] == expected[idx]:
        ref[i] = desired
        return True
    expected[idx] = ref[i]
    return False


def main():
    mode, d = sys.argv[1], sys.argv[2]
    if mode == "make":
        np.save(f"{d}/a.npy", np.array(A, np.int32))
        np.save(f"{d}/exp.npy", np.array(EXP, np.int32))
        return
    a, exp = list(A), list(EXP)
    ok = [compare_exchange(a, i, exp, 7, i) for i in range(4)]
    # Default expected_idx (0) and keywords, by the work-items 4 and 5.
    ok.append(compare_exchange(a, 4, exp, 8, 0))
    ok.append(compare_exchange(a, 5, exp, 6, 5))
    got = (np.load(f"{d}/out_a.npy").tolist(), np.load(f"{d}/out_exp.npy").tolist(),
           np.load(f"{d}/out_ok.npy").tolist())
    want = (a, exp, ok)
    if got != want:
        sys.exit(f"compare_exchange: got {got}, want {want}")
    print("compare_exchange: ok", a)


if __name__ == "__main__":
    main()
