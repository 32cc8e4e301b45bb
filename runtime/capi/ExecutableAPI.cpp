//===- ExecutableAPI.cpp - Binaries, executables and kernels of the C API -===//
//
// A kiln_binary_t is a kiln::KernelBinary: device code plus the kernel
// metadata the launcher checks arguments against. The compiler's C API
// fills one; applications shipping precompiled code build one here.
//
//===----------------------------------------------------------------------===//
#include "kiln/capi/Handles.h"
#include "kiln/runtime/KernelBinaryFile.h"

#include <cstring>

using namespace kiln;
using capi::guarded;

namespace {

/// Checks one parameter description; empty when it is valid.
std::string checkParam(const kiln_param_desc_t &param, size_t index,
                       DType &dtype) {
  std::string where = "parameter " + std::to_string(index);
  if (!param.name || !*param.name)
    return where + " has no name";
  where += " ('" + std::string(param.name) + "')";
  if (!capi::toDType(param.dtype, dtype))
    return where + " has an unknown dtype " +
           std::to_string(capi::enumValue(param.dtype));
  switch (capi::enumValue(param.kind)) {
  case KILN_PARAM_SCALAR:
    if (param.rank != 0)
      return where + " is a scalar with rank " + std::to_string(param.rank) +
             "; scalars have rank 0";
    return {};
  case KILN_PARAM_ARRAY:
  case KILN_PARAM_LOCAL_ACCESSOR:
    if (param.rank < 1 || param.rank > 3)
      return where + " is " +
             (param.kind == KILN_PARAM_ARRAY ? "an array" : "an accessor") +
             " of rank " + std::to_string(param.rank) +
             "; arrays and accessors have rank 1 to 3";
    return {};
  }
  return where + " has an unknown kind " +
         std::to_string(capi::enumValue(param.kind));
}

ParamKind toParamKind(kiln_param_kind_t kind) {
  switch (kind) {
  case KILN_PARAM_SCALAR:
    break;
  case KILN_PARAM_ARRAY:
    return ParamKind::Array;
  case KILN_PARAM_LOCAL_ACCESSOR:
    return ParamKind::LocalAccessor;
  }
  return ParamKind::Scalar;
}

kiln_param_kind_t fromParamKind(ParamKind kind) {
  switch (kind) {
  case ParamKind::Scalar:
    break;
  case ParamKind::Array:
    return KILN_PARAM_ARRAY;
  case ParamKind::LocalAccessor:
    return KILN_PARAM_LOCAL_ACCESSOR;
  }
  return KILN_PARAM_SCALAR;
}

/// Parameter `index` of `kernel`, or an error naming the valid range.
kiln_status_t lookupParam(const char *function, kiln_kernel_t kernel,
                          size_t index, const KernelParam *&out) {
  const KernelMetadata &metadata = kernel->kernel->metadata();
  if (index < metadata.params.size()) {
    out = &metadata.params[index];
    return KILN_STATUS_OK;
  }
  return guarded(function, [&] {
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(function) + ": kernel '" + metadata.name +
                          "' has " + std::to_string(metadata.params.size()) +
                          " parameters; index " + std::to_string(index) +
                          " is out of range");
  });
}

} // namespace

extern "C" {

kiln_status_t kiln_binary_create(kiln_binary_format_t format, const char *arch,
                                 const void *data, size_t size,
                                 kiln_binary_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(data);
  int formatValue = capi::enumValue(format);
  if (formatValue != KILN_BINARY_PTX && formatValue != KILN_BINARY_SPIRV &&
      formatValue != KILN_BINARY_HOST_ELF)
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      "kiln_binary_create: unknown binary format " +
                          std::to_string(formatValue));
  if (size == 0)
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      "kiln_binary_create: the device code is empty");
  if (format == KILN_BINARY_SPIRV && size % 4 != 0)
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      "kiln_binary_create: SPIR-V of " + std::to_string(size) +
                          " bytes is not a whole number of words");
  return guarded(__func__, [&] {
    auto binary = std::make_unique<kiln_binary>();
    binary->binary.format = format == KILN_BINARY_PTX ? BinaryFormat::PTX
                            : format == KILN_BINARY_HOST_ELF
                                ? BinaryFormat::HostELF
                                : BinaryFormat::SPIRV;
    if (arch)
      binary->binary.arch = arch;
    const auto *bytes = static_cast<const uint8_t *>(data);
    binary->binary.data.assign(bytes, bytes + size);
    *out = binary.release();
    return capi::succeed();
  });
}

