/*===- kiln.h - The C API of the Kiln runtime -------------------*- C -*-===//
 *
 * The embedding interface of Kiln's runtime for C and for any language with
 * a C FFI: open a device, allocate buffers, load a compiled binary, launch
 * its kernels with checked arguments, wait on events. It wraps the C++
 * runtime (the kiln/runtime headers) and, like it, needs no LLVM/MLIR: an
 * application that ships precompiled kernels links only KilnRuntimeC.
 * Compiling kernel source is the compiler layer's job: kiln/kiln_compiler.h.
 *
 * Conventions
 *  - Every function that can fail returns a kiln_status_t; out-parameters
 *    come last. Nothing throws, aborts or exits: any bad input (NULL handle,
 *    wrong size, unknown name, mismatched argument) is an error code.
 *  - kiln_last_error_message() holds the message of the last failed call on
 *    the calling thread; a successful call leaves it empty.
 *  - Handles are opaque. kiln_*_release(NULL) is a no-op. A handle keeps
 *    what it depends on alive (a buffer its device, a kernel its
 *    executable, a pending event the buffers and kernel of its launch), so
 *    handles can be released in any order.
 *  - Handles may be used from several threads; one queue is in order.
 *
 *===----------------------------------------------------------------------===*/
#ifndef KILN_KILN_H
#define KILN_KILN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===--- Status -----------------------------------------------------------===*/

/** Result of every fallible call (the runtime's kiln::StatusCode, plus the
 *  compiler's failure). */
typedef enum kiln_status_t {
  KILN_STATUS_OK = 0,
  KILN_STATUS_INVALID_ARGUMENT = 1, /**< The caller passed something wrong. */
  KILN_STATUS_NOT_FOUND = 2,        /**< No such device, kernel, file. */
  KILN_STATUS_UNAVAILABLE = 3,      /**< A driver or library is missing. */
  KILN_STATUS_DATA_LOSS = 4,        /**< Malformed or truncated data. */
  KILN_STATUS_UNIMPLEMENTED = 5,    /**< Valid, but not supported yet. */
  KILN_STATUS_INTERNAL = 6,         /**< A driver call or Kiln itself failed. */
  KILN_STATUS_COMPILE_ERROR = 7,    /**< Kernel source did not compile. */
  KILN_STATUS_OUT_OF_MEMORY = 8     /**< A host allocation failed. */
} kiln_status_t;

/** "OK", "INVALID_ARGUMENT", ...; "UNKNOWN" for a value outside the enum. */
const char *kiln_status_name(kiln_status_t status);

/** Message of the last failed call on this thread ("" after a success). The
 *  pointer is valid until the next kiln_* call on this thread. Compile
 *  errors are the compiler's FILE:LINE:COL: error: lines. */
const char *kiln_last_error_message(void);

/*===--- Types of the kernel language -------------------------------------===*/

/** Element and scalar types (spec section 2), in kiln::DType's order. */
typedef enum kiln_dtype_t {
  KILN_DTYPE_BOOL = 0,
  KILN_DTYPE_INT8,
  KILN_DTYPE_INT16,
  KILN_DTYPE_INT32,
  KILN_DTYPE_INT64,
  KILN_DTYPE_UINT8,
  KILN_DTYPE_UINT16,
  KILN_DTYPE_UINT32,
  KILN_DTYPE_UINT64,
  KILN_DTYPE_FLOAT16,
  KILN_DTYPE_FLOAT32,
  KILN_DTYPE_FLOAT64,
  KILN_DTYPE_BFLOAT16,
  KILN_DTYPE_COMPLEX64, /* interleaved (real, imag) float32 pair */
  KILN_DTYPE_COMPLEX128 /* interleaved (real, imag) float64 pair */
} kiln_dtype_t;

/** Bytes of one element ("bool" is 1); 0 for a value outside the enum. */
size_t kiln_dtype_size(kiln_dtype_t dtype);
/** The spec's spelling ("float32"); NULL for a value outside the enum. */
const char *kiln_dtype_name(kiln_dtype_t dtype);

/*===--- Handles ----------------------------------------------------------===*/

typedef struct kiln_device *kiln_device_t;         /**< An opened device. */
typedef struct kiln_queue *kiln_queue_t;           /**< An in-order queue. */
typedef struct kiln_buffer *kiln_buffer_t;         /**< Device memory. */
typedef struct kiln_binary *kiln_binary_t;         /**< Code + metadata. */
typedef struct kiln_executable *kiln_executable_t; /**< A loaded binary. */
typedef struct kiln_kernel *kiln_kernel_t;         /**< One entry point. */
typedef struct kiln_event *kiln_event_t;           /**< A submission's end. */

/*===--- Devices ----------------------------------------------------------===*/

/** The API family a device is driven through. */
typedef enum kiln_backend_t {
  KILN_BACKEND_OPENCL = 0,
  KILN_BACKEND_CUDA = 1,
  KILN_BACKEND_LEVEL_ZERO = 2,
  KILN_BACKEND_HOST = 3 /**< The native CPU device ("host"). */
} kiln_backend_t;

/** Opens the device named by `selector`: "cpu" (first OpenCL CPU device),
 *  "opencl[:i]", "cuda[:i]", "level_zero[:i]". A missing driver or device is an
 * error saying what is missing. */
kiln_status_t kiln_device_open(const char *selector, kiln_device_t *out);
/** The vendor's name of the device; valid while the device handle lives. */
kiln_status_t kiln_device_name(kiln_device_t device, const char **out);
/** The back end, which decides the binary format the device loads
 *  (CUDA: PTX; OpenCL, Level Zero: SPIR-V). */
kiln_status_t kiln_device_backend(kiln_device_t device, kiln_backend_t *out);
/** Most work-items of one work-group (the local range's product). */
kiln_status_t kiln_device_max_work_group_size(kiln_device_t device,
                                              size_t *out);
/** Bytes of work-group local memory: static local memory plus the
 *  kiln_arg_local_accessor arguments of one launch must fit. */
kiln_status_t kiln_device_local_mem_size(kiln_device_t device, size_t *out);
void kiln_device_release(kiln_device_t device);

/*===--- Queues -----------------------------------------------------------===*/

/** A new in-order queue on `device`. */
kiln_status_t kiln_queue_create(kiln_device_t device, kiln_queue_t *out);
/** Blocks until all work submitted to `queue` is done. */
kiln_status_t kiln_queue_finish(kiln_queue_t queue);
/** The back end's own queue object, for interoperation (DLPack's and
 *  __cuda_array_interface__'s stream): the CUstream on CUDA, the
 *  cl_command_queue on OpenCL, valid while `queue` lives;
 *  KILN_STATUS_UNIMPLEMENTED where the back end has none to share. */
