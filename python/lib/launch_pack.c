/*===- launch_pack.c - Checking and packing one launch argument -*- C -*-===*
 *
 * The conversions are struct.pack_into's for the same formats
 * (_fastlaunch.Field): the same values are accepted and refused, so the
 * ctypes path and this one launch alike; a refused value's message is
 * built by the package from its own writers (one wording for both).
 *
 *===----------------------------------------------------------------------===*/
#include "launch_ext.h"

#include <math.h>
#include <string.h>

Names kiln_names;
Attrs kiln_attrs;
PyObject *kiln_argument_error;

static int fail_range(PyObject *value) {
  PyErr_Format(kiln_argument_error, "%R is out of the parameter's range",
               value);
  return -1;
}

/* struct's integer formats: __index__, then the range of `size` bytes. */
static int pack_integer(const Param *param, PyObject *value, void *out) {
  PyObject *index = PyNumber_Index(value);
  if (!index)
    return -1;
  int size = param->size;
  if (param->how == PARAM_UNSIGNED && size == 8) {
    unsigned long long u = PyLong_AsUnsignedLongLong(index);
    Py_DECREF(index);
    if (u == (unsigned long long)-1 && PyErr_Occurred())
      return -1;
    memcpy(out, &u, 8);
    return 0;
  }
  long long v = PyLong_AsLongLong(index);
  Py_DECREF(index);
  if (v == -1 && PyErr_Occurred())
    return -1;
  if (param->how == PARAM_UNSIGNED) {
    if (v < 0 || (unsigned long long)v >> (8 * size))
      return fail_range(value);
  } else if (size < 8) {
    long long bound = 1LL << (8 * size - 1);
    if (v < -bound || v >= bound)
      return fail_range(value);
  }
  int8_t i8 = (int8_t)v;
  int16_t i16 = (int16_t)v;
  int32_t i32 = (int32_t)v;
  const void *bytes = size == 1   ? (const void *)&i8
                      : size == 2 ? (const void *)&i16
                      : size == 4 ? (const void *)&i32
                                  : (const void *)&v;
  memcpy(out, bytes, size);
  return 0;
}

/* struct's 'f': a finite double too large for a float is refused. */
static int pack_float32(PyObject *value, void *out) {
  double d = PyFloat_AsDouble(value);
  if (d == -1.0 && PyErr_Occurred())
    return -1;
  float f = (float)d;
  if (isinf(f) && !isinf(d))
    return fail_range(value);
  memcpy(out, &f, 4);
  return 0;
}

/* The bytes `convert` gives (float16, bfloat16, complex). */
static int pack_bytes(const Param *param, PyObject *value, void *out) {
  PyObject *bytes = PyObject_CallFunctionObjArgs(param->convert, value, NULL);
  if (!bytes)
    return -1;
  char *data;
  Py_ssize_t size;
  int status = PyBytes_AsStringAndSize(bytes, &data, &size);
  if (status == 0 && size != param->size) {
    PyErr_Format(kiln_argument_error, "%zd bytes for a %d-byte scalar", size,
                 param->size);
    status = -1;
  }
  if (status == 0)
    memcpy(out, data, size);
  Py_DECREF(bytes);
  return status;
}

int kiln_pack_param(const Param *param, PyObject *value, kiln_arg_t *arg) {
  switch (param->how) {
  case PARAM_BOOL: {
    int truth = PyObject_IsTrue(value);
    if (truth < 0)
      return -1;
    arg->value[0] = (unsigned char)truth;
    return 0;
  }
  case PARAM_SIGNED:
  case PARAM_UNSIGNED:
    return pack_integer(param, value, arg->value);
  case PARAM_FLOAT32:
    return pack_float32(value, arg->value);
  case PARAM_FLOAT64: {
    double d = PyFloat_AsDouble(value);
    if (d == -1.0 && PyErr_Occurred())
      return -1;
    memcpy(arg->value, &d, 8);
    return 0;
  }
  case PARAM_BYTES:
    return pack_bytes(param, value, arg->value);
  case PARAM_ARRAY:
  case PARAM_LOCAL:
    return 0; /* written by kiln_param_matches */
  }
  return 0;
}

