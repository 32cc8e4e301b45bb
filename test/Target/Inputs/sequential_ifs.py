#!/usr/bin/env python3
"""Writes a kernel of N sequential `if` statements to stdout (compile-time
stress test of the pipeline: test/Target/sequential-ifs-memory.test)."""
import sys

n = int(sys.argv[1])
print("@kernel")
print("def k(item: Item, a: Array[int64]):")
print("    i = item.get_id(0)")
for k in range(n):
    print(f"    if a[i] == {k}:")
    print(f"        a[i] = {k + 1}")
