/*===- launch_ext.h - The C launch of the kiln package (_claunch) -*- C -*-===*
 *
 * A prepared launcher (python/kiln/_fastlaunch.py builds one per
 * specialization) checks a launch's Python arguments against what picked
 * its specialization, packs them into kiln_arg_t structs and calls
 * kiln_queue_submit once (docs/python.md, "Compiled launches"). Built on
 * CPython's stable ABI (3.11), so one build loads on 3.11 and 3.12.
 *
 *===----------------------------------------------------------------------===*/
#ifndef KILN_PYTHON_LAUNCH_EXT_H
#define KILN_PYTHON_LAUNCH_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kiln/kiln.h"

/** How one kernel parameter's value is written. */
typedef enum {
  PARAM_BOOL,
  PARAM_SIGNED,   /**< int8..int64: `size` bytes */
  PARAM_UNSIGNED, /**< uint8..uint64 */
  PARAM_FLOAT32,
  PARAM_FLOAT64,
  PARAM_BYTES, /**< `convert(value)` gives the `size` bytes (float16,
                    bfloat16, complex: NumPy's and struct's conversions) */
  PARAM_ARRAY, /**< a kiln.DeviceArray: its buffer handle and shape */
  PARAM_LOCAL  /**< a kiln.LocalAccessor: its shape */
} ParamHow;

typedef struct {
  Py_ssize_t position; /**< index in the launch's arguments */
  ParamHow how;
  int size;    /**< scalar bytes */
  int rank;    /**< arrays and accessors */
  int aligned; /**< arrays: the specialization is for 16-byte aligned data */
  long itemsize;
  PyObject *dtype;   /**< arrays, accessors: the dtype the key holds */
  PyObject *convert; /**< PARAM_BYTES */
} Param;

/** The extents of one array argument, for the overlap check. */
typedef struct {
  void *handle;
  int has_address;
  unsigned long long start, end;
} Extent;

/** Interned attribute names, set by the module's init. */
typedef struct {
  PyObject *dims, *global, *local, *shape, *dtype, *device, *handle, *data_ptr;
} Names;
extern Names kiln_names;

/** An attribute read through the data descriptor its object's type has
 *  for it, found once per type (launch_attr.c). */
typedef struct {
  PyObject *name; /**< interned; set before the first read */
  PyTypeObject *type;
  PyObject *descr;
  descrgetfunc get;
} CachedAttr;

/** `attr->name` of `object`, as PyObject_GetAttr gives it (a new
 *  reference, or NULL with an exception). */
PyObject *kiln_cached_attr(CachedAttr *attr, PyObject *object);

/** The attributes a launch reads of its index space, arrays and local
 *  accessors (names set by the module's init). */
typedef struct {
  CachedAttr dims, global, local;
  CachedAttr array_dtype, array_shape, device, handle, data_ptr;
  CachedAttr local_dtype, local_shape;
} Attrs;
extern Attrs kiln_attrs;
/** The module's exception for a value that did not pack. */
extern PyObject *kiln_argument_error;

/** Writes `value` into `arg` as `param` says; -1 with an exception set
 *  when it does not fit. */
int kiln_pack_param(const Param *param, PyObject *value, kiln_arg_t *arg);

/** 1 when `value` is what `param` was specialized for (device, dtype,
 *  rank, alignment), writing an array's or accessor's buffer and shape
 *  into `arg` and an array's memory into `extent`; else 0 (the general
 *  path then decides, and reports what is wrong). */
int kiln_param_matches(const Param *param, PyObject *value, PyObject *device,
                       kiln_arg_t *arg, Extent *extent);

/** 1 when two of the `count` arrays share memory (a specialization for
 *  distinct arrays must not get them), else 0. */
int kiln_any_overlap(const Extent *extents, Py_ssize_t count);

enum { STACK_ARGS = 32 };

/** A prepared launch of one specialization (_claunch.Launcher). */
typedef struct {
  PyObject_HEAD kiln_kernel_t kernel;
  kiln_queue_t queue;
  int ndim, nd, check_overlap, default_device;
  PyObject *space_type, *device, *types;
  Py_ssize_t nparams, narrays;
  Param *params;
  kiln_arg_t *templ;
  /* Its launch plan (launch_plan.c) for launches without an event: made
   * at the first (plan_state 0: not yet, 1: made, -1: none). */
  kiln_launch_plan_t plan;
  int plan_state;
} Launcher;

/** The arguments of one launch on the stack, or on the heap past
 *  STACK_ARGS parameters. */
typedef struct {
  kiln_arg_t stack[STACK_ARGS], *args;
  int64_t global[3], local[3];
} Packed;

/** The Launcher type and SubmitError (an int status as its argument), set
 *  by the module's init. */
extern PyObject *kiln_launcher_type;
extern PyObject *kiln_submit_error;

/** Checks and packs (space, args tuple, device) = argv[0..2] into
 *  `packed`: 1 when packed, 0 when the arguments are not this
 *  specialization's, -1 with an exception (a value that did not pack:
 *  kiln_argument_error). kiln_release_packed after it in every case. */
int kiln_launcher_prepare(Launcher *self, PyObject *const *argv,
                          Packed *packed);
void kiln_release_packed(Packed *packed);

/** Submits a prepared launch after `wait_list` (a tuple of handles, or
 *  None); with `no_event` asks for no event. The event handle as an int
 *  (0 without one), or NULL with kiln_submit_error set. */
PyObject *kiln_launcher_submit(Launcher *self, kiln_arg_t *args,
                               int64_t *global, int64_t *local,
                               PyObject *wait_list, int no_event);

/** The loaded library's kiln_launch_plan_desc_init, _create, _submit and
 *  _release (use_library), or NULLs: no plans. */
void kiln_use_plans(void *desc_init, void *create, void *submit, void *release);

/** Submits through the Launcher's plan (made at its first call): 1 with
 *  the plan's status in `status`, 0 where there is no plan (the caller
 *  then submits through kiln_queue_submit). Releases the interpreter lock
 *  around the submission. */
int kiln_plan_submit(Launcher *self, const kiln_arg_t *args,
                     const int64_t *global, const int64_t *local,
                     kiln_status_t *status);

/** Releases the Launcher's plan, if made. */
void kiln_release_plan(Launcher *self);

/** call_kernel_async's warm path (launch_entry.c). */
PyObject *kiln_py_call_kernel_async(PyObject *module, PyObject *const *args,
                                    Py_ssize_t nargs, PyObject *kwnames);
/** install(...): what kiln_py_call_kernel_async needs of the package. */
PyObject *kiln_py_install_entry(PyObject *module, PyObject *const *args,
                                Py_ssize_t nargs);

/** Reads `ndim` int64 extents from a tuple of ints into `out`; 0 when
 *  `dims` is no such tuple, -1 with an exception on a bad value. */
int kiln_read_dims(PyObject *dims, int ndim, int64_t *out);

#endif /* KILN_PYTHON_LAUNCH_EXT_H */