kiln_status_t kiln_queue_native_handle(kiln_queue_t queue, void **out);
void kiln_queue_release(kiln_queue_t queue);
/** An event (release it with kiln_event_release) that completes once every
 *  command submitted to the in-order `queue` before it has: how a caller of
 *  KILN_LAUNCH_NO_EVENT launches learns that they completed (one marker
 *  every few launches, or when a launch's completion is asked for). An
 *  out-of-order queue is KILN_STATUS_INVALID_ARGUMENT; a back end without
 *  markers KILN_STATUS_UNIMPLEMENTED. */
kiln_status_t kiln_queue_marker(kiln_queue_t queue, kiln_event_t *out);

/*===--- Buffers ----------------------------------------------------------===*/

/** Allocates `size` bytes (uninitialised) on `device`. */
kiln_status_t kiln_buffer_create(kiln_device_t device, size_t size,
                                 kiln_buffer_t *out);
/** A buffer over `size` bytes at `address`, memory the runtime did not
 *  allocate and never frees (zero-copy interop: a PyTorch or CuPy tensor,
 *  a NumPy array). The caller keeps the memory's owner alive while the
 *  buffer or any command using it lives. CUDA: a device pointer (a
 *  CUdeviceptr) of `device`, in its primary context (where PyTorch and
 *  CuPy allocate); host memory, memory of another device or context, or a
 *  range past the end of its allocation is INVALID_ARGUMENT saying which.
 *  OpenCL: a host pointer, on CPU devices only (CL_MEM_USE_HOST_PTR:
 *  kernels use the memory itself); other OpenCL devices and Level Zero
 *  give UNIMPLEMENTED saying so (copy the data into a buffer instead). A
 *  zero address or size is INVALID_ARGUMENT. kiln_buffer_device_address
 *  of the buffer is `address` (on the CPU device kernels use the host
 *  memory itself). Kernels compiled by kiln_compile_for_arguments for a
 *  wrapped buffer assume 16-byte alignment only where `address` has it. */
kiln_status_t kiln_buffer_wrap(kiln_device_t device, uint64_t address,
                               size_t size, kiln_buffer_t *out);
/** Size in bytes given at creation. */
kiln_status_t kiln_buffer_size(kiln_buffer_t buffer, size_t *out);
/** Copies `size` bytes of `data` to the start of `buffer`, after the work
 *  submitted to `queue` before; returns when the copy is done. */
kiln_status_t kiln_buffer_write(kiln_queue_t queue, kiln_buffer_t buffer,
                                const void *data, size_t size);
/** Copies the first `size` bytes of `buffer` to `data`, after the work
 *  submitted to `queue` before; returns when the data is on the host. */
kiln_status_t kiln_buffer_read(kiln_queue_t queue, kiln_buffer_t buffer,
                               void *data, size_t size);
void kiln_buffer_release(kiln_buffer_t buffer);

/*===--- Binaries: device code plus the kernel metadata -------------------===*/

/** How the device code of a binary is encoded. */
typedef enum kiln_binary_format_t {
  KILN_BINARY_PTX = 0,     /**< PTX text (CUDA). */
  KILN_BINARY_SPIRV = 1,   /**< SPIR-V words (OpenCL). */
  KILN_BINARY_HOST_ELF = 2 /**< An ELF shared object (the host device). */
} kiln_binary_format_t;

/** Which index object a kernel's first parameter receives. */
typedef enum kiln_index_kind_t {
  KILN_INDEX_ITEM = 0,   /**< Item: launched over a plain range. */
  KILN_INDEX_ND_ITEM = 1 /**< NdItem: needs a global and a local range. */
} kiln_index_kind_t;

/** How a kernel parameter is passed (KernelMetadata.h's ParamKind). */
typedef enum kiln_param_kind_t {
  KILN_PARAM_SCALAR = 0,        /**< A value. */
  KILN_PARAM_ARRAY = 1,         /**< An array in a device buffer. */
  KILN_PARAM_LOCAL_ACCESSOR = 2 /**< Work-group local memory (NdItem). */
} kiln_param_kind_t;

/** One kernel parameter, as the compiler describes it (index excluded). */
typedef struct kiln_param_desc_t {
  const char *name;
  kiln_param_kind_t kind;
  kiln_dtype_t dtype; /**< The scalar's or the element type. */
  int rank;           /**< 0 for scalars, 1..3 for arrays and accessors. */
} kiln_param_desc_t;

/** A binary from precompiled code (e.g. kilnc output shipped with the
 *  application); `data` is copied. `arch` ("sm_90") is for PTX and may be
 *  NULL. Describe its kernels with kiln_binary_add_kernel. */
kiln_status_t kiln_binary_create(kiln_binary_format_t format, const char *arch,
                                 const void *data, size_t size,
                                 kiln_binary_t *out);
/** Adds the metadata of kernel `name` (the strings are copied). */
kiln_status_t kiln_binary_add_kernel(kiln_binary_t binary, const char *name,
                                     kiln_index_kind_t index_kind,
                                     const kiln_param_desc_t *params,
                                     size_t nparams);
/** Marks kernel `name` (already added) as taking the launch rank: kilnc
 *  compiled it reading `item.dimensions`, so its native ABI has an int64
 *  rank after the three range extents (KernelMetadata.h). */
kiln_status_t kiln_binary_set_takes_launch_rank(kiln_binary_t binary,
                                                const char *name,
                                                int takes_launch_rank);
kiln_status_t kiln_binary_format(kiln_binary_t binary,
                                 kiln_binary_format_t *out);
/** The device code; valid while the binary handle lives. */
kiln_status_t kiln_binary_data(kiln_binary_t binary, const void **data,
                               size_t *size);
kiln_status_t kiln_binary_kernel_count(kiln_binary_t binary, size_t *out);
/** Name of kernel `index` (< kernel count); valid while the binary lives. */
kiln_status_t kiln_binary_kernel_name(kiln_binary_t binary, size_t index,
                                      const char **out);
/** A binary read from a `.kiln` artifact file (`kilnc --emit-artifact`):
 *  device code and every kernel's metadata, no compiler needed. A missing
 *  file is KILN_STATUS_NOT_FOUND, a malformed one KILN_STATUS_DATA_LOSS;
 *  both messages name the file. */
kiln_status_t kiln_binary_read_file(const char *path, kiln_binary_t *out);
/** A binary from the bytes of a `.kiln` artifact (what
 *  kiln_binary_read_file reads; also the payload of a JIT disk-cache
 *  entry), copied. Malformed bytes are KILN_STATUS_DATA_LOSS. */
