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
  KILN_DTYPE_BFLOAT16
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
  KILN_BACKEND_LEVEL_ZERO = 2
} kiln_backend_t;

/** Opens the device named by `selector`: "cpu" (first OpenCL CPU device),
 *  "opencl[:i]", "cuda[:i]", "level_zero[:i]". A missing driver or device is an error saying
 *  what is missing. */
kiln_status_t kiln_device_open(const char *selector, kiln_device_t *out);
/** The vendor's name of the device; valid while the device handle lives. */
kiln_status_t kiln_device_name(kiln_device_t device, const char **out);
/** The back end, which decides the binary format the device loads
 *  (CUDA: PTX; OpenCL, Level Zero: SPIR-V). */
kiln_status_t kiln_device_backend(kiln_device_t device, kiln_backend_t *out);
void kiln_device_release(kiln_device_t device);

/*===--- Queues -----------------------------------------------------------===*/

/** A new in-order queue on `device`. */
kiln_status_t kiln_queue_create(kiln_device_t device, kiln_queue_t *out);
/** Blocks until all work submitted to `queue` is done. */
kiln_status_t kiln_queue_finish(kiln_queue_t queue);
void kiln_queue_release(kiln_queue_t queue);

/*===--- Buffers ----------------------------------------------------------===*/

/** Allocates `size` bytes (uninitialised) on `device`. */
kiln_status_t kiln_buffer_create(kiln_device_t device, size_t size,
                                 kiln_buffer_t *out);
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
  KILN_BINARY_PTX = 0,  /**< PTX text (CUDA). */
  KILN_BINARY_SPIRV = 1 /**< SPIR-V words (OpenCL). */
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
kiln_status_t kiln_binary_format(kiln_binary_t binary,
                                 kiln_binary_format_t *out);
/** The device code; valid while the binary handle lives. */
kiln_status_t kiln_binary_data(kiln_binary_t binary, const void **data,
                               size_t *size);
kiln_status_t kiln_binary_kernel_count(kiln_binary_t binary, size_t *out);
/** Name of kernel `index` (< kernel count); valid while the binary lives. */
kiln_status_t kiln_binary_kernel_name(kiln_binary_t binary, size_t index,
                                      const char **out);
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
  unsigned char value[8];          /**< Scalar bytes (native byte order). */
  kiln_buffer_t buffer;            /**< Array storage. */
  int rank;                        /**< Array rank. */
  int64_t shape[KILN_MAX_RANK];    /**< Array extents, C order. */
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
kiln_arg_t kiln_arg_array(kiln_buffer_t buffer, const int64_t *shape,
                          int rank, kiln_dtype_t dtype);
/** Work-group local memory of `rank` extents `shape` (copied) and element
 *  `dtype` for a LocalAccessor parameter of an NdItem kernel; each
 *  work-group gets its own. Bad input gives a KILN_ARG_INVALID argument. */
kiln_arg_t kiln_arg_local_accessor(const int64_t *shape, int rank,
                                   kiln_dtype_t dtype);

/*===--- Launches and events ----------------------------------------------===*/

/** Launches `kernel` over the `ndim` (1..3) extents `range` on `queue`,
 *  after the `nwait` events of `wait` (which may be NULL when nwait is 0),
 *  and waits for it. Arguments are checked against the kernel's metadata
 *  before anything is submitted; each error names the parameter. */
kiln_status_t kiln_launch(kiln_queue_t queue, kiln_kernel_t kernel, int ndim,
                          const int64_t *range, const kiln_arg_t *args,
                          size_t nargs, const kiln_event_t *wait,
                          size_t nwait);
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
                                   const int64_t *local,
                                   const kiln_arg_t *args, size_t nargs,
                                   const kiln_event_t *wait, size_t nwait,
                                   kiln_event_t *out_event);

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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* KILN_KILN_H */
