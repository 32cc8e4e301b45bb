#!/usr/bin/env bash
# Installs exactly the Debian packages Kiln needs, skipping those present.
# Idempotent and non-interactive; runs `apt-get update` at most once.
set -euo pipefail

packages=(
  # build
  cmake ninja-build g++ pkg-config
  # compiler: LLVM/MLIR 22 (libLLVM.so, libMLIR.so, mlir-tblgen, lit, FileCheck)
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # SPIR-V validation and the SPIR-V -> SPIR bridge for PoCL
  spirv-tools llvm-spirv-15
  # runtime back ends: OpenCL (PoCL runs kernels on the CPU), Level Zero
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo libze-dev libze1
  # the native CPU device: LLVM's linker for its shared objects, oneTBB
  # for its threads (docs/cpu-backend.md)
  lld-22 libtbb-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev python3 python3-numpy
  # the Python package's tests (test/Python); its C launch (kiln._claunch)
  python3-pytest python3-dev
  # the format check of the test command (scripts/check-format.sh)
  clang-format-22
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run as root (or install them) and try again" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