kiln_status_t kiln_binary_read_memory(const void *data, size_t size,
                                      kiln_binary_t *out);
void kiln_binary_release(kiln_binary_t binary);

/*===--- Executables and kernels ------------------------------------------===*/

/** Loads `binary` on `device` (the binary may be released afterwards). */
kiln_status_t kiln_executable_load(kiln_device_t device, kiln_binary_t binary,
                                   kiln_executable_t *out);
void kiln_executable_release(kiln_executable_t executable);

/** The kernel called `name`; an unknown name is KILN_STATUS_NOT_FOUND with
 *  the available kernels listed. */
kiln_status_t kiln_kernel_get(kiln_executable_t executable, const char *name,
                              kiln_kernel_t *out);
/** Name and index kind; the name is valid while the kernel handle lives. */
kiln_status_t kiln_kernel_name(kiln_kernel_t kernel, const char **out);
kiln_status_t kiln_kernel_index_kind(kiln_kernel_t kernel,
                                     kiln_index_kind_t *out);
/** 1 when the kernel's native ABI carries the launch rank (it reads
 *  `item.dimensions`), else 0. */
kiln_status_t kiln_kernel_takes_launch_rank(kiln_kernel_t kernel, int *out);
/** Number of launch arguments the kernel takes (the index excluded). */
kiln_status_t kiln_kernel_param_count(kiln_kernel_t kernel, size_t *out);
/** Parameter `index`; any out-pointer may be NULL. `is_array` is 1 for
 *  arrays only (see kiln_kernel_param_kind). `name` stays valid while the
 *  kernel handle lives. */
kiln_status_t kiln_kernel_param_info(kiln_kernel_t kernel, size_t index,
                                     const char **name, int *is_array,
                                     kiln_dtype_t *dtype, int *rank);
/** How parameter `index` is passed. */
kiln_status_t kiln_kernel_param_kind(kiln_kernel_t kernel, size_t index,
                                     kiln_param_kind_t *out);

/** Whether a kernel may write a parameter's memory (KernelMetadata.h's
 *  ParamAccess). */
typedef enum kiln_access_t {
  /** No store, atomic or call in the kernel may write it: an array copied
   *  to the device for the launch need not be copied back. Scalars. */
  KILN_ACCESS_READ_ONLY = 0,
  /** The kernel may write it (what the compiler could not prove read-only,
   *  and every array of a binary described with kiln_binary_add_kernel). */
  KILN_ACCESS_WRITE = 1
} kiln_access_t;

/** The access of parameter `index`. */
kiln_status_t kiln_kernel_param_access(kiln_kernel_t kernel, size_t index,
                                       kiln_access_t *out);
void kiln_kernel_release(kiln_kernel_t kernel);

/*===--- Launch arguments -------------------------------------------------===*/

/** Largest rank a kiln_arg_t can hold (kernels take rank 1..3). */
#define KILN_MAX_RANK 8

typedef enum kiln_arg_kind_t {
  KILN_ARG_INVALID = 0, /**< Built from bad input; launching reports why. */
  KILN_ARG_SCALAR = 1,
  KILN_ARG_ARRAY = 2,
  KILN_ARG_LOCAL_ACCESSOR = 3 /**< Work-group local memory (no buffer). */
} kiln_arg_kind_t;

/** One launch argument: a value struct that owns nothing (the buffer handle
 *  must stay alive until the launch call returns; the launch itself keeps
 *  the buffer alive while it runs). Build it with kiln_arg_*(). */
typedef struct kiln_arg_t {
  kiln_arg_kind_t kind;
  kiln_dtype_t dtype;
  unsigned char value[16];      /**< Scalar bytes (native byte order). */
  kiln_buffer_t buffer;         /**< Array storage. */
  int rank;                     /**< Array rank. */
  int64_t shape[KILN_MAX_RANK]; /**< Array extents, C order. */
  /** Nonzero: a strided array (kiln_arg_strided_array), whose `strides`
   *  and `offset` hold; 0: C-contiguous (the other constructors). */
  int strided;
  /** A strided array's strides in elements of `dtype`, one per dimension
   *  (negative or 0 allowed). */
  int64_t strides[KILN_MAX_RANK];
  /** Where a strided array's element [0, ..., 0] lies in `buffer`, in
   *  elements of `dtype`. */
  int64_t offset;
} kiln_arg_t;

/** A scalar of `dtype` read from `value` (kiln_dtype_size(dtype) bytes,
 *  e.g. a float16's bits). NULL or a bad dtype gives a KILN_ARG_INVALID
 *  argument. */
kiln_arg_t kiln_arg_scalar(kiln_dtype_t dtype, const void *value);
/** Shorthands for the common scalar types. */
kiln_arg_t kiln_arg_bool(int value);
kiln_arg_t kiln_arg_int32(int32_t value);
kiln_arg_t kiln_arg_int64(int64_t value);
kiln_arg_t kiln_arg_uint32(uint32_t value);
kiln_arg_t kiln_arg_uint64(uint64_t value);
kiln_arg_t kiln_arg_float32(float value);
kiln_arg_t kiln_arg_float64(double value);
/** An array of `rank` extents `shape` (copied) and element `dtype` stored
 *  in `buffer`. rank outside 0..KILN_MAX_RANK or a NULL shape with rank > 0
 *  gives a KILN_ARG_INVALID argument. */
kiln_arg_t kiln_arg_array(kiln_buffer_t buffer, const int64_t *shape, int rank,
                          kiln_dtype_t dtype);
/** A strided array (a NumPy view such as `a[::2]` or `a.T`) in `buffer`:
 *  element [i, j] is element `offset + i * strides[0] + j * strides[1]` of
 *  the buffer, counted in elements of `dtype` (NumPy's byte strides
 *  divided by the item size; they may be negative or 0). Every element
 *  must lie in the buffer (checked at launch). Compiling for it
 *  (kiln_compile_for_arguments) gives a kernel specialized for strided
 *  arrays; a kernel compiled for C-contiguous ones refuses it unless its
 *  strides are the contiguous ones and its offset 0. Bad input (as for
 *  kiln_arg_array, or NULL strides with rank > 0) gives a KILN_ARG_INVALID
 *  argument. */
kiln_arg_t kiln_arg_strided_array(kiln_buffer_t buffer, const int64_t *shape,
                                  const int64_t *strides, int rank,
                                  int64_t offset, kiln_dtype_t dtype);