kiln_status_t kiln_binary_add_kernel(kiln_binary_t binary, const char *name,
                                     kiln_index_kind_t index_kind,
                                     const kiln_param_desc_t *params,
                                     size_t nparams) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(name);
  if (nparams != 0)
    KILN_CAPI_REQUIRE(params);
  return guarded(__func__, [&] {
    const std::string prefix =
        "kiln_binary_add_kernel: kernel '" + std::string(name) + "': ";
    if (!*name)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        "kiln_binary_add_kernel: the kernel name is empty");
    if (index_kind != KILN_INDEX_ITEM && index_kind != KILN_INDEX_ND_ITEM)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        prefix + "unknown index kind " +
                            std::to_string(static_cast<int>(index_kind)));
    for (const KernelMetadata &existing : binary->binary.kernels)
      if (existing.name == name)
        return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                          prefix + "described twice");
    KernelMetadata metadata;
    metadata.name = name;
    metadata.indexKind =
        index_kind == KILN_INDEX_ND_ITEM ? IndexKind::NdItem : IndexKind::Item;
    for (size_t i = 0; i < nparams; ++i) {
      KernelParam param;
      std::string error = checkParam(params[i], i, param.dtype);
      if (!error.empty())
        return capi::fail(KILN_STATUS_INVALID_ARGUMENT, prefix + error);
      param.name = params[i].name;
      param.kind = toParamKind(params[i].kind);
      param.rank = static_cast<unsigned>(params[i].rank);
      // Nothing says what the code writes: every array may be written.
      param.access = param.kind == ParamKind::Scalar ? ParamAccess::ReadOnly
                                                     : ParamAccess::Write;
      metadata.params.push_back(std::move(param));
    }
    binary->binary.kernels.push_back(std::move(metadata));
    return capi::succeed();
  });
}

kiln_status_t kiln_binary_set_takes_launch_rank(kiln_binary_t binary,
                                                const char *name,
                                                int takes_launch_rank) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(name);
  return guarded(__func__, [&] {
    if (takes_launch_rank != 0 && takes_launch_rank != 1)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        "kiln_binary_set_takes_launch_rank: kernel '" +
                            std::string(name) + "': takes_launch_rank is " +
                            std::to_string(takes_launch_rank) + ", not 0 or 1");
    for (KernelMetadata &kernel : binary->binary.kernels)
      if (kernel.name == name) {
        kernel.takesLaunchRank = takes_launch_rank == 1;
        return capi::succeed();
      }
    return capi::fail(KILN_STATUS_NOT_FOUND,
                      "kiln_binary_set_takes_launch_rank: no kernel '" +
                          std::string(name) +
                          "' was added (see kiln_binary_add_kernel)");
  });
}

kiln_status_t kiln_binary_format(kiln_binary_t binary,
                                 kiln_binary_format_t *out) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(out);
  *out = binary->binary.format == BinaryFormat::PTX       ? KILN_BINARY_PTX
         : binary->binary.format == BinaryFormat::HostELF ? KILN_BINARY_HOST_ELF
                                                          : KILN_BINARY_SPIRV;
  return capi::succeed();
}

kiln_status_t kiln_binary_data(kiln_binary_t binary, const void **data,
                               size_t *size) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(data);
  KILN_CAPI_REQUIRE(size);
  *data = binary->binary.data.data();
  *size = binary->binary.data.size();
  return capi::succeed();
}

kiln_status_t kiln_binary_kernel_count(kiln_binary_t binary, size_t *out) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(out);
  *out = binary->binary.kernels.size();
  return capi::succeed();
}

kiln_status_t kiln_binary_kernel_name(kiln_binary_t binary, size_t index,
                                      const char **out) {
  KILN_CAPI_REQUIRE(binary);
  KILN_CAPI_REQUIRE(out);
  size_t count = binary->binary.kernels.size();
  if (index >= count)
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      "kiln_binary_kernel_name: kernel index " +
                          std::to_string(index) + " out of range (" +
                          std::to_string(count) + " kernels)");
  *out = binary->binary.kernels[index].name.c_str();
  return capi::succeed();
}

kiln_status_t kiln_binary_read_file(const char *path, kiln_binary_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(path);
  return guarded(__func__, [&] {
    StatusOr<KernelBinary> read = readKernelBinaryFile(path);
    if (!read.ok())
      return capi::fromStatus(read.status());
    *out = new kiln_binary{std::move(*read)};
    return capi::succeed();
  });
}

