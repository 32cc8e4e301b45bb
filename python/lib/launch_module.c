/*===- launch_module.c - kiln._claunch: Launcher and its launch -*- C -*-===*
 *
 * Launcher(kernel, queue, ndim, nd, space_type, device, types,
 *          check_overlap, default_device, params).launch(space, args,
 *          device, wait) checks the arguments against what picked the
 * specialization (returns None when they differ: the caller takes the
 * general path), packs them, submits once and returns the kernel's event
 * handle. The kiln_arg_t structs are copied from the launcher's template
 * onto the stack at each launch, so that threads launch at once (the
 * interpreter lock is released around kiln_queue_submit, as ctypes does).
 *
 *===----------------------------------------------------------------------===*/
#include "launch_ext.h"

#include <string.h>
#include <time.h>

enum { STACK_WAIT = 16 };

PyObject *kiln_submit_error;
PyObject *kiln_launcher_type;
/* kiln_queue_submit of the libkiln_python.so the package loaded (set by
 * use_library): the module links against no library, so it builds without
 * the compiler and always calls the very library ctypes calls. */
typedef kiln_status_t (*SubmitFn)(kiln_queue_t, const kiln_launch_desc_t *,
                                  const kiln_event_t *, size_t,
                                  kiln_launch_events_t *);
static SubmitFn submit_fn;
/* kiln_event_state and kiln_event_release of the same library (set by
 * use_library, when given): poll_event's. */
typedef kiln_status_t (*StateFn)(kiln_event_t, kiln_event_state_t *);
typedef void (*ReleaseFn)(kiln_event_t);
static StateFn state_fn;
static ReleaseFn release_fn;
/* Time inside kiln_queue_submit, for bench/python/launch_overhead.py. */
static int timing;
static unsigned long long timed_ns;

static void launcher_dealloc(PyObject *object) {
  Launcher *self = (Launcher *)object;
  for (Py_ssize_t j = 0; self->params && j < self->nparams; ++j) {
    Py_XDECREF(self->params[j].dtype);
    Py_XDECREF(self->params[j].convert);
  }
  kiln_release_plan(self);
  PyMem_Free(self->params);
  PyMem_Free(self->templ);
  Py_XDECREF(self->space_type);
  Py_XDECREF(self->device);
  Py_XDECREF(self->types);
  PyTypeObject *type = Py_TYPE(object);
  freefunc free_object = (freefunc)PyType_GetSlot(type, Py_tp_free);
  free_object(object);
  Py_DECREF(type);
}

/* One parameter from (position, kind, dtype code, rank, how, size,
 * itemsize, aligned, dtype, convert). */
static int read_param(PyObject *spec, Param *param, kiln_arg_t *arg) {
  int kind, dtype, how;
  PyObject *dtype_object = NULL, *convert = NULL;
  if (!spec || !PyTuple_Check(spec) ||
      !PyArg_ParseTuple(spec, "niiiiili|OO", &param->position, &kind, &dtype,
                        &param->rank, &how, &param->size, &param->itemsize,
                        &param->aligned, &dtype_object, &convert)) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_TypeError, "a parameter description is a tuple");
    return -1;
  }
  if (how < PARAM_BOOL || how > PARAM_LOCAL || param->size < 0 ||
      param->size > 16 || param->rank < 0 || param->rank > KILN_MAX_RANK ||
      param->position < 0 || (how == PARAM_BYTES && !convert)) {
    PyErr_SetString(PyExc_ValueError, "a malformed parameter description");
    return -1;
  }
  param->how = (ParamHow)how;
  param->dtype = Py_XNewRef(dtype_object);
  param->convert = Py_XNewRef(convert);
  arg->kind = (kiln_arg_kind_t)kind;
  arg->dtype = (kiln_dtype_t)dtype;
  arg->rank = param->rank;
  return 0;
}

