#!/usr/bin/env bash
# The main job: compile examples/saxpy.py, run it on a device (default: the
# CPU through OpenCL/PoCL) with random inputs, and check the result against
# a NumPy reference computed independently of Kiln.
#   run-example.sh BUILD_DIR [DEVICE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
device=${2:-cpu}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=1000003
py=${KILN_PYTHON:-/usr/bin/python3}

"$py" - "$work" "$n" <<'PY'
import sys, numpy as np
work, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(2026)
np.save(f"{work}/x.npy", rng.standard_normal(n).astype(np.float32))
np.save(f"{work}/y.npy", rng.standard_normal(n).astype(np.float32))
PY

"$build/bin/kiln-run" "$root/examples/saxpy.py" -k saxpy --range "$n" \
  --device "$device" --arg a=2.5 --arg x=@"$work/x.npy" \
  --arg y=@"$work/y.npy" --out y="$work/y_out.npy"

"$py" - "$work" "$device" <<'PY'
import sys, numpy as np
work, device = sys.argv[1], sys.argv[2]
x, y, out = (np.load(f"{work}/{f}.npy") for f in ("x", "y", "y_out"))
ref = (np.float64(2.5) * x.astype(np.float64) + y.astype(np.float64))
err = np.linalg.norm(out.astype(np.float64) - ref) / np.linalg.norm(ref)
ok = out.shape == ref.shape and np.isfinite(out).all() and err < 1e-6
print(f"saxpy: {out.size} float32 elements on {device}, relative error {err:.2e} vs NumPy float64: "
      + ("verified" if ok else "MISMATCH"))
sys.exit(0 if ok else 1)
PY
