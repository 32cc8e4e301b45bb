#!/bin/sh
# A stand-in for ncu on a machine whose driver keeps the performance
# counters from ordinary users: what ncu prints there (ERR_NVGPUCTRPERM),
# written by hand for ncu-suite-no-counters.test.
if [ "$1" = --version ]; then
  echo "NVIDIA (R) Nsight Compute Command Line Profiler"
  echo "Version 2025.3.1.0 (stand-in)"
  exit 0
fi
echo "==PROF== Connected to process 4242"
echo "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0. For instructions on enabling permissions and to get more information see https://developer.nvidia.com/ERR_NVGPUCTRPERM"
echo "==PROF== Disconnected from process 4242"
exit 1
