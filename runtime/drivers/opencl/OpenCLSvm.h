//===- OpenCLSvm.h - Shared virtual memory capabilities ---------*- C++ -*-===//
//
// Whether an OpenCL device's buffers are SVM allocations (clSVMAlloc, with a
// device address) or cl_mem objects (no address). The device decides once,
// when it is queried, so all buffers of one device are of one kind.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSVM_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSVM_H

#include <CL/cl.h>

namespace kiln {

/// CL_DEVICE_SVM_CAPABILITIES of `device`; 0 for devices before OpenCL 2.0
/// (the query fails there) and when $KILN_OPENCL_SVM is "0", which keeps
/// cl_mem buffers on an SVM-capable device.
cl_device_svm_capabilities openclSvmCapabilities(cl_device_id device);

/// Whether a device with `capabilities` gets SVM buffers: coarse-grain
/// buffer SVM is enough, since Kiln only moves data with enqueued commands
/// (clEnqueueSVMMemcpy / clEnqueueSVMMemFill), never through host access.
bool usesSharedVirtualMemory(cl_device_svm_capabilities capabilities);

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSVM_H