/** Work-group local memory of `rank` extents `shape` (copied) and element
 *  `dtype` for a LocalAccessor parameter of an NdItem kernel; each
 *  work-group gets its own. Bad input gives a KILN_ARG_INVALID argument. */
kiln_arg_t kiln_arg_local_accessor(const int64_t *shape, int rank,
                                   kiln_dtype_t dtype);

/*===--- Launches and events ----------------------------------------------===*/

/* The launch calls below are shorthands for kiln_queue_submit (the one
 * launch call, "The launch descriptor" below): each fills a
 * kiln_launch_desc_t and takes the same path; their messages name them. */

/** Launches `kernel` over the `ndim` (1..3) extents `range` on `queue`,
 *  after the `nwait` events of `wait` (which may be NULL when nwait is 0),
 *  and waits for it. Arguments are checked against the kernel's metadata
 *  before anything is submitted; each error names the parameter. */
kiln_status_t kiln_launch(kiln_queue_t queue, kiln_kernel_t kernel, int ndim,
                          const int64_t *range, const kiln_arg_t *args,
                          size_t nargs, const kiln_event_t *wait, size_t nwait);
/** As kiln_launch, but returns at once with the event signalled when the
 *  kernel is done. A launch after a failed event is not submitted; its
 *  event fails with that error. */
kiln_status_t kiln_launch_async(kiln_queue_t queue, kiln_kernel_t kernel,
                                int ndim, const int64_t *range,
                                const kiln_arg_t *args, size_t nargs,
                                const kiln_event_t *wait, size_t nwait,
                                kiln_event_t *out_event);
/** Launches an NdItem kernel over `global` split into work-groups of
 *  `local` (both `ndim` extents; global divisible by local). */
kiln_status_t kiln_launch_nd_async(kiln_queue_t queue, kiln_kernel_t kernel,
                                   int ndim, const int64_t *global,
                                   const int64_t *local, const kiln_arg_t *args,
                                   size_t nargs, const kiln_event_t *wait,
                                   size_t nwait, kiln_event_t *out_event);

/*===--- Launch options (launch attributes) -------------------------------===*/

/** What a launch may ask for besides its range and arguments: the C form of
 *  kiln::LaunchOptions (kiln/runtime/LaunchOptions.h), i.e. the launch
 *  attributes of cuLaunchKernelEx. A device honours an attribute or the
 *  launch is refused before anything is submitted with
 *  KILN_STATUS_UNIMPLEMENTED "<name> is unsupported on '<device>'", <name>
 *  being kiln_launch_attribute_name(); kiln_device_supports_launch_attribute
 *  tells beforehand. OpenCL and Level Zero devices honour none. Dynamic
 *  local memory is not an option: it is the sum of the
 *  kiln_arg_local_accessor arguments. Values are in kiln::LaunchAttribute's
 *  order. */
typedef enum kiln_launch_attribute_t {
  KILN_LAUNCH_ATTRIBUTE_COOPERATIVE = 0,
  KILN_LAUNCH_ATTRIBUTE_CLUSTER_DIM = 1,
  KILN_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY = 2,
  KILN_LAUNCH_ATTRIBUTE_PRIORITY = 3,
  KILN_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 4,
  KILN_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 5,
  KILN_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT = 6,
  KILN_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 7,
  KILN_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 8,
  KILN_LAUNCH_ATTRIBUTE_SHARED_MEM_CARVEOUT = 9
} kiln_launch_attribute_t;
/** Number of kiln_launch_attribute_t values. */
#define KILN_LAUNCH_ATTRIBUTE_COUNT 10
/** The bit of `attribute` in kiln_launch_options_t::attributes. */
#define KILN_LAUNCH_ATTRIBUTE_BIT(attribute) (1u << (unsigned)(attribute))

/** The C++ LaunchOptions field name ("clusterDim"), which starts the
 *  "unsupported on" errors; NULL for a value outside the enum. */
const char *kiln_launch_attribute_name(kiln_launch_attribute_t attribute);

/** How thread-block clusters are spread (CUclusterSchedulingPolicy). */
typedef enum kiln_cluster_scheduling_policy_t {
  KILN_CLUSTER_SCHEDULING_DEFAULT = 0,
  KILN_CLUSTER_SCHEDULING_SPREAD = 1,
  KILN_CLUSTER_SCHEDULING_LOAD_BALANCING = 2
} kiln_cluster_scheduling_policy_t;

/** Memory synchronization domain of a kernel (CUlaunchMemSyncDomain). */
typedef enum kiln_mem_sync_domain_t {
  KILN_MEM_SYNC_DOMAIN_DEFAULT = 0,
  KILN_MEM_SYNC_DOMAIN_REMOTE = 1
} kiln_mem_sync_domain_t;

/** L2 persistence of accesses (CUaccessProperty). */
typedef enum kiln_access_property_t {
  KILN_ACCESS_PROPERTY_NORMAL = 0,
  KILN_ACCESS_PROPERTY_STREAMING = 1,
  KILN_ACCESS_PROPERTY_PERSISTING = 2
} kiln_access_property_t;

/** Launch attributes. Fill it with kiln_launch_options_init, then set the
 *  bits of the attributes wanted and their fields; a field is read only
 *  when its attribute's bit is set. Later versions append fields: the
 *  library reads struct_size to know which a caller has. */
typedef struct kiln_launch_options_t {
  /** sizeof(kiln_launch_options_t) of the caller's header (set by init). */
  size_t struct_size;
  /** KILN_LAUNCH_ATTRIBUTE_BIT of each attribute asked for. COOPERATIVE,
   *  PROGRAMMATIC_STREAM_SERIALIZATION and LAUNCH_COMPLETION_EVENT have no
   *  field: the bit asks for them. */
  uint32_t attributes;
  /** CLUSTER_DIM: blocks per cluster (x, y, z), each >= 1, at most 8 in
   *  all; the grid must be divisible by it. */
  uint32_t cluster_dim[3];
  kiln_cluster_scheduling_policy_t cluster_scheduling_policy;
  /** PRIORITY in CUDA numbering (lower = more urgent), within
   *  kiln_device_launch_priority_range. */
  int priority;
  /** PROGRAMMATIC_EVENT: nonzero completes the event when every block has
   *  started rather than triggered. */
  int programmatic_event_trigger_at_block_start;
  kiln_mem_sync_domain_t mem_sync_domain;
  /** ACCESS_POLICY_WINDOW: `bytes` of `buffer` from `offset` (at most
   *  kiln_device_max_access_policy_window); `hit_ratio` (0..1) of the
   *  accesses get `hit_property`, the rest `miss_property`. */
  kiln_buffer_t access_policy_window_buffer;
  size_t access_policy_window_offset;
  size_t access_policy_window_bytes;
  float access_policy_window_hit_ratio;
  kiln_access_property_t access_policy_window_hit_property;
  kiln_access_property_t access_policy_window_miss_property;
  /** SHARED_MEM_CARVEOUT: preferred shared-memory share of L1, percent. */
  int shared_mem_carveout;
} kiln_launch_options_t;