kiln_status_t kiln_binary_read_memory(const void *data, size_t size,
                                      kiln_binary_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  if (size > 0)
    KILN_CAPI_REQUIRE(data);
  return guarded(__func__, [&] {
    StatusOr<KernelArtifact> read =
        deserializeKernelArtifact(static_cast<const uint8_t *>(data), size);
    if (!read.ok())
      return capi::fromStatus(read.status());
    *out = new kiln_binary{std::move(read->binary)};
    return capi::succeed();
  });
}

void kiln_binary_release(kiln_binary_t binary) { delete binary; }

kiln_status_t kiln_executable_load(kiln_device_t device, kiln_binary_t binary,
                                   kiln_executable_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(device);
  KILN_CAPI_REQUIRE(binary);
  return guarded(__func__, [&] {
    if (binary->binary.kernels.empty())
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        "kiln_executable_load: the binary describes no "
                        "kernels (see kiln_binary_add_kernel)");
    auto executable = device->device->loadExecutable(binary->binary);
    if (!executable.ok())
      return capi::fromStatus(executable.status());
    *out = new kiln_executable{std::move(*executable)};
    return capi::succeed();
  });
}

void kiln_executable_release(kiln_executable_t executable) {
  delete executable;
}

kiln_status_t kiln_kernel_get(kiln_executable_t executable, const char *name,
                              kiln_kernel_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(executable);
  KILN_CAPI_REQUIRE(name);
  return guarded(__func__, [&] {
    auto kernel = executable->executable->getKernel(name);
    if (!kernel.ok())
      return capi::fromStatus(kernel.status());
    *out = new kiln_kernel{std::move(*kernel)};
    return capi::succeed();
  });
}

kiln_status_t kiln_kernel_name(kiln_kernel_t kernel, const char **out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  *out = kernel->kernel->name().c_str();
  return capi::succeed();
}

kiln_status_t kiln_kernel_index_kind(kiln_kernel_t kernel,
                                     kiln_index_kind_t *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  *out = kernel->kernel->metadata().indexKind == IndexKind::NdItem
             ? KILN_INDEX_ND_ITEM
             : KILN_INDEX_ITEM;
  return capi::succeed();
}

kiln_status_t kiln_kernel_takes_launch_rank(kiln_kernel_t kernel, int *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  *out = kernel->kernel->metadata().takesLaunchRank ? 1 : 0;
  return capi::succeed();
}

kiln_status_t kiln_kernel_param_count(kiln_kernel_t kernel, size_t *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  *out = kernel->kernel->metadata().params.size();
  return capi::succeed();
}

kiln_status_t kiln_kernel_param_info(kiln_kernel_t kernel, size_t index,
                                     const char **name, int *is_array,
                                     kiln_dtype_t *dtype, int *rank) {
  KILN_CAPI_REQUIRE(kernel);
  const KernelParam *param = nullptr;
  if (kiln_status_t status = lookupParam(__func__, kernel, index, param))
    return status;
  if (name)
    *name = param->name.c_str();
  if (is_array)
    *is_array = param->kind == ParamKind::Array;
  if (dtype)
    *dtype = capi::fromDType(param->dtype);
  if (rank)
    *rank = static_cast<int>(param->rank);
  return capi::succeed();
}

kiln_status_t kiln_kernel_param_kind(kiln_kernel_t kernel, size_t index,
                                     kiln_param_kind_t *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  const KernelParam *param = nullptr;
  if (kiln_status_t status = lookupParam(__func__, kernel, index, param))
    return status;
  *out = fromParamKind(param->kind);
  return capi::succeed();
}

kiln_status_t kiln_kernel_param_access(kiln_kernel_t kernel, size_t index,
                                       kiln_access_t *out) {
  KILN_CAPI_REQUIRE(kernel);
  KILN_CAPI_REQUIRE(out);
  const KernelParam *param = nullptr;
  if (kiln_status_t status = lookupParam(__func__, kernel, index, param))
    return status;
  *out = param->access == ParamAccess::ReadOnly ? KILN_ACCESS_READ_ONLY
                                                : KILN_ACCESS_WRITE;
  return capi::succeed();
}

void kiln_kernel_release(kiln_kernel_t kernel) { delete kernel; }

} // extern "C"
