/* CAPICompileForLaunch.c - kiln_compile_for_arguments typed by the launch.
 *
 *   kiln-capi-compile-for-launch [DEVICE]   (default "cpu")
 *
 * A numba-dpex-style source whose kernels leave the work-item and a local
 * accessor unannotated: options.launch_space types the work-item (Item for
 * a Range, NdItem for an NdRange) and kiln_arg_local_accessor the
 * accessor. Each kernel is compiled for its launch, launched and checked;
 * then the errors: an unknown launch space, and a local accessor for a
 * Range launch. Prints one line per step for compile-for-launch.test.
 * Built as C99 -pedantic -Werror.
 */
#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

#include "CAPIReport.h"

#include <stdio.h>

enum { N = 16, GROUP = 4 };

static const char *const kSource =
    "@kernel\n"
    "def twice(item, x):\n"
    "    i = item.get_id(0)\n"
    "    x[i] = x[i] * 2\n"
    "\n"
    "@kernel\n"
    "def group_sums(it, x, tile, sums):\n"
    "    lid = it.get_local_id(0)\n"
    "    tile[lid] = x[it.get_global_id(0)]\n"
    "    group_barrier(it.get_group())\n"
    "    if lid == 0:\n"
    "        s = tile[0]\n"
    "        for j in range(1, it.get_local_range(0)):\n"
    "            s += tile[j]\n"
    "        sums[it.get_group().get_group_id(0)] = s\n";

/* Compiles `name` for `args` and `space`, launches it over N work-items
 * (in groups of GROUP for an NdRange). */
static int compileAndLaunch(kiln_compiler_t compiler, kiln_device_t device,
                            kiln_queue_t queue, const char *name,
                            kiln_launch_space_t space, const kiln_arg_t *args,
                            size_t nargs) {
  kiln_compile_options_t options;
  kiln_binary_t binary = NULL;
  kiln_executable_t executable = NULL;
  kiln_kernel_t kernel = NULL;
  kiln_index_kind_t kind;
  const int64_t global[1] = {N}, local[1] = {GROUP};
  int ok;
  kiln_compile_options_init(&options);
  options.kernel = name;
  options.launch_space = space;
  ok = report("kiln_compile_for_arguments",
              kiln_compile_for_arguments(compiler, device, kSource, "launch.py",
                                         &options, args, nargs, &binary)) &&
       report("kiln_executable_load",
              kiln_executable_load(device, binary, &executable)) &&
       report("kiln_kernel_get", kiln_kernel_get(executable, name, &kernel)) &&
       report("kiln_kernel_index_kind", kiln_kernel_index_kind(kernel, &kind));
  if (ok)
    printf("%s: %s kernel\n", name,
           kind == KILN_INDEX_ND_ITEM ? "NdItem" : "Item");
  ok = ok && report("kiln_launch_with_options",
                    kiln_launch_with_options(
                        queue, kernel, 1, global,
                        space == KILN_LAUNCH_SPACE_ND_RANGE ? local : NULL,
                        args, nargs, NULL, 0, NULL));
  kiln_kernel_release(kernel);
  kiln_executable_release(executable);
  kiln_binary_release(binary);
  return ok;
}

/* twice over a Range: x[i] = 2 i. */
static int rangeLaunch(kiln_compiler_t compiler, kiln_device_t device,
                       kiln_queue_t queue, kiln_buffer_t x) {
  int32_t host[N];
  const int64_t shape[1] = {N};
  kiln_arg_t args[1];
  int i, ok = 1;
  for (i = 0; i < N; ++i)
    host[i] = i;
  args[0] = kiln_arg_array(x, shape, 1, KILN_DTYPE_INT32);
  if (!report("kiln_buffer_write",
              kiln_buffer_write(queue, x, host, sizeof(host))) ||
      !compileAndLaunch(compiler, device, queue, "twice",
                        KILN_LAUNCH_SPACE_RANGE, args, 1) ||
      !report("kiln_buffer_read",
              kiln_buffer_read(queue, x, host, sizeof(host))))
    return 0;
  for (i = 0; i < N; ++i)
    if (host[i] != 2 * i) {
      printf("x[%d] = %d, expected %d\n", i, (int)host[i], 2 * i);
      ok = 0;
    }
  if (ok)
    printf("twice: x * 2 verified\n");
  return ok;
}