/** Sets struct_size, asks for no attribute and gives every field the C++
 *  default (cluster 1x1x1, hit ratio 1, persisting hits, streaming
 *  misses). */
void kiln_launch_options_init(kiln_launch_options_t *options);

/** The events of kiln_queue_submit and kiln_launch_async_with_options;
 *  each set one must be released with kiln_event_release. */
typedef struct kiln_launch_events_t {
  /** sizeof(kiln_launch_events_t) of the caller's header (set by init). */
  size_t struct_size;
  kiln_event_t device;            /**< The kernel's end; always set. */
  kiln_event_t programmatic;      /**< PROGRAMMATIC_EVENT's, else NULL. */
  kiln_event_t launch_completion; /**< LAUNCH_COMPLETION_EVENT's, else NULL. */
  /** KILN_LAUNCH_HOST_EVENT's (kiln_queue_submit), else NULL: completes once
   *  the launch has released its buffers and kernel. Added after the
   *  first version: only written when struct_size covers it. */
  kiln_event_t host;
} kiln_launch_events_t;

/** Sets struct_size and the events to NULL. */
void kiln_launch_events_init(kiln_launch_events_t *events);

/** Whether launches on `device` honour `attribute` (`out` 1 or 0). */
kiln_status_t kiln_device_supports_launch_attribute(
    kiln_device_t device, kiln_launch_attribute_t attribute, int *out);
/** The PRIORITY range in CUDA numbering: `highest` (most urgent, e.g. -5)
 *  to `lowest` (e.g. 0); 0..0 where priorities are unsupported. */
kiln_status_t kiln_device_launch_priority_range(kiln_device_t device,
                                                int *highest, int *lowest);
/** Largest ACCESS_POLICY_WINDOW in bytes (0 where unsupported). */
kiln_status_t kiln_device_max_access_policy_window(kiln_device_t device,
                                                   size_t *out);

/** kiln_launch (when `local` is NULL: a plain range of `ndim` extents
 *  `global`) or an NdRange launch (`global` split into work-groups of
 *  `local`), with `options` (NULL: none), waiting for the kernel. Checks
 *  run in the C++ API's order, before anything is submitted: arguments,
 *  then options (unsupported attributes, then values). */
kiln_status_t kiln_launch_with_options(kiln_queue_t queue, kiln_kernel_t kernel,
                                       int ndim, const int64_t *global,
                                       const int64_t *local,
                                       const kiln_arg_t *args, size_t nargs,
                                       const kiln_event_t *wait, size_t nwait,
                                       const kiln_launch_options_t *options);
/** As kiln_launch_with_options, but returns at once with the kernel's
 *  event and the extra events the options asked for in `out_events`
 *  (initialised with kiln_launch_events_init; all NULL on failure). */
kiln_status_t kiln_launch_async_with_options(
    kiln_queue_t queue, kiln_kernel_t kernel, int ndim, const int64_t *global,
    const int64_t *local, const kiln_arg_t *args, size_t nargs,
    const kiln_event_t *wait, size_t nwait,
    const kiln_launch_options_t *options, kiln_launch_events_t *out_events);

/*===--- The launch descriptor: the one launch call -----------------------===*/

/** Where a launch's arguments come from (kiln::LaunchArgs). */
typedef enum kiln_launch_args_t {
  /** `args`: one kiln_arg_t per kernel parameter. */
  KILN_LAUNCH_ARGS_LIST = 0,
  /** `packed`: the kernel's native ABI as a C struct (cuLaunchKernel's
   *  `extra`): the three int64 range extents, the int64 launch rank if the
   *  kernel takes it, then per parameter its value, or an array's
   *  kiln_buffer_device_address followed by its int64 extents. Each address
   *  must be a live buffer's of the kernel's device. Kernels with local
   *  accessors are refused. */
  KILN_LAUNCH_ARGS_PACKED = 1,
  /** `argument_block`: the arguments in device memory at
   *  `argument_block_offset` (a multiple of 8), read by the entry kilnc
   *  --arg-block-entries made for the kernel (`<kernel>__kiln_argblock`, in
   *  the same executable); `args` holds only the local accessors, in
   *  order. */
  KILN_LAUNCH_ARGS_DEVICE_BLOCK = 2
} kiln_launch_args_t;

/** kiln_launch_desc_t::flags: wait for the kernel before returning; its
 *  error is the call's (`out_events` may then be NULL). */
#define KILN_LAUNCH_WAIT 0x1u
/** kiln_launch_desc_t::flags: also return the host event
 *  (kiln_launch_events_t::host; numba-dpex's call_kernel_async). */
#define KILN_LAUNCH_HOST_EVENT 0x2u
/** kiln_launch_desc_t::flags: return no event (`out_events` may be NULL;
 *  its fields stay NULL), so that the back end creates and records none
 *  (no cuEventRecord on CUDA, no cl_event on OpenCL). The launch is still
 *  ordered on its in-order queue: a later command's event, or
 *  kiln_queue_finish, says it has completed; until then the caller keeps
 *  its buffers and kernel alive (as with a dropped event). Refused on an
 *  out-of-order queue and with KILN_LAUNCH_WAIT or KILN_LAUNCH_HOST_EVENT.
 *  A warm launch so submitted allocates nothing in Kiln's code. */
#define KILN_LAUNCH_NO_EVENT 0x4u

/** One kernel launch (kiln::LaunchDesc, cf. CUDA's CUlaunchConfig). Fill it
 *  with kiln_launch_desc_init, then set what the launch needs; a field the
 *  chosen `args_source` does not read must stay unset. Later versions
 *  append fields: the library reads struct_size to know which a caller
 *  has. */
