/*===- launch_entry.c - call_kernel_async's warm path in C -----*- C -*-===*
 *
 * kiln.call_kernel_async where the extension loads (python/kiln/_launch.py
 * installs it): a launch with nothing to wait for, no queue= and the
 * arguments of the kernel's entry plan is checked, packed, submitted and
 * recorded here without a Python frame. The record is
 * Plan.try_launch_now's: the group's argument list and its shared event
 * pair where launches go without events, else the package's
 * _submitted_events. Anything else (no plan yet, other arguments, a value
 * that does not pack, events to wait for, the simulator) calls the Python
 * call_kernel_async with the same arguments: it decides and words every
 * error, so behaviour is that function's.
 *
 *===----------------------------------------------------------------------===*/
#include "launch_ext.h"

/* What the entry needs of the package, set by install(); NULL until then
 * (the entry then always calls `fallback`, or raises without it). */
typedef struct {
  PyObject *fallback;         /* _launch.call_kernel_async */
  PyObject *kernel_type;      /* kiln.Kernel */
  PyObject *environ;          /* os.environ._data, or None */
  PyObject *simulate_key;     /* b"KILN_SIMULATE" */
  PyObject *opened;           /* _devices._opened: selector -> Device */
  PyObject *submitted_events; /* _fastlaunch._submitted_events(event, args) */
  PyObject *submit_error;     /* _fastlaunch._submit_error(status) */
  PyObject *group_size;       /* _fastlaunch._GROUP */
} Installed;

static Installed installed;
static Py_ssize_t group_size;

static struct {
  PyObject *fast_entry, *c, *tail, *group, *objects, *pair, *close, *events,
      *device, *queue, *python;
} names;

/* The plan's, its tail's and its group's attributes read at each launch. */
static struct {
  CachedAttr c, tail, group, objects, pair;
} attrs;

static const struct {
  const char *name;
  PyObject **slot;
} install_slots[] = {{"fallback", &installed.fallback},
                     {"kernel_type", &installed.kernel_type},
                     {"environ", &installed.environ},
                     {"simulate_key", &installed.simulate_key},
                     {"opened", &installed.opened},
                     {"submitted_events", &installed.submitted_events},
                     {"submit_error", &installed.submit_error},
                     {"group_size", &installed.group_size}};

static int intern_entry_names(void) {
  if (names.fast_entry)
    return 0;
  const char *text[] = {"_fast_entry", "c",     "tail",  "group",
                        "objects",     "pair",  "close", "events",
                        "device",      "queue", "python"};
  PyObject **slots[] = {&names.fast_entry, &names.c,       &names.tail,
                        &names.group,      &names.objects, &names.pair,
                        &names.close,      &names.events,  &names.device,
                        &names.queue,      &names.python};
  for (size_t i = 0; i < sizeof(text) / sizeof(text[0]); ++i)
    if (!(*slots[i] = PyUnicode_InternFromString(text[i])))
      return -1;
  attrs.c.name = names.c;
  attrs.tail.name = names.tail;
  attrs.group.name = names.group;
  attrs.objects.name = names.objects;
  attrs.pair.name = names.pair;
  return 0;
}

/* install(name=value, ...): sets the objects the entry uses. */
static int install_one(PyObject *key, PyObject *value) {
  for (size_t i = 0; i < sizeof(install_slots) / sizeof(install_slots[0]);
       ++i) {
    if (PyUnicode_CompareWithASCIIString(key, install_slots[i].name) != 0)
      continue;
    if (install_slots[i].slot == &installed.group_size) {
      Py_ssize_t size = PyLong_AsSsize_t(value);
      if (size == -1 && PyErr_Occurred())
        return -1;
      group_size = size;
    }
    PyObject *old = *install_slots[i].slot;
    *install_slots[i].slot = Py_NewRef(value);
    Py_XDECREF(old);
    return 0;
  }
  PyErr_Format(PyExc_TypeError, "install: unknown name %R", key);
  return -1;
}

PyObject *kiln_py_install_entry(PyObject *module, PyObject *const *args,
                                Py_ssize_t nargs) {
  (void)module;
  if (intern_entry_names() < 0)
    return NULL;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "install(name, value)");
    return NULL;
  }
  if (!PyUnicode_Check(args[0])) {
    PyErr_SetString(PyExc_TypeError, "install: a name is a str");
    return NULL;
  }
  if (install_one(args[0], args[1]) < 0)
    return NULL;
  Py_RETURN_NONE;
}

/* The Python call_kernel_async with the very arguments of this call
 * (PyObject_Call: the 3.11 stable ABI has no PyObject_Vectorcall). */