/* group_sums over an NdRange, x holding 2 i: the sum of each group. */
static int ndRangeLaunch(kiln_compiler_t compiler, kiln_device_t device,
                         kiln_queue_t queue, kiln_buffer_t x,
                         kiln_buffer_t sums) {
  int32_t host[N / GROUP];
  const int64_t shape[1] = {N}, groups[1] = {N / GROUP}, tile[1] = {GROUP};
  kiln_arg_t args[3];
  int g, j, ok = 1;
  args[0] = kiln_arg_array(x, shape, 1, KILN_DTYPE_INT32);
  args[1] = kiln_arg_local_accessor(tile, 1, KILN_DTYPE_INT32);
  args[2] = kiln_arg_array(sums, groups, 1, KILN_DTYPE_INT32);
  if (!compileAndLaunch(compiler, device, queue, "group_sums",
                        KILN_LAUNCH_SPACE_ND_RANGE, args, 3) ||
      !report("kiln_buffer_read",
              kiln_buffer_read(queue, sums, host, sizeof(host))))
    return 0;
  for (g = 0; g < N / GROUP; ++g) {
    int expected = 0;
    for (j = 0; j < GROUP; ++j)
      expected += 2 * (g * GROUP + j);
    if (host[g] != expected) {
      printf("sums[%d] = %d, expected %d\n", g, (int)host[g], expected);
      ok = 0;
    }
  }
  if (ok)
    printf("group_sums: sums verified\n");
  return ok;
}

/* The compile's status and message for `space`. */
static void refused(kiln_compiler_t compiler, kiln_device_t device,
                    const char *what, kiln_launch_space_t space) {
  kiln_compile_options_t options;
  kiln_binary_t binary = NULL;
  const int64_t shape[1] = {N}, tile[1] = {GROUP};
  kiln_arg_t args[3];
  kiln_status_t status;
  kiln_compile_options_init(&options);
  options.kernel = "group_sums";
  options.launch_space = space;
  args[0] = kiln_arg_array(NULL, shape, 1, KILN_DTYPE_INT32);
  args[1] = kiln_arg_local_accessor(tile, 1, KILN_DTYPE_INT32);
  args[2] = kiln_arg_array(NULL, shape, 1, KILN_DTYPE_INT32);
  status = kiln_compile_for_arguments(compiler, device, kSource, "launch.py",
                                      &options, args, 3, &binary);
  printf("%s: %s: %s\n", what, kiln_status_name(status),
         kiln_last_error_message());
  kiln_binary_release(binary);
}

int main(int argc, char **argv) {
  const char *selector = argc > 1 ? argv[1] : "cpu";
  kiln_device_t device = NULL;
  kiln_queue_t queue = NULL;
  kiln_compiler_t compiler = NULL;
  kiln_buffer_t x = NULL, sums = NULL;
  int ok = 0;
  if (report("kiln_device_open", kiln_device_open(selector, &device)) &&
      report("kiln_queue_create", kiln_queue_create(device, &queue)) &&
      report("kiln_compiler_create", kiln_compiler_create(&compiler)) &&
      report("kiln_buffer_create",
             kiln_buffer_create(device, N * sizeof(int32_t), &x)) &&
      report("kiln_buffer_create",
             kiln_buffer_create(device, N / GROUP * sizeof(int32_t), &sums)))
    ok = rangeLaunch(compiler, device, queue, x) &&
         ndRangeLaunch(compiler, device, queue, x, sums);
  if (ok) {
    refused(compiler, device, "unknown launch", KILN_LAUNCH_SPACE_UNKNOWN);
    refused(compiler, device, "range launch", KILN_LAUNCH_SPACE_RANGE);
  }
  kiln_buffer_release(sums);
  kiln_buffer_release(x);
  kiln_compiler_release(compiler);
  kiln_queue_release(queue);
  kiln_device_release(device);
  return ok ? 0 : 1;
}
