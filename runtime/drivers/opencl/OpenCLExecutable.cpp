//===- OpenCLExecutable.cpp - SPIR-V programs on OpenCL -----------------===//
//
// Chooses the program input the device accepts (SPIR-V IL, or SPIR via
// llvm-spirv), builds it with an empty option string and reports the build
// log on failure.
//
//===----------------------------------------------------------------------===//
#include "OpenCLExecutable.h"

#include "OpenCLDeviceInfo.h"
#include "OpenCLStatus.h"
#include "SpirToolchain.h"
#include "kiln/runtime/SPIRVWords.h"

namespace kiln {
namespace {

Status checkSpirv(const KernelBinary &binary, const std::string &device) {
  if (binary.format != BinaryFormat::SPIRV)
    return unimplemented("PTX binaries cannot run on OpenCL device '" + device +
                         "'; compile the kernel for SPIR-V");
  if (!spirv::isSPIRVBinary(binary.data))
    return invalidArgument("binary of " + std::to_string(binary.data.size()) +
                           " bytes is not a SPIR-V module (bad magic or size)");
  return Status();
}

std::string buildLog(cl_program program, cl_device_id device) {
  size_t size = 0;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                        &size);
  std::string log(size, '\0');
  if (size != 0)
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size,
                          log.data(), nullptr);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
    log.pop_back();
  return log;
}

StatusOr<cl_program> createFromIL(const OpenCLDevice &device,
                                  const std::vector<uint8_t> &spirv) {
  cl_int err = CL_SUCCESS;
  cl_program program =
      clCreateProgramWithIL(device.context(), spirv.data(), spirv.size(), &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateProgramWithIL"));
  return program;
}

StatusOr<cl_program> createFromSpir(const OpenCLDevice &device,
                                    const std::vector<uint8_t> &spirv) {
  StatusOr<std::vector<uint8_t>> spir = translateSpirvToSpir(spirv);
  if (!spir.ok())
    return spir.status();
  cl_int err = CL_SUCCESS, binaryStatus = CL_SUCCESS;
  cl_device_id id = device.id();
  const unsigned char *data = spir->data();
  size_t size = spir->size();
  cl_program program = clCreateProgramWithBinary(
      device.context(), 1, &id, &size, &data, &binaryStatus, &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateProgramWithBinary"));
  return program;
}

StatusOr<cl_program> createProgram(const OpenCLDevice &device,
                                   const std::vector<uint8_t> &spirv) {
  std::string il = openclDeviceString(device.id(), CL_DEVICE_IL_VERSION);
  if (il.find("SPIR-V") != std::string::npos)
    return createFromIL(device, spirv);
  std::string extensions =
      openclDeviceString(device.id(), CL_DEVICE_EXTENSIONS);
  if (extensions.find("cl_khr_spir") != std::string::npos)
    return createFromSpir(device, spirv);
  return unimplemented("device '" + device.info().name +
                       "' accepts neither SPIR-V nor SPIR");
}

Status buildProgram(const OpenCLDevice &device, cl_program program) {
  cl_device_id id = device.id();
  cl_int err = clBuildProgram(program, 1, &id, "", nullptr, nullptr);
  if (err == CL_SUCCESS)
    return Status();
  return internalError("clBuildProgram failed for '" + device.info().name +
                       "': " + openclErrorName(err) + " (" +
                       std::to_string(err) + "); build log:\n" +
                       buildLog(program, id));
}

} // namespace

StatusOr<std::shared_ptr<Kernel>>
OpenCLExecutable::createKernel(const KernelMetadata &metadata) {
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = clCreateKernel(program_, metadata.name.c_str(), &err);
  KILN_RETURN_IF_ERROR(openclStatus(err, "clCreateKernel")
                           .withContext("kernel '" + metadata.name + "'"));
  return std::shared_ptr<Kernel>(std::make_shared<OpenCLKernel>(
      shared_from_this(), *device_, metadata, kernel));
}

StatusOr<std::shared_ptr<Executable>>
loadOpenCLExecutable(std::shared_ptr<const OpenCLDevice> device,
                     const KernelBinary &binary) {
  KILN_RETURN_IF_ERROR(checkSpirv(binary, device->info().name));
  StatusOr<cl_program> program = createProgram(*device, binary.data);
  if (!program.ok())
    return program.status();
  auto executable =
      std::make_shared<OpenCLExecutable>(device, *program, binary.kernels);
  KILN_RETURN_IF_ERROR(buildProgram(*device, *program));
  return std::shared_ptr<Executable>(executable);
}

} // namespace kiln
