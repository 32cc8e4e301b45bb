#!/usr/bin/env python3
"""deep_source.py KIND N: writes a kernel whose one statement (line 4 on)
nests N deep, for the pathological-input tests of the frontend.

    chain N     a[i] = a[i] + a[i] + ... (N operands: a left-deep tree)
    and N       a[i] = int64(a[i] > 0 and ... ) (N operands)
    attr N      a[i] = a.shape.shape... (N attributes)
    elif N      if / N-1 elifs / else
    calls N     device functions g0 .. gN-1, each calling the next, first
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "calls":
    for k in range(n - 1):
        print("@device_func")
        print(f"def g{k}(x: int64) -> int64:")
        print(f"    return g{k + 1}(x) + 1")
    print("@device_func")
    print(f"def g{n - 1}(x: int64) -> int64:")
    print("    return x")
print("@kernel")
print("def k(item: Item, a: Array[int64]):")
print("    i = item.get_id(0)")
if kind == "chain":
    print("    a[i] = " + " + ".join(["a[i]"] * n))
elif kind == "and":
    print("    a[i] = int64(" + " and ".join(["a[i] > 0"] * n) + ")")
elif kind == "attr":
    print("    a[i] = a" + ".shape" * n)
elif kind == "calls":
    print("    a[i] = g0(a[i])")
elif kind == "elif":
    print("    if a[i] == 0:")
    print("        a[i] = 1")
    for k in range(1, n):
        print(f"    elif a[i] == {k}:")
        print(f"        a[i] = {k + 1}")
    print("    else:")
    print("        a[i] = 0")
    print("    a[i] = a[i] + 1")
else:
    sys.exit(f"unknown kind {kind}")