typedef struct kiln_launch_desc_t {
  /** sizeof(kiln_launch_desc_t) of the caller's header (set by init). */
  size_t struct_size;
  kiln_kernel_t kernel;
  /** The index space: `ndim` (1..3) extents `global`, split into
   *  work-groups of `local` for an NdRange (NULL: a plain range). */
  int ndim;
  const int64_t *global;
  const int64_t *local;
  kiln_launch_args_t args_source;
  const kiln_arg_t *args; /**< LIST: the arguments; DEVICE_BLOCK: accessors */
  size_t nargs;
  const void *packed; /**< PACKED: the blob (read during the call only). */
  size_t packed_size;
  kiln_buffer_t argument_block; /**< DEVICE_BLOCK: the block's buffer. */
  uint64_t argument_block_offset;
  /** Launch attributes; NULL asks for none. */
  const kiln_launch_options_t *options;
  /** KILN_LAUNCH_WAIT, KILN_LAUNCH_HOST_EVENT, KILN_LAUNCH_NO_EVENT. */
  uint32_t flags;
} kiln_launch_desc_t;

/** Sets struct_size and everything else to zero: a LIST launch of no
 *  arguments, no options, no flags. */
void kiln_launch_desc_init(kiln_launch_desc_t *desc);

/** The one launch entry point: launches `desc` on `queue` after the `nwait`
 *  events of `wait` (NULL when nwait is 0). Everything is checked before
 *  anything is submitted, in this order: the descriptor (errors name the
 *  field, e.g. "desc->args_source 7 is not a kiln_launch_args_t"), its
 *  options, the range, the arguments (errors name the parameter), the wait
 *  list, then the options against the device. A launch after a failed
 *  event is not submitted; its event fails with that error. On success
 *  `out_events` (initialised with kiln_launch_events_init) holds the
 *  kernel's event and those the options and flags asked for; all NULL on
 *  failure. The other kiln_launch* calls are shorthands for this one. */
kiln_status_t kiln_queue_submit(kiln_queue_t queue,
                                const kiln_launch_desc_t *desc,
                                const kiln_event_t *wait, size_t nwait,
                                kiln_launch_events_t *out_events);

/*===--- Launch plans: a prepared, event-less launch ----------------------===*/

/** A prepared launch of one kernel on one in-order queue (kiln::LaunchPlan):
 *  what every launch of the kernel there shares is checked and set up once,
 *  so that a launch costs little more than the back end's own call (CUDA:
 *  cuLaunchKernel). Its launches make no event, as KILN_LAUNCH_NO_EVENT
 *  ones: kiln_queue_marker or kiln_queue_finish says they have completed,
 *  and the caller keeps their buffers alive until then. A plan keeps its
 *  queue and kernel alive. Several threads may submit one plan: its
 *  launches are serialised by the plan's lock (its parameter block is
 *  one); different plans do not share it. */
typedef struct kiln_launch_plan *kiln_launch_plan_t;

/** What a plan fixes besides its queue and kernel. Fill it with
 *  kiln_launch_plan_desc_init; later versions append fields. */
typedef struct kiln_launch_plan_desc_t {
  /** sizeof(kiln_launch_plan_desc_t) of the caller's header (set by init). */
  size_t struct_size;
  /** Rank of every launch's range, 1..3 (set to 1 by init). */
  int ndim;
  /** Nonzero: launches give a local range (an NdRange); 0: a plain range. */
  int nd_range;
  /** None yet: 0. */
  uint32_t flags;
} kiln_launch_plan_desc_t;

/** Sets struct_size, ndim = 1 and everything else to zero. */
void kiln_launch_plan_desc_init(kiln_launch_plan_desc_t *desc);

/** A plan launching `kernel` on `queue` over ranges of `desc->ndim`
 *  extents. Checked once, with kiln_queue_submit's messages: the kernel is
 *  on the queue's device, the queue is in order, the rank suits a kernel
 *  compiled for one, an NdItem kernel has an NdRange plan. */
kiln_status_t kiln_launch_plan_create(kiln_queue_t queue, kiln_kernel_t kernel,
                                      const kiln_launch_plan_desc_t *desc,
                                      kiln_launch_plan_t *out);

/** Launches the plan's kernel over `global` (ndim extents; `local` the
 *  work-group's for an NdRange plan, else NULL) with the `nargs` arguments
 *  `args`, without an event, after everything submitted to the queue
 *  before. Per launch only what can change is checked: each argument's
 *  kind, dtype, rank, buffer (its device, its size for the extents) and
 *  the range against the kernel and the device. Errors, which launch
 *  nothing, are kiln_queue_submit's (naming the parameter, the range
 *  dimension), prefixed with this function's name where that one's are.
 *  Local accessors, a debug kernel or a profiling queue take
 *  kiln_queue_submit's path (KILN_LAUNCH_NO_EVENT). A warm launch
 *  allocates nothing in Kiln's code. */
kiln_status_t kiln_launch_plan_submit(kiln_launch_plan_t plan,
                                      const kiln_arg_t *args, size_t nargs,
                                      const int64_t *global,
                                      const int64_t *local);

void kiln_launch_plan_release(kiln_launch_plan_t plan);

/** Where the work an event tracks stands. */
typedef enum kiln_event_state_t {
  KILN_EVENT_PENDING = 0,
  KILN_EVENT_COMPLETE = 1,
  KILN_EVENT_FAILED = 2
} kiln_event_state_t;

/** Blocks until the tracked work is done; returns its error if it failed. */
kiln_status_t kiln_event_wait(kiln_event_t event);
/** Non-blocking query. */
kiln_status_t kiln_event_state(kiln_event_t event, kiln_event_state_t *out);
/** Releasing an event whose work is still pending first waits for it (so
 *  the buffers the work uses are not freed under it); its error is
 *  dropped. */
void kiln_event_release(kiln_event_t event);

/*===--- Device discovery and properties ----------------------------------===*/

/** Coarse kind of a device (kiln::DeviceType). */
typedef enum kiln_device_type_t {
  KILN_DEVICE_TYPE_CPU = 0,
  KILN_DEVICE_TYPE_GPU = 1,
  KILN_DEVICE_TYPE_OTHER = 2
} kiln_device_type_t;

/** Everything the runtime knows about a device (kiln::DeviceInfo), listed
 *  or opened. Set struct_size (kiln_device_info_init) before asking: later
 *  versions append fields and fill only those the caller's struct has. The
 *  strings and sub_group_sizes point into the handle that filled the
 *  struct and stay valid while it lives. Booleans are 1 or 0. */
