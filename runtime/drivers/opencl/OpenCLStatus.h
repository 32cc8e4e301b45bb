//===- OpenCLStatus.h - OpenCL error codes as Status ------------*- C++ -*-===//
//
// Every failing OpenCL call becomes a Status naming the call and the error
// ("clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)").
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSTATUS_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSTATUS_H

#include "kiln/runtime/Status.h"

#include <CL/cl.h>

namespace kiln {

/// The CL_* name of an OpenCL error code, or "CL error" when unknown.
const char *openclErrorName(cl_int code);

/// Ok for CL_SUCCESS, else an Internal error "<call> failed: NAME (code)".
Status openclStatus(cl_int code, const char *call);

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLSTATUS_H
