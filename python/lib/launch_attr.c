/*===- launch_attr.c - Attribute reads through cached descriptors -*- C -*-===*
 *
 * A warm launch reads about six attributes of the package's objects (the
 * plan, its tail and group, the index space) and five of each array; each
 * PyObject_GetAttr looks the name up in the type's MRO first. These
 * objects are instances of the package's __slots__ classes, whose
 * attributes are data descriptors: a CachedAttr finds the descriptor once
 * per type and calls its __get__ directly, which is what PyObject_GetAttr
 * does for such an attribute, less the lookup. Anything else (a type with
 * its own __getattribute__ or __getattr__, a name that is no data
 * descriptor) goes through PyObject_GetAttr. The classes' attributes are
 * assumed not to be replaced at run time (the descriptor stays cached).
 *
 *===----------------------------------------------------------------------===*/
#include "launch_ext.h"

/* The data descriptor `name` of `type` and its __get__, or NULL where the
 * type reads attributes its own way or `name` is no data descriptor. */
static PyObject *data_descriptor(PyTypeObject *type, PyObject *name,
                                 descrgetfunc *get) {
  *get = NULL;
  if (PyType_GetSlot(type, Py_tp_getattro) != (void *)PyObject_GenericGetAttr)
    return NULL;
  /* A member, property or getset descriptor read from the class is
   * itself. */
  PyObject *descr = PyObject_GetAttr((PyObject *)type, name);
  if (!descr) {
    PyErr_Clear();
    return NULL;
  }
  PyTypeObject *kind = Py_TYPE(descr);
  *get = (descrgetfunc)PyType_GetSlot(kind, Py_tp_descr_get);
  if (!*get || !PyType_GetSlot(kind, Py_tp_descr_set)) {
    *get = NULL;
    Py_DECREF(descr);
    return NULL;
  }
  return descr;
}

/* Caches what `type` reads `attr->name` with (the interpreter lock held;
 * the fields are consistent before anything that could release it). */
static void find(CachedAttr *attr, PyTypeObject *type) {
  descrgetfunc get;
  PyObject *descr = data_descriptor(type, attr->name, &get);
  PyObject *old_type = (PyObject *)attr->type, *old_descr = attr->descr;
  attr->get = NULL;
  attr->descr = descr;
  Py_INCREF((PyObject *)type);
  attr->type = type;
  attr->get = get;
  Py_XDECREF(old_descr);
  Py_XDECREF(old_type);
}

PyObject *kiln_cached_attr(CachedAttr *attr, PyObject *object) {
  PyTypeObject *type = Py_TYPE(object);
  if (type != attr->type)
    find(attr, type);
  descrgetfunc get = attr->get;
  if (get && type == attr->type)
    return get(attr->descr, object, (PyObject *)type);
  return PyObject_GetAttr(object, attr->name);
}