static int read_params(Launcher *self, PyObject *params) {
  self->nparams = PyTuple_Size(params);
  Py_ssize_t n = self->nparams ? self->nparams : 1;
  self->params = PyMem_Calloc(n, sizeof(Param));
  self->templ = PyMem_Calloc(n, sizeof(kiln_arg_t));
  if (!self->params || !self->templ) {
    PyErr_NoMemory();
    return -1;
  }
  Py_ssize_t nargs = PyTuple_Size(self->types);
  for (Py_ssize_t j = 0; j < self->nparams; ++j) {
    Param *param = &self->params[j];
    if (read_param(PyTuple_GetItem(params, j), param, &self->templ[j]) < 0)
      return -1;
    if (param->position >= nargs) {
      PyErr_SetString(PyExc_ValueError, "a parameter's position is past the "
                                        "arguments");
      return -1;
    }
    self->narrays += param->how == PARAM_ARRAY;
  }
  return 0;
}

static int launcher_init(PyObject *object, PyObject *args, PyObject *kwargs) {
  Launcher *self = (Launcher *)object;
  unsigned long long kernel, queue;
  PyObject *space_type, *device, *types, *params;
  (void)kwargs;
  if (self->params) {
    PyErr_SetString(PyExc_TypeError, "a Launcher is initialised once");
    return -1;
  }
  if (!PyArg_ParseTuple(args, "KKiiOOO!iiO!", &kernel, &queue, &self->ndim,
                        &self->nd, &space_type, &device, &PyTuple_Type, &types,
                        &self->check_overlap, &self->default_device,
                        &PyTuple_Type, &params))
    return -1;
  if (!kernel || !queue || self->ndim < 1 || self->ndim > 3) {
    PyErr_SetString(PyExc_ValueError, "a Launcher needs a kernel, a queue "
                                      "and 1 to 3 dimensions");
    return -1;
  }
  self->space_type = Py_NewRef(space_type);
  self->device = Py_NewRef(device);
  self->types = Py_NewRef(types);
  self->kernel = (kiln_kernel_t)(uintptr_t)kernel;
  self->queue = (kiln_queue_t)(uintptr_t)queue;
  return read_params(self, params);
}

/* The launch's extents into global/local; 1 when the index space is the
 * specialization's kind and rank, else 0. */
static int read_space(Launcher *self, PyObject *space, int64_t *global,
                      int64_t *local) {
  if ((PyObject *)Py_TYPE(space) != self->space_type)
    return 0;
  PyObject *ranges[2] = {space, NULL};
  if (self->nd) {
    ranges[0] = kiln_cached_attr(&kiln_attrs.global, space);
    ranges[1] = kiln_cached_attr(&kiln_attrs.local, space);
  }
  int ok = 1;
  for (int r = 0; ok && r < 1 + self->nd; ++r) {
    PyObject *dims =
        ranges[r] ? kiln_cached_attr(&kiln_attrs.dims, ranges[r]) : NULL;
    ok = kiln_read_dims(dims, self->ndim, r ? local : global) == 1;
    Py_XDECREF(dims);
  }
  if (self->nd) {
    Py_XDECREF(ranges[0]);
    Py_XDECREF(ranges[1]);
  }
  if (PyErr_Occurred())
    PyErr_Clear();
  return ok;
}

/* 1 when the arguments are those the specialization was picked for
 * (each argument's type, then each array's and accessor's facts), the
 * arrays' and accessors' parts written into `args`. */
static int arguments_match(Launcher *self, PyObject *values, PyObject *device,
                           kiln_arg_t *args) {
  if (device != Py_None && device != self->device)
    return 0;
  if (device == Py_None && !self->narrays && !self->default_device)
    return 0;
  Py_ssize_t n = PyTuple_Size(self->types);
  if (!PyTuple_Check(values) || PyTuple_Size(values) != n)
    return 0;
  for (Py_ssize_t i = 0; i < n; ++i)
    if ((PyObject *)Py_TYPE(PyTuple_GetItem(values, i)) !=
        PyTuple_GetItem(self->types, i))
      return 0;
  Extent stack[STACK_ARGS];
  Extent *extents = stack;
  if (self->narrays > STACK_ARGS &&
      !(extents = PyMem_Malloc(self->narrays * sizeof(Extent))))
    return 0;
  int ok = 1;
  Py_ssize_t found = 0;
  for (Py_ssize_t j = 0; ok && j < self->nparams; ++j) {
    const Param *param = &self->params[j];
    PyObject *value = PyTuple_GetItem(values, param->position);
    ok = kiln_param_matches(param, value, self->device, &args[j],
                            &extents[found]);
    found += param->how == PARAM_ARRAY;
  }
  if (ok && self->check_overlap)
    ok = !kiln_any_overlap(extents, found);
  if (extents != stack)
    PyMem_Free(extents);
  return ok;
}