static PyObject *fall_back(PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames) {
  if (!installed.fallback) {
    PyErr_SetString(PyExc_RuntimeError,
                    "kiln._claunch.call_kernel_async: not installed");
    return NULL;
  }
  PyObject *positional = PyTuple_New(nargs);
  for (Py_ssize_t i = 0; positional && i < nargs; ++i)
    PyTuple_SetItem(positional, i, Py_NewRef(args[i]));
  Py_ssize_t count = kwnames ? PyTuple_Size(kwnames) : 0;
  PyObject *keywords = count ? PyDict_New() : NULL;
  int ok = positional && (!count || keywords);
  for (Py_ssize_t i = 0; ok && i < count; ++i)
    ok = PyDict_SetItem(keywords, PyTuple_GetItem(kwnames, i),
                        args[nargs + i]) == 0;
  PyObject *result =
      ok ? PyObject_Call(installed.fallback, positional, keywords) : NULL;
  Py_XDECREF(positional);
  Py_XDECREF(keywords);
  return result;
}

/* device= and queue= from the keywords; 0 when another keyword is there
 * (the Python function says what is wrong). */
static int read_keywords(PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames, PyObject **device,
                         PyObject **queue) {
  *device = *queue = Py_None;
  Py_ssize_t count = kwnames ? PyTuple_Size(kwnames) : 0;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject *key = PyTuple_GetItem(kwnames, i);
    if (key == names.device ||
        PyUnicode_CompareWithASCIIString(key, "device") == 0)
      *device = args[nargs + i];
    else if (key == names.queue ||
             PyUnicode_CompareWithASCIIString(key, "queue") == 0)
      *queue = args[nargs + i];
    else
      return 0;
  }
  return 1;
}

/* _launch._simulated(None): KILN_SIMULATE set to neither "" nor "0", read
 * from os.environ's own mapping as the Python function reads it. -1 with
 * an exception. */
static int simulated_by_default(void) {
  if (!installed.environ || !PyDict_Check(installed.environ))
    return 1; /* no such mapping: let the Python function read it */
  PyObject *value =
      PyDict_GetItemWithError(installed.environ, installed.simulate_key);
  if (!value)
    return PyErr_Occurred() ? -1 : 0;
  if (!PyBytes_Check(value))
    return 1;
  Py_ssize_t size = PyBytes_Size(value);
  return !(size == 0 || (size == 1 && PyBytes_AsString(value)[0] == '0'));
}

/* The kernel's entry plan (its instance dictionary's `_fast_entry`, a new
 * reference), or NULL without an exception when it has none. */
static PyObject *entry_plan(PyObject *kernel) {
  if (!installed.kernel_type ||
      !PyObject_TypeCheck(kernel, (PyTypeObject *)installed.kernel_type))
    return NULL;
  PyObject *dict = PyObject_GenericGetDict(kernel, NULL);
  if (!dict) {
    PyErr_Clear();
    return NULL;
  }
  PyObject *plan = PyDict_GetItemWithError(dict, names.fast_entry);
  Py_XINCREF(plan);
  Py_DECREF(dict);
  if (!plan)
    PyErr_Clear();
  return plan;
}

/* Plan.try_launch_now's device check: the launch's device as the
 * launcher's (Py_None for the default), or NULL when it is another. */
static PyObject *launch_device(Launcher *launcher, PyObject *device) {
  if (device == Py_None || device == launcher->device)
    return device;
  if (!PyUnicode_CheckExact(device) || !installed.opened)
    return NULL;
  PyObject *opened = PyDict_GetItemWithError(installed.opened, device);
  if (!opened)
    PyErr_Clear();
  return opened == launcher->device ? launcher->device : NULL;
}

/* The launch's record once submitted: the open group's shared events
 * where the plan has a tail (the arguments appended to its list, the
 * group closed when full), else _submitted_events(event, values). */
static PyObject *record(PyObject *tail, PyObject *event, PyObject *values) {
  if (tail == Py_None)
    return PyObject_CallFunctionObjArgs(installed.submitted_events, event,
                                        values, NULL);
  PyObject *group = kiln_cached_attr(&attrs.group, tail);
  if (!group)
    return NULL;
  PyObject *objects = kiln_cached_attr(&attrs.objects, group);
  PyObject *result = NULL;
  /* None: the group completed (its marker, after this launch, too) while
   * the interpreter lock was released around the submission. */
  if (objects && PyList_Check(objects)) {
    if (PyList_Append(objects, values) < 0)
      goto done;
    if (PyList_Size(objects) >= group_size) {
      PyObject *closed =
          PyObject_CallMethodObjArgs(tail, names.close, group, NULL);
      if (!closed)
        goto done;
      Py_DECREF(closed);
    }
  } else if (!objects) {
    goto done;
  }
  result = kiln_cached_attr(&attrs.pair, group);
  if (result && !PyTuple_Check(result)) { /* completed: fresh events */
    Py_DECREF(result);
    result = PyObject_CallMethodObjArgs(group, names.events, NULL);
  }
done:
  Py_XDECREF(objects);
  Py_DECREF(group);
  return result;
}

