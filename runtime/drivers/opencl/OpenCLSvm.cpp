//===- OpenCLSvm.cpp - Shared virtual memory capabilities ---------------===//
//
// The SVM query and the decision built on it (see OpenCLSvm.h).
//
//===----------------------------------------------------------------------===//
#include "OpenCLSvm.h"

#include <cstdlib>
#include <cstring>

namespace kiln {

cl_device_svm_capabilities openclSvmCapabilities(cl_device_id device) {
  // An escape hatch (and the way tests reach the cl_mem path on a device
  // that has SVM): KILN_OPENCL_SVM=0.
  if (const char *setting = std::getenv("KILN_OPENCL_SVM"))
    if (std::strcmp(setting, "0") == 0)
      return 0;
  cl_device_svm_capabilities capabilities = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof(capabilities),
                      &capabilities, nullptr) != CL_SUCCESS)
    return 0;
  return capabilities;
}

bool usesSharedVirtualMemory(cl_device_svm_capabilities capabilities) {
  // OpenCL 3.0 requires coarse-grain buffer SVM of any device with SVM at
  // all, and it is all Kiln needs: one bit decides.
  return (capabilities & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) != 0;
}

} // namespace kiln
