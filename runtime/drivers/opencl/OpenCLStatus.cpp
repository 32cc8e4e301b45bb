//===- OpenCLStatus.cpp - OpenCL error codes as Status ------------------===//
//
// Names of the OpenCL error codes a runtime is likely to meet.
//
//===----------------------------------------------------------------------===//
#include "OpenCLStatus.h"

#include <string>

namespace kiln {

const char *openclErrorName(cl_int code) {
  switch (code) {
#define KILN_CL_ERROR(name)                                                    \
  case name:                                                                   \
    return #name;
    KILN_CL_ERROR(CL_DEVICE_NOT_FOUND)
    KILN_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    KILN_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    KILN_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    KILN_CL_ERROR(CL_OUT_OF_RESOURCES)
    KILN_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    KILN_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    KILN_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    KILN_CL_ERROR(CL_INVALID_VALUE)
    KILN_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    KILN_CL_ERROR(CL_INVALID_PLATFORM)
    KILN_CL_ERROR(CL_INVALID_DEVICE)
    KILN_CL_ERROR(CL_INVALID_CONTEXT)
    KILN_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    KILN_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    KILN_CL_ERROR(CL_INVALID_MEM_OBJECT)
    KILN_CL_ERROR(CL_INVALID_BINARY)
    KILN_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    KILN_CL_ERROR(CL_INVALID_PROGRAM)
    KILN_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    KILN_CL_ERROR(CL_INVALID_KERNEL_NAME)
    KILN_CL_ERROR(CL_INVALID_KERNEL)
    KILN_CL_ERROR(CL_INVALID_ARG_INDEX)
    KILN_CL_ERROR(CL_INVALID_ARG_VALUE)
    KILN_CL_ERROR(CL_INVALID_ARG_SIZE)
    KILN_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    KILN_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    KILN_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    KILN_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    KILN_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    KILN_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    KILN_CL_ERROR(CL_INVALID_EVENT)
    KILN_CL_ERROR(CL_INVALID_OPERATION)
    KILN_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    KILN_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
#undef KILN_CL_ERROR
  default:
    return "CL error";
  }
}

Status openclStatus(cl_int code, const char *call) {
  if (code == CL_SUCCESS)
    return Status();
  return internalError(std::string(call) + " failed: " + openclErrorName(code) +
                       " (" + std::to_string(code) + ")");
}

} // namespace kiln
