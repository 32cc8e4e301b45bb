//===- Device.cpp - Names of back ends ----------------------------------===//
//
// Spelling of Backend values, as used in selectors and messages.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Device.h"

namespace kiln {

const char *backendName(Backend backend) {
  switch (backend) {
  case Backend::OpenCL:
    return "opencl";
  case Backend::CUDA:
    return "cuda";
  }
  return "unknown";
}

} // namespace kiln
