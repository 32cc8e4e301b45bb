#!/usr/bin/env python3
"""Compiles every kernel module given (skipping negative tests, err_*.py)
to PTX and SPIR-V with kilnc and checks them with ptxas and spirv-val.
Prints one line per failure and `validated N modules` at the end. A
generic module compiled with `--signature "..."` in its RUN line gets the
same signature here.

    validate_kernels.py KILNC PTXAS OUT_DIR FILE...
"""
import os
import re
import subprocess
import sys


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    return result.returncode, (result.stderr or result.stdout).strip()


def main():
    kilnc, ptxas, out = sys.argv[1:4]
    files = [f for f in sys.argv[4:] if not os.path.basename(f).startswith("err_")]
    os.makedirs(out, exist_ok=True)
    failures = 0
    for path in files:
        stem = os.path.join(out, os.path.basename(path))
        with open(path) as f:
            signature = re.search(r'^# RUN: .*--signature[= ]"([^"]+)"', f.read(), re.M)
        extra = ["--signature", signature.group(1)] if signature else []
        steps = [
            [kilnc, path, *extra, "--target", "ptx", "-o", stem + ".ptx"],
            [ptxas, "-arch=sm_90", stem + ".ptx", "-o", stem + ".cubin"],
            [kilnc, path, *extra, "--target", "spirv", "-o", stem + ".spv"],
            ["spirv-val", stem + ".spv"],
        ]
        for cmd in steps:
            code, message = run(cmd)
            # A type the target lacks must be a clear compile error.
            if code != 0 and "is not supported by the SPIR-V target" in message:
                print(f"unsupported on spirv (clear error): {os.path.basename(path)}")
                break
            if code != 0:
                failures += 1
                print(f"FAILED {os.path.basename(cmd[0])} on {path}: {message[:300]}")
                break
    print(f"validated {len(files) - failures} of {len(files)} modules")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