typedef struct kiln_device_info_t {
  size_t struct_size;
  const char *name;     /**< The vendor's name. */
  const char *selector; /**< The kiln_device_open string, e.g. "opencl:0". */
  kiln_backend_t backend;
  kiln_device_type_t type;
  size_t max_work_group_size;
  size_t local_mem_size;
  const uint32_t *sub_group_sizes; /**< NULL when the API reports none. */
  size_t sub_group_size_count;
  int supports_sub_groups;
  int supports_fp16;
  int supports_fp64;
  int supports_int64_atomics;
  int supports_fp64_atomics;
  /** CUDA compute capability, major * 10 + minor (90); 0 elsewhere. */
  unsigned compute_capability;
  int supports_out_of_order_queues; /**< kiln_queue_options_t out_of_order */
  int supports_profiling;           /**< kiln_queue_options_t profiling */
  /** kiln_buffer_device_address and kiln_launch_packed work. */
  int supports_device_addresses;
  /** OpenCL shared virtual memory (what gives OpenCL buffers addresses). */
  int supports_shared_virtual_memory;
} kiln_device_info_t;

/** Sets struct_size and zeroes the rest. */
void kiln_device_info_init(kiln_device_info_t *info);
/** The properties of an opened device. */
kiln_status_t kiln_device_info(kiln_device_t device, kiln_device_info_t *out);

typedef struct kiln_device_list *kiln_device_list_t; /**< A discovery. */

/** The devices of every back end whose driver is present (what
 *  `kiln-run --list-devices` shows); back ends without a driver are
 *  skipped. The list is a snapshot taken by this call. */
kiln_status_t kiln_device_list_create(kiln_device_list_t *out);
kiln_status_t kiln_device_list_count(kiln_device_list_t list, size_t *out);
/** Device `index` (< count); open it with its `selector`. */
kiln_status_t kiln_device_list_info(kiln_device_list_t list, size_t index,
                                    kiln_device_info_t *out);
void kiln_device_list_release(kiln_device_list_t list);

/*===--- Queue options and profiling --------------------------------------===*/

/** How a queue orders and times its commands (kiln::QueueOptions). */
typedef struct kiln_queue_options_t {
  size_t struct_size; /**< Set by kiln_queue_options_init. */
  /** Nonzero: commands run in any order their wait lists allow. */
  int out_of_order;
  /** Nonzero: events carry device timestamps (kiln_event_profiling_times)
   *  and launches feed kiln_queue_kernel_statistics. */
  int profiling;
} kiln_queue_options_t;

/** Sets struct_size; in order, no profiling. */
void kiln_queue_options_init(kiln_queue_options_t *options);
/** A queue with `options` (NULL: kiln_queue_create's). An option the device
 *  lacks is KILN_STATUS_UNIMPLEMENTED "... unsupported on '<device>'". */
kiln_status_t
kiln_queue_create_with_options(kiln_device_t device,
                               const kiln_queue_options_t *options,
                               kiln_queue_t *out);

/** Device timestamps (nanoseconds of one device clock) of the completed
 *  command of `event`, from a profiling queue; end - start is its device
 *  time (CUDA times each command from its own start: start is 0). A
 *  pending event or one of an unprofiled queue is
 *  KILN_STATUS_INVALID_ARGUMENT. */
kiln_status_t kiln_event_profiling_times(kiln_event_t event, uint64_t *start,
                                         uint64_t *end);

/** Device time of the completed launches of one kernel (kiln::
 *  KernelStatistics), in nanoseconds. */
typedef struct kiln_kernel_statistics_t {
  uint64_t count;
  uint64_t total_ns;
  uint64_t min_ns;
  uint64_t max_ns;
  double mean_ns;
} kiln_kernel_statistics_t;

/** Statistics of the launches of kernel `kernel_name` on profiling queue
 *  `queue` completed by now (nothing waits; zero count when none). */
kiln_status_t kiln_queue_kernel_statistics(kiln_queue_t queue,
                                           const char *kernel_name,
                                           kiln_kernel_statistics_t *out);

/*===--- Asynchronous buffer commands -------------------------------------===*/

/* Each runs after the `nwait` events of `wait` (events of any queue or
 * device) and returns at once with the command's event. Ranges are checked
 * against the buffer sizes before anything is submitted. */

/** Host -> device: `size` bytes of `data` into `buffer` at `offset`; `data`
 *  must stay valid until the event completes. */
kiln_status_t kiln_buffer_write_async(kiln_queue_t queue, kiln_buffer_t buffer,
                                      size_t offset, const void *data,
                                      size_t size, const kiln_event_t *wait,
                                      size_t nwait, kiln_event_t *out_event);
/** Device -> host: `size` bytes of `buffer` at `offset` into `data`, which
 *  must stay valid until the event completes. */
kiln_status_t kiln_buffer_read_async(kiln_queue_t queue, kiln_buffer_t buffer,
                                     size_t offset, void *data, size_t size,
                                     const kiln_event_t *wait, size_t nwait,
                                     kiln_event_t *out_event);
/** Device -> device (one device): `size` bytes of `src` at `src_offset` to
 *  `dst` at `dst_offset`; ranges of one buffer must not overlap. */
kiln_status_t kiln_buffer_copy(kiln_queue_t queue, kiln_buffer_t src,
                               size_t src_offset, kiln_buffer_t dst,
                               size_t dst_offset, size_t size,
                               const kiln_event_t *wait, size_t nwait,
                               kiln_event_t *out_event);
/** Repeats the `pattern_size` (1, 2, 4, ... 128) bytes of `pattern` over
 *  `size` bytes of `buffer` from `offset` (both multiples of it). */
kiln_status_t kiln_buffer_fill(kiln_queue_t queue, kiln_buffer_t buffer,
                               const void *pattern, size_t pattern_size,
                               size_t offset, size_t size,
                               const kiln_event_t *wait, size_t nwait,
                               kiln_event_t *out_event);
/** The address kernels see for the buffer's first byte (for packed blobs
 *  and argument blocks); KILN_STATUS_UNIMPLEMENTED with the reason where
 *  the device has none (kiln_device_info_t supports_device_addresses). */
kiln_status_t kiln_buffer_device_address(kiln_buffer_t buffer, uint64_t *out);

/*===--- Other launch forms -----------------------------------------------===*/

/* Shorthands for kiln_queue_submit with KILN_LAUNCH_HOST_EVENT,
 * KILN_LAUNCH_ARGS_PACKED and KILN_LAUNCH_ARGS_DEVICE_BLOCK. */

/* `local` NULL launches over the plain range `global` (ndim extents), else
 * over the NdRange `global` split into work-groups of `local`. */

/** numba-dpex's call_kernel_async: launches like kiln_launch_async and
 *  returns the kernel's event (`out_device`, for other commands to wait on)
 *  and a host event (`out_host`) that completes once the launch has
 *  released its buffers and kernel. Both must be released. */