static int pack_scalars(Launcher *self, PyObject *values, kiln_arg_t *args) {
  for (Py_ssize_t j = 0; j < self->nparams; ++j) {
    const Param *param = &self->params[j];
    if (kiln_pack_param(param, PyTuple_GetItem(values, param->position),
                        &args[j]) < 0) {
      PyErr_Clear(); /* the package words the error (one wording) */
      PyErr_Format(kiln_argument_error, "parameter %zd did not pack", j);
      return -1;
    }
  }
  return 0;
}

/* The wait list's handles (a tuple of ints, or None). */
static int read_wait(PyObject *wait, kiln_event_t *stack, kiln_event_t **out,
                     Py_ssize_t *count) {
  *out = NULL;
  *count = 0;
  if (wait == Py_None)
    return 0;
  if (!PyTuple_Check(wait)) {
    PyErr_SetString(PyExc_TypeError, "the wait list is a tuple of handles");
    return -1;
  }
  *count = PyTuple_Size(wait);
  *out = *count <= STACK_WAIT ? stack
                              : PyMem_Malloc(*count * sizeof(kiln_event_t));
  if (!*out) {
    PyErr_NoMemory();
    return -1;
  }
  for (Py_ssize_t i = 0; i < *count; ++i) {
    (*out)[i] = (kiln_event_t)PyLong_AsVoidPtr(PyTuple_GetItem(wait, i));
    if (!(*out)[i]) {
      if (*out != stack)
        PyMem_Free(*out);
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "a NULL event in the wait list");
      return -1;
    }
  }
  return 0;
}

static unsigned long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (unsigned long long)t.tv_sec * 1000000000ULL + t.tv_nsec;
}

PyObject *kiln_launcher_submit(Launcher *self, kiln_arg_t *args,
                               int64_t *global, int64_t *local,
                               PyObject *wait_list, int no_event) {
  kiln_event_t wait_stack[STACK_WAIT], *wait;
  Py_ssize_t nwait;
  if (read_wait(wait_list, wait_stack, &wait, &nwait) < 0)
    return NULL;
  kiln_launch_desc_t desc; /* as kiln_launch_desc_init makes it */
  memset(&desc, 0, sizeof(desc));
  desc.struct_size = sizeof(desc);
  desc.args_source = KILN_LAUNCH_ARGS_LIST;
  desc.kernel = self->kernel;
  desc.ndim = self->ndim;
  desc.global = global;
  desc.local = self->nd ? local : NULL;
  desc.args = args;
  desc.nargs = (size_t)self->nparams;
  desc.flags = no_event ? KILN_LAUNCH_NO_EVENT : 0;
  kiln_launch_events_t events;
  memset(&events, 0, sizeof(events));
  events.struct_size = sizeof(events);
  unsigned long long start = timing ? now_ns() : 0;
  kiln_status_t status;
  /* Without an event or a wait list: the plan, where there is one. */
  if (!no_event || nwait ||
      !kiln_plan_submit(self, args, global, local, &status)) {
    Py_BEGIN_ALLOW_THREADS status =
        submit_fn(self->queue, &desc, wait, (size_t)nwait, &events);
    Py_END_ALLOW_THREADS
  }
  if (timing)
    timed_ns += now_ns() - start;
  if (wait != wait_stack)
    PyMem_Free(wait);
  if (status != KILN_STATUS_OK) {
    PyObject *code = PyLong_FromLong(status);
    if (code)
      PyErr_SetObject(kiln_submit_error, code);
    Py_XDECREF(code);
    return NULL;
  }
  return PyLong_FromVoidPtr(events.device); /* 0 without an event */
}