int kiln_read_dims(PyObject *dims, int ndim, int64_t *out) {
  if (!dims || !PyTuple_Check(dims) || PyTuple_Size(dims) != ndim)
    return 0;
  for (int d = 0; d < ndim; ++d) {
    long long extent = PyLong_AsLongLong(PyTuple_GetItem(dims, d));
    if (extent == -1 && PyErr_Occurred())
      return -1;
    out[d] = extent;
  }
  return 1;
}

/* 1 when attribute `attr` of `value` is `expected` itself. */
static int attribute_is(PyObject *value, CachedAttr *attr, PyObject *expected) {
  PyObject *got = kiln_cached_attr(attr, value);
  Py_XDECREF(got);
  return got == expected;
}

/* Writes the shape (a tuple of `rank` ints) into `arg`; its element count
 * into `count`. 0 when it is no such tuple. */
static int take_shape(PyObject *value, CachedAttr *attr, int rank,
                      kiln_arg_t *arg, unsigned long long *count) {
  PyObject *shape = kiln_cached_attr(attr, value);
  int ok = kiln_read_dims(shape, rank, arg->shape) == 1;
  Py_XDECREF(shape);
  *count = 1;
  for (int d = 0; ok && d < rank; ++d)
    *count *= (unsigned long long)arg->shape[d];
  return ok;
}

/* The array's buffer handle, address and alignment into `extent`. */
static int take_address(const Param *param, PyObject *value, kiln_arg_t *arg,
                        Extent *extent) {
  PyObject *handle = kiln_cached_attr(&kiln_attrs.handle, value);
  if (!handle)
    return 0;
  arg->buffer = (kiln_buffer_t)PyLong_AsVoidPtr(handle);
  Py_DECREF(handle);
  if (!arg->buffer)
    return 0;
  extent->handle = arg->buffer;
  PyObject *address = kiln_cached_attr(&kiln_attrs.data_ptr, value);
  if (!address)
    return 0;
  extent->has_address = address != Py_None;
  extent->start =
      extent->has_address ? PyLong_AsUnsignedLongLong(address) : 0ULL;
  Py_DECREF(address);
  if (PyErr_Occurred())
    return 0;
  int aligned = extent->has_address && extent->start % 16 == 0;
  return aligned == param->aligned;
}

int kiln_param_matches(const Param *param, PyObject *value, PyObject *device,
                       kiln_arg_t *arg, Extent *extent) {
  if (param->how != PARAM_ARRAY && param->how != PARAM_LOCAL)
    return 1;
  unsigned long long count;
  int array = param->how == PARAM_ARRAY;
  int ok = attribute_is(
               value, array ? &kiln_attrs.array_dtype : &kiln_attrs.local_dtype,
               param->dtype) &&
           take_shape(value,
                      array ? &kiln_attrs.array_shape : &kiln_attrs.local_shape,
                      param->rank, arg, &count);
  if (ok && array)
    ok = attribute_is(value, &kiln_attrs.device, device) &&
         take_address(param, value, arg, extent);
  if (ok && param->how == PARAM_ARRAY)
    extent->end = extent->start + count * (unsigned long long)param->itemsize;
  if (PyErr_Occurred()) /* an odd object: the general path says what */
    PyErr_Clear();
  return ok;
}

int kiln_any_overlap(const Extent *extents, Py_ssize_t count) {
  for (Py_ssize_t i = 0; i < count; ++i)
    for (Py_ssize_t j = 0; j < i; ++j) {
      const Extent *a = &extents[i], *b = &extents[j];
      if (a->handle == b->handle)
        return 1;
      if (a->has_address && b->has_address && b->start < a->end &&
          a->start < b->end)
        return 1;
    }
  return 0;
}