/* Raises _fastlaunch._submit_error(status) for the SubmitError set (the
 * Python path's `raise _submit_error(...) from None`). */
static void raise_submit_error(void) {
  if (!PyErr_ExceptionMatches(kiln_submit_error) || !installed.submit_error)
    return;
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyObject *status = value ? PyObject_GetAttrString(value, "args") : NULL;
  PyObject *code = status && PyTuple_Check(status) && PyTuple_Size(status)
                       ? PyTuple_GetItem(status, 0)
                       : NULL;
  PyObject *error =
      code ? PyObject_CallFunctionObjArgs(installed.submit_error, code, NULL)
           : NULL;
  Py_XDECREF(status);
  if (error) {
    PyErr_SetObject((PyObject *)Py_TYPE(error), error);
    Py_DECREF(error);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
  } else if (!PyErr_Occurred()) {
    PyErr_Restore(type, value, traceback);
  } else {
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
  }
}

/* Prepares and submits through `launcher` (a plan's C launcher): the
 * record, NULL with an exception, or Py_None (a new reference) when the
 * arguments are not the plan's or a value did not pack: the caller then
 * falls back (the Python path words the error). */
static PyObject *launch(Launcher *launcher, PyObject *tail, PyObject *space,
                        PyObject *values, PyObject *device) {
  PyObject *argv[3] = {space, values, device};
  Packed packed;
  int ready = kiln_launcher_prepare(launcher, argv, &packed);
  PyObject *result = NULL;
  if (ready == 1) {
    PyObject *event =
        kiln_launcher_submit(launcher, packed.args, packed.global, packed.local,
                             Py_None, tail != Py_None);
    if (event) {
      result = record(tail, event, values);
      Py_DECREF(event);
    } else {
      raise_submit_error();
    }
  } else if (ready == 0 || PyErr_ExceptionMatches(kiln_argument_error)) {
    PyErr_Clear();
    result = Py_NewRef(Py_None);
  }
  kiln_release_packed(&packed);
  return result;
}

/* The warm launch through `plan`, or Py_None (new reference) to fall back;
 * NULL with an exception. */
static PyObject *launch_plan(PyObject *plan, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *device) {
  PyObject *c = kiln_cached_attr(&attrs.c, plan);
  if (!c)
    return NULL;
  PyObject *result = Py_None;
  if ((PyObject *)Py_TYPE(c) == kiln_launcher_type &&
      installed.submitted_events && group_size > 0) {
    Launcher *launcher = (Launcher *)c;
    device = launch_device(launcher, device);
    PyObject *tail = device ? kiln_cached_attr(&attrs.tail, plan) : NULL;
    PyObject *values = tail ? PyTuple_New(nargs - 3) : NULL;
    for (Py_ssize_t i = 3; values && i < nargs; ++i)
      PyTuple_SetItem(values, i - 3, Py_NewRef(args[i]));
    result = values ? launch(launcher, tail, args[1], values, device)
                    : (PyErr_Occurred() ? NULL : Py_None);
    Py_XDECREF(values);
    Py_XDECREF(tail);
  }
  Py_DECREF(c);
  return result == Py_None ? Py_NewRef(Py_None) : result;
}

PyObject *kiln_py_call_kernel_async(PyObject *module, PyObject *const *args,
                                    Py_ssize_t nargs, PyObject *kwnames) {
  (void)module;
  PyObject *device, *queue;
  if (nargs < 3 || !names.fast_entry ||
      !read_keywords(args, nargs, kwnames, &device, &queue) || queue != Py_None)
    return fall_back(args, nargs, kwnames);
  PyObject *waits = args[2];
  if (!(PyList_CheckExact(waits) && PyList_Size(waits) == 0) &&
      !(PyTuple_CheckExact(waits) && PyTuple_Size(waits) == 0))
    return fall_back(args, nargs, kwnames);
  PyObject *plan = entry_plan(args[0]);
  if (!plan)
    return fall_back(args, nargs, kwnames);
  int simulated = device == Py_None
                      ? simulated_by_default()
                      : PyUnicode_Check(device) &&
                            PyUnicode_Compare(device, names.python) == 0;
  PyObject *result = simulated == 0  ? launch_plan(plan, args, nargs, device)
                     : simulated < 0 ? NULL
                                     : Py_NewRef(Py_None);
  Py_DECREF(plan);
  if (result != Py_None)
    return result;
  Py_DECREF(result);
  return fall_back(args, nargs, kwnames);
}
