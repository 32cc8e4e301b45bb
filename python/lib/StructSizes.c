/*===- StructSizes.c - Struct sizes for the Python package's check -*- C
 * -*-===//
 *
 * The kiln package (python/kiln/_capi.py) declares the C API's structs
 * again with ctypes. A header changed without the package (a field added
 * to kiln_compile_options_t, which has no struct_size) would make the
 * library read garbage, so the package compares its sizes with these when
 * it loads libkiln_python.so and refuses a mismatch with a clear error.
 *
 *===----------------------------------------------------------------------===*/
#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

/** The sizes of the structs the package passes, in this order (at most
 *  `capacity` of them are written); returns how many there are. */
size_t kiln_python_struct_sizes(size_t *out, size_t capacity) {
  const size_t sizes[] = {sizeof(kiln_arg_t), sizeof(kiln_launch_desc_t),
                          sizeof(kiln_launch_events_t),
                          sizeof(kiln_compile_options_t),
                          sizeof(kiln_device_info_t)};
  const size_t count = sizeof(sizes) / sizeof(sizes[0]);
  for (size_t i = 0; i < count && i < capacity; ++i)
    out[i] = sizes[i];
  return count;
}