int kiln_launcher_prepare(Launcher *self, PyObject *const *argv,
                          Packed *packed) {
  memset(packed->global, 0, sizeof(packed->global));
  memset(packed->local, 0, sizeof(packed->local));
  packed->args = packed->stack;
  if (self->nparams > STACK_ARGS &&
      !(packed->args = PyMem_Malloc(self->nparams * sizeof(kiln_arg_t)))) {
    PyErr_NoMemory();
    return -1;
  }
  memcpy(packed->args, self->templ, self->nparams * sizeof(kiln_arg_t));
  if (!read_space(self, argv[0], packed->global, packed->local) ||
      !arguments_match(self, argv[1], argv[2], packed->args))
    return 0;
  return pack_scalars(self, argv[1], packed->args) == 0 ? 1 : -1;
}

void kiln_release_packed(Packed *packed) {
  if (packed->args != packed->stack)
    PyMem_Free(packed->args);
}

/* launch(space, args, device, wait[, no_event]) -> event handle (0 with
 * no_event: KILN_LAUNCH_NO_EVENT), or None. */
static PyObject *launcher_launch(PyObject *object, PyObject *const *argv,
                                 Py_ssize_t argc) {
  Launcher *self = (Launcher *)object;
  if (argc != 4 && argc != 5) {
    PyErr_SetString(PyExc_TypeError,
                    "launch(space, args, device, wait[, no_event])");
    return NULL;
  }
  int no_event = argc == 5 ? PyObject_IsTrue(argv[4]) : 0;
  if (no_event < 0)
    return NULL;
  if (!submit_fn) {
    PyErr_SetString(PyExc_RuntimeError, "kiln._claunch: use_library first");
    return NULL;
  }
  Packed packed;
  int ready = kiln_launcher_prepare(self, argv, &packed);
  PyObject *result =
      ready < 0    ? NULL
      : ready == 0 ? Py_NewRef(Py_None)
                   : kiln_launcher_submit(self, packed.args, packed.global,
                                          packed.local, argv[3], no_event);
  kiln_release_packed(&packed);
  return result;
}

/* pack(space, args, device) -> (the kiln_arg_t bytes, global extents,
 * local extents), or None: what launch would submit (for the tests that
 * compare it with the ctypes path's bytes). */
static PyObject *launcher_pack(PyObject *object, PyObject *const *argv,
                               Py_ssize_t argc) {
  Launcher *self = (Launcher *)object;
  if (argc != 3) {
    PyErr_SetString(PyExc_TypeError, "pack(space, args, device)");
    return NULL;
  }
  Packed packed;
  int ready = kiln_launcher_prepare(self, argv, &packed);
  PyObject *result = ready < 0 ? NULL : ready == 0 ? Py_NewRef(Py_None) : NULL;
  if (ready == 1)
    result =
        Py_BuildValue("y#(LLL)(LLL)", (const char *)packed.args,
                      (Py_ssize_t)(self->nparams * sizeof(kiln_arg_t)),
                      (long long)packed.global[0], (long long)packed.global[1],
                      (long long)packed.global[2], (long long)packed.local[0],
                      (long long)packed.local[1], (long long)packed.local[2]);
  kiln_release_packed(&packed);
  return result;
}

/* uses_plan() -> whether the launcher's event-less launches go through
 * its launch plan (made at the first; launch_plan.c). */
static PyObject *launcher_uses_plan(PyObject *object, PyObject *unused) {
  (void)unused;
  return PyBool_FromLong(((Launcher *)object)->plan_state == 1);
}

static PyMethodDef launcher_methods[] = {
    {"uses_plan", launcher_uses_plan, METH_NOARGS,
     "uses_plan(): whether launches without an event go through the "
     "launcher's launch plan (made at the first)"},
    {"launch", (PyCFunction)(void (*)(void))launcher_launch, METH_FASTCALL,
     "launch(space, args, device, wait[, no_event]): the event handle (0 "
     "with no_event), or None when the arguments are not those of this "
     "specialization"},
    {"pack", (PyCFunction)(void (*)(void))launcher_pack, METH_FASTCALL,
     "pack(space, args, device): (argument bytes, global, local) that launch "
     "would submit, or None"},
    {NULL, NULL, 0, NULL}};

