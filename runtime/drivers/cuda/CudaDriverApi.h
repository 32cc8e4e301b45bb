//===- CudaDriverApi.h - The slice of the CUDA driver API we use -*- C++
//-*-===//
//
// Kiln loads libcuda.so.1 at run time and must build on machines without the
// CUDA toolkit, so it declares the few driver types and constants it needs
// here instead of including cuda.h. Values follow the CUDA driver API ABI.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_CUDA_CUDADRIVERAPI_H
#define KILN_RUNTIME_DRIVERS_CUDA_CUDADRIVERAPI_H

#include <cstddef>

namespace kiln::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUdevice_attribute = int;
using CUjit_option = int;
using CUfunction_attribute = int;
using CUpointer_attribute = int;

struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;

/// CUlaunchAttributeID: the attributes Kiln sets (ids per cuda.h 12.x).
using CUlaunchAttributeID = int;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr CUlaunchAttributeID
    CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5;
constexpr CUlaunchAttributeID
    CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 7;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_PRIORITY = 8;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 10;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT = 12;

/// CUaccessProperty, CUclusterSchedulingPolicy and CUlaunchMemSyncDomain
/// values are 0, 1, 2 in the order of Kiln's AccessProperty,
/// ClusterSchedulingPolicy and MemSyncDomain enums.
using CUaccessProperty = int;

/// Layout of CUaccessPolicyWindow_st.
struct CUaccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  CUaccessProperty hitProp;
  CUaccessProperty missProp;
};

/// Layout of CUlaunchAttributeValue_union (64 bytes); only the members
/// Kiln writes.
union CUlaunchAttributeValue {
  char pad[64];
  CUaccessPolicyWindow accessPolicyWindow;
  int cooperative;
  struct {
    unsigned x, y, z;
  } clusterDim;
  int clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct {
    CUevent event;
    int flags;
    int triggerAtBlockStart;
  } programmaticEvent;
  int priority;
  int memSyncDomain;
  struct {
    CUevent event;
    int flags;
  } launchCompletionEvent;
};

/// Layout of CUlaunchAttribute_st.
struct CUlaunchAttribute {
  CUlaunchAttributeID id;
  char pad[8 - sizeof(CUlaunchAttributeID)];
  CUlaunchAttributeValue value;
};
static_assert(sizeof(CUlaunchAttributeValue) == 64, "cuda.h: 64-byte union");
static_assert(sizeof(CUlaunchAttribute) == 72, "cuda.h: id, pad, value");
static_assert(sizeof(CUaccessPolicyWindow) == 32, "cuda.h: 32-byte window");

/// Launch parameters of cuLaunchKernelEx (layout of CUlaunchConfig_st).
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;

/// cuPointerGetAttribute: the pointer's context (CUcontext), its memory
/// type (a CUmemorytype, unsigned) and its device's ordinal (int).
constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_CONTEXT = 1;
constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9;
constexpr unsigned CU_MEMORYTYPE_HOST = 1;
constexpr unsigned CU_MEMORYTYPE_DEVICE = 2;
constexpr unsigned CU_MEMORYTYPE_UNIFIED = 4;

constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
/// Y and Z follow as 3 and 4.
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK =
    8;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE =
    109;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120;

constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES =
    8;
constexpr CUfunction_attribute
    CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9;
/// CU_SHAREDMEM_CARVEOUT_DEFAULT: the driver chooses.
constexpr int kDefaultSharedMemCarveout = -1;

/// Dynamic shared memory a launch may use without opting in per function.
constexpr unsigned kDefaultDynamicSharedLimit = 48 * 1024;

constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;

} // namespace kiln::cuda

#endif // KILN_RUNTIME_DRIVERS_CUDA_CUDADRIVERAPI_H