kiln_status_t kiln_call_kernel_async(kiln_queue_t queue, kiln_kernel_t kernel,
                                     int ndim, const int64_t *global,
                                     const int64_t *local,
                                     const kiln_arg_t *args, size_t nargs,
                                     const kiln_event_t *wait, size_t nwait,
                                     kiln_event_t *out_device,
                                     kiln_event_t *out_host);

/** Launches from a packed host blob (cuLaunchKernel's `extra`): the
 *  kernel's native ABI laid out like a C struct with natural alignment --
 *  the three int64 range extents, the int64 launch rank if the kernel takes
 *  it, then per parameter its value, or an array's kiln_buffer_device_address
 *  followed by its int64 extents. Each address must be a live buffer's of
 *  the kernel's device; checked like kiln_launch_async. Kernels with local
 *  accessors are refused. */
kiln_status_t kiln_launch_packed(kiln_queue_t queue, kiln_kernel_t kernel,
                                 int ndim, const int64_t *global,
                                 const int64_t *local, const void *blob,
                                 size_t size, const kiln_event_t *wait,
                                 size_t nwait, kiln_event_t *out_event);

/** Declares that kernel `name` (already added) was compiled with
 *  kilnc --arg-block-entries: the binary also holds its argument-block
 *  entry `<name>__kiln_argblock`, whose metadata this adds (the parameters
 *  argument_block: uint8[1], argument_block_offset: int64, then the
 *  kernel's local accessors). Call it after kiln_binary_set_takes_launch_rank.
 */
kiln_status_t kiln_binary_add_argument_block_entry(kiln_binary_t binary,
                                                   const char *name);
/** Bytes of `kernel`'s argument block (a multiple of 8): its arguments laid
 *  out like the packed blob without the range extents and rank, local
 *  accessors excluded (kiln/runtime/ArgumentBlock.h). */
kiln_status_t kiln_kernel_argument_block_size(kiln_kernel_t kernel,
                                              size_t *out);
/** Writes the argument block holding `args` (checked like a launch's; one
 *  per parameter, local accessors checked but not stored) into `block` of
 *  `capacity` bytes (at least kiln_kernel_argument_block_size). Arrays are
 *  stored as device addresses: keep their buffers alive while a launch may
 *  read the block. */
kiln_status_t kiln_kernel_build_argument_block(kiln_kernel_t kernel,
                                               const kiln_arg_t *args,
                                               size_t nargs, void *block,
                                               size_t capacity);
/** Launches `kernel` with its arguments read on the device from
 *  `argument_block` at `block_offset` (a multiple of 8), through the entry
 *  kilnc --arg-block-entries made for it (`<kernel>__kiln_argblock`, in the
 *  same executable). `local_accessors` are the kernel's LocalAccessor
 *  arguments, in order. */
kiln_status_t kiln_launch_with_device_arguments_async(
    kiln_queue_t queue, kiln_kernel_t kernel, int ndim, const int64_t *global,
    const int64_t *local, kiln_buffer_t argument_block, uint64_t block_offset,
    const kiln_arg_t *local_accessors, size_t naccessors,
    const kiln_event_t *wait, size_t nwait, kiln_event_t *out_event);

/*===--- Launchers
 * ---------------------------------------------------------===*/

/** A kernel with bound defaults (kiln::Launcher): a queue, an index space
 *  and some arguments by parameter name; the other arguments are given by
 *  name at each call. Calls never wait. */
typedef struct kiln_launcher *kiln_launcher_t;

/** Binds `kernel` to `queue` (may be NULL: given per call), the index space
 *  `global`/`local` (ndim 0 and NULL ranges: given per call) and the
 *  `nbound` arguments `bound_args` of parameters `bound_names`. Unknown
 *  names and a queue of another device are errors naming them. */
kiln_status_t kiln_launcher_create(const char *name, kiln_kernel_t kernel,
                                   kiln_queue_t queue, int ndim,
                                   const int64_t *global, const int64_t *local,
                                   const char *const *bound_names,
                                   const kiln_arg_t *bound_args, size_t nbound,
                                   kiln_launcher_t *out);
/** Parameters still to be given per call, in declaration order; the name
 *  stays valid while the launcher lives. */
kiln_status_t kiln_launcher_parameter_count(kiln_launcher_t launcher,
                                            size_t *out);
kiln_status_t kiln_launcher_parameter_name(kiln_launcher_t launcher,
                                           size_t index, const char **out);
/** Launches after `wait` with the bound arguments plus the `nargs` named
 *  `args`; `queue` NULL and ndim 0 use the bound ones. A name unknown,
 *  given twice or missing is KILN_STATUS_INVALID_ARGUMENT naming it. */
kiln_status_t kiln_launcher_launch(kiln_launcher_t launcher,
                                   const char *const *names,
                                   const kiln_arg_t *args, size_t nargs,
                                   const kiln_event_t *wait, size_t nwait,
                                   kiln_queue_t queue, int ndim,
                                   const int64_t *global, const int64_t *local,
                                   kiln_event_t *out_event);

/** The arguments of one iteration of kiln_launcher_launch_iterative, which
 *  the generator fills: `count` (at most `capacity`) pairs of `names`
 *  and `args`. Names and arguments are copied when the generator returns
 *  (the buffers of array arguments must live until the launch returns). */
typedef struct kiln_named_args_t {
  size_t capacity;
  size_t count;
  const char **names;
  kiln_arg_t *args;
} kiln_named_args_t;

/** An iterative launcher's generator: fills `out` for `iteration` and sets
 *  `*done` to 1 (leaving `out` unused) when the iteration has ended. A
 *  status other than KILN_STATUS_OK stops the launch with that status. */
typedef kiln_status_t (*kiln_launch_generator_t)(void *user_data,
                                                 size_t iteration,
                                                 kiln_named_args_t *out,
                                                 int *done);

/** kiln::IterativeLauncher: launches once per iteration the generator
 *  yields (room for `max_args` arguments each), each after the previous
 *  one, the first after `wait`; `names`/`args` go to every iteration.
 *  Returns the last event and the number of iterations launched. A
 *  generator that yields no iteration or fails is an error. */
kiln_status_t kiln_launcher_launch_iterative(
    kiln_launcher_t launcher, kiln_launch_generator_t generator,
    void *user_data, size_t max_args, const char *const *names,
    const kiln_arg_t *args, size_t nargs, const kiln_event_t *wait,
    size_t nwait, kiln_event_t *out_event, size_t *out_iterations);

/** Device time of this launcher's completed launches (profiling queues). */
kiln_status_t kiln_launcher_statistics(kiln_launcher_t launcher,
                                       kiln_kernel_statistics_t *out);
void kiln_launcher_release(kiln_launcher_t launcher);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* KILN_KILN_H */