static PyType_Slot launcher_slots[] = {
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_init, launcher_init},
    {Py_tp_dealloc, launcher_dealloc},
    {Py_tp_methods, launcher_methods},
    {Py_tp_doc, "A prepared launch of one specialization (_fastlaunch.py)."},
    {0, NULL}};

static PyType_Spec launcher_spec = {"kiln._claunch.Launcher", sizeof(Launcher),
                                    0, Py_TPFLAGS_DEFAULT, launcher_slots};

/* set_timing(on) -> the nanoseconds spent in kiln_queue_submit since the
 * last call, and whether to count them from now on. */
static PyObject *set_timing(PyObject *module, PyObject *on) {
  (void)module;
  int truth = PyObject_IsTrue(on);
  if (truth < 0)
    return NULL;
  PyObject *spent = PyLong_FromUnsignedLongLong(timed_ns);
  timing = truth;
  timed_ns = 0;
  return spent;
}

/* A function's address from an int; NULL with an exception when it is
 * none. */
static void *function_address(PyObject *address) {
  void *pointer = PyLong_AsVoidPtr(address);
  if (!pointer && !PyErr_Occurred())
    PyErr_SetString(PyExc_ValueError, "use_library: a NULL address");
  return pointer;
}

/* use_library(submit[, state, release[, plan_desc_init, plan_create,
 * plan_submit, plan_release]]): the addresses of kiln_queue_submit,
 * kiln_event_state, kiln_event_release and the launch plan functions of
 * the library the package loaded (ctypes); without the plan functions
 * launches go through kiln_queue_submit. */
static PyObject *use_library(PyObject *module, PyObject *const *argv,
                             Py_ssize_t argc) {
  (void)module;
  if (argc != 1 && argc != 3 && argc != 7) {
    PyErr_SetString(PyExc_TypeError,
                    "use_library(submit[, state, release[, plan_desc_init, "
                    "plan_create, plan_submit, plan_release]])");
    return NULL;
  }
  void *pointers[7] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
  for (Py_ssize_t i = 0; i < argc; ++i)
    if (!(pointers[i] = function_address(argv[i])))
      return NULL;
  submit_fn = (SubmitFn)pointers[0];
  if (argc >= 3) {
    state_fn = (StateFn)pointers[1];
    release_fn = (ReleaseFn)pointers[2];
  }
  kiln_use_plans(pointers[3], pointers[4], pointers[5], pointers[6]);
  Py_RETURN_NONE;
}

/* poll_event(handle) -> 1 when the event completed without error (the
 * handle is then released and must not be used again), 0 while it is
 * pending, 2 when it failed or its state could not be read (the handle is
 * kept: the caller waits on it for the error, then releases it). One C
 * call for what took kiln_event_state and kiln_event_release through
 * ctypes (the package's check of each launch, _fastlaunch._Submitted). */
static PyObject *poll_event(PyObject *module, PyObject *handle) {
  (void)module;
  if (!state_fn || !release_fn) {
    PyErr_SetString(PyExc_RuntimeError,
                    "kiln._claunch: use_library(submit, state, release) first");
    return NULL;
  }
  kiln_event_t event = (kiln_event_t)PyLong_AsVoidPtr(handle);
  if (!event) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_ValueError, "poll_event: a NULL event");
    return NULL;
  }
  kiln_event_state_t state = KILN_EVENT_PENDING;
  PyThreadState *saved = PyEval_SaveThread(); /* as ctypes calls it */
  if (state_fn(event, &state) != KILN_STATUS_OK)
    state = KILN_EVENT_FAILED;
  if (state == KILN_EVENT_COMPLETE)
    release_fn(event);
  PyEval_RestoreThread(saved);
  return PyLong_FromLong((long)state);
}

/* release_event(handle): kiln_event_release, for a handle the package
 * drops without asking its state (_fastlaunch._claim_tail). */
