#!/usr/bin/env bash
# Configures and builds Kiln into build/ (incremental; ninja -j2 by default).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KILN_BUILD_DIR:-$root/build}
jobs=${KILN_JOBS:-2}
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "$@"
fi
ninja -C "$build" -j"$jobs"
