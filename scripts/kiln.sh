#!/usr/bin/env bash
# The two README commands:
#   kiln.sh run   install what is missing, build, run saxpy on the default
#                 device (the CPU through OpenCL/PoCL) and verify it
#   kiln.sh test  install what is missing, build, run every test
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${KILN_BUILD_DIR:-$root/build}
case "${1:-}" in
  run)
    bash "$root/scripts/setup.sh"
    bash "$root/scripts/build.sh"
    bash "$root/scripts/run-example.sh" "$build" "${2:-cpu}"
    ;;
  test)
    bash "$root/scripts/setup.sh"
    bash "$root/scripts/build.sh"
    /usr/bin/python3 "$root/scripts/run-tests.py" "$build"
    ;;
  *)
    echo "usage: $0 run [DEVICE] | test" >&2
    exit 2
    ;;
esac