static PyObject *release_event(PyObject *module, PyObject *handle) {
  (void)module;
  if (!release_fn) {
    PyErr_SetString(PyExc_RuntimeError,
                    "kiln._claunch: use_library(submit, state, release) first");
    return NULL;
  }
  kiln_event_t event = (kiln_event_t)PyLong_AsVoidPtr(handle);
  if (!event) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_ValueError, "release_event: a NULL event");
    return NULL;
  }
  PyThreadState *saved = PyEval_SaveThread();
  release_fn(event);
  PyEval_RestoreThread(saved);
  Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"use_library", (PyCFunction)(void (*)(void))use_library, METH_FASTCALL,
     "use_library(submit[, state, release]): kiln_queue_submit, "
     "kiln_event_state and kiln_event_release of the loaded library"},
    {"release_event", release_event, METH_O,
     "release_event(handle): kiln_event_release"},
    {"poll_event", poll_event, METH_O,
     "poll_event(handle): 1 complete (handle released), 0 pending, 2 failed "
     "(handle kept)"},
    {"set_timing", set_timing, METH_O,
     "set_timing(on): ns inside kiln_queue_submit since the last call"},
    {"call_kernel_async",
     (PyCFunction)(void (*)(void))kiln_py_call_kernel_async,
     METH_FASTCALL | METH_KEYWORDS,
     "call_kernel_async(kernel, index_space, dependent_events, *args, "
     "device=None, queue=None)\n--\n\nSubmits `kernel` after "
     "`dependent_events`; returns (host_event, device_event). The warm "
     "launch in C (launch_entry.c); every other call goes to "
     "kiln._launch.call_kernel_async."},
    {"install", (PyCFunction)(void (*)(void))kiln_py_install_entry,
     METH_FASTCALL,
     "install(name, value): an object call_kernel_async uses (fallback, "
     "kernel_type, environ, simulate_key, opened, submitted_events, "
     "submit_error, group_size)"},
    {NULL, NULL, 0, NULL}};

static int intern_names(void) {
  const char *names[] = {"_dims", "_global", "_local",  "shape",
                         "dtype", "device",  "_handle", "data_ptr"};
  PyObject **slots[] = {&kiln_names.dims,   &kiln_names.global,
                        &kiln_names.local,  &kiln_names.shape,
                        &kiln_names.dtype,  &kiln_names.device,
                        &kiln_names.handle, &kiln_names.data_ptr};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    if (!(*slots[i] = PyUnicode_InternFromString(names[i])))
      return -1;
  kiln_attrs.dims.name = kiln_names.dims;
  kiln_attrs.global.name = kiln_names.global;
  kiln_attrs.local.name = kiln_names.local;
  kiln_attrs.array_dtype.name = kiln_attrs.local_dtype.name = kiln_names.dtype;
  kiln_attrs.array_shape.name = kiln_attrs.local_shape.name = kiln_names.shape;
  kiln_attrs.device.name = kiln_names.device;
  kiln_attrs.handle.name = kiln_names.handle;
  kiln_attrs.data_ptr.name = kiln_names.data_ptr;
  return 0;
}

static int module_exec(PyObject *module) {
  if (intern_names() < 0)
    return -1;
  kiln_argument_error =
      PyErr_NewException("kiln._claunch.ArgumentError", PyExc_ValueError, NULL);
  kiln_submit_error =
      PyErr_NewException("kiln._claunch.SubmitError", PyExc_RuntimeError, NULL);
  PyObject *type = PyType_FromSpec(&launcher_spec);
  if (!kiln_argument_error || !kiln_submit_error || !type)
    return -1;
  kiln_launcher_type = type; /* the module keeps it alive */
  Py_INCREF(kiln_argument_error);
  Py_INCREF(kiln_submit_error);
  if (PyModule_AddObject(module, "ArgumentError", kiln_argument_error) < 0 ||
      PyModule_AddObject(module, "SubmitError", kiln_submit_error) < 0 ||
      PyModule_AddObject(module, "Launcher", type) < 0)
    return -1;
  return PyModule_AddIntConstant(module, "ARG_SIZE", sizeof(kiln_arg_t));
}

static PyModuleDef_Slot module_slots[] = {{Py_mod_exec, module_exec},
                                          {0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "kiln._claunch",
    "Kiln's launch in C (docs/python.md); _fastlaunch.py's ctypes path is "
    "the fallback.",
    0,
    module_methods,
    module_slots,
    NULL,
    NULL,
    NULL};

PyMODINIT_FUNC PyInit__claunch(void) { return PyModuleDef_Init(&module_def); }
