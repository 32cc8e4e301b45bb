/* CAPICompileForArguments.c - kiln_compile_for_arguments from C.
 *
 *   kiln-capi-compile-for-arguments [DEVICE]   (default "cpu")
 *
 * Compiles a generic kernel with a Constant[int32] parameter for the
 * launch arguments a C caller builds (a float64 array, then a float32 one;
 * the int32 value 3), launches it without the compiled-in constant and
 * checks the result; then leaves an argument out. Prints one line per
 * step for compile-for-arguments.test. Built as C99 -pedantic -Werror.
 */
#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

#include "CAPIReport.h"

#include <stdio.h>
#include <string.h>

enum { N = 16 };

static const char *const kSource =
    "@kernel\n"
    "def scale(item: Item, x, n: Constant[int32]):\n"
    "    i = item.get_id(0)\n"
    "    x[i] = x[i] * n\n";

/* Compiles scale for an array of `dtype` and n = 3, launches it over N
 * elements that hold 0..N-1 and checks that they become 3 * i. */
static int run(kiln_compiler_t compiler, kiln_device_t device,
               kiln_queue_t queue, kiln_dtype_t dtype) {
  kiln_compile_options_t options;
  kiln_binary_t binary = NULL;
  kiln_executable_t executable = NULL;
  kiln_kernel_t kernel = NULL;
  kiln_buffer_t buffer = NULL;
  kiln_arg_t args[2];
  double host64[N];
  float host32[N];
  void *host = dtype == KILN_DTYPE_FLOAT64 ? (void *)host64 : (void *)host32;
  size_t bytes = N * kiln_dtype_size(dtype), params = 0, i;
  const int64_t shape[1] = {N};
  int ok = 0;

  for (i = 0; i < N; ++i) {
    host64[i] = (double)i;
    host32[i] = (float)i;
  }
  kiln_compile_options_init(&options);
  options.kernel = "scale";
  if (!report("kiln_buffer_create",
              kiln_buffer_create(device, bytes, &buffer)) ||
      !report("kiln_buffer_write",
              kiln_buffer_write(queue, buffer, host, bytes)))
    goto cleanup;
  args[0] = kiln_arg_array(buffer, shape, 1, dtype);
  args[1] = kiln_arg_int32(3);
  if (!report("kiln_compile_for_arguments",
              kiln_compile_for_arguments(compiler, device, kSource, "scale.py",
                                         &options, args, 2, &binary)) ||
      !report("kiln_executable_load",
              kiln_executable_load(device, binary, &executable)) ||
      !report("kiln_kernel_get",
              kiln_kernel_get(executable, "scale", &kernel)) ||
      !report("kiln_kernel_param_count",
              kiln_kernel_param_count(kernel, &params)))
    goto cleanup;
  /* n is compiled in: the kernel takes x alone. */
  printf("%s: %lu launch parameter(s)\n", kiln_dtype_name(dtype),
         (unsigned long)params);
  if (!report("kiln_launch",
              kiln_launch(queue, kernel, 1, shape, args, 1, NULL, 0)) ||
      !report("kiln_buffer_read", kiln_buffer_read(queue, buffer, host, bytes)))
    goto cleanup;
  ok = 1;
  for (i = 0; i < N; ++i) {
    double got = dtype == KILN_DTYPE_FLOAT64 ? host64[i] : (double)host32[i];
    if (got != 3.0 * (double)i) {
      printf("x[%lu] = %g, expected %g\n", (unsigned long)i, got, 3.0 * i);
      ok = 0;
    }
  }
  if (ok)
    printf("%s: x * 3 verified\n", kiln_dtype_name(dtype));
cleanup:
  kiln_kernel_release(kernel);
  kiln_executable_release(executable);
  kiln_binary_release(binary);
  kiln_buffer_release(buffer);
  return ok;
}

/* Without the argument of n, the compile fails naming the parameter. */
static int missingArgument(kiln_compiler_t compiler, kiln_device_t device) {
  kiln_compile_options_t options;
  kiln_binary_t binary = NULL;
  const int64_t shape[1] = {N};
  kiln_arg_t args[1];
  kiln_status_t status;
  kiln_compile_options_init(&options);
  options.kernel = "scale";
  args[0] = kiln_arg_array(NULL, shape, 1, KILN_DTYPE_FLOAT32);
  status = kiln_compile_for_arguments(compiler, device, kSource, "scale.py",
                                      &options, args, 1, &binary);
  printf("missing n: %s: %s\n", kiln_status_name(status),
         kiln_last_error_message());
  return status == KILN_STATUS_INVALID_ARGUMENT && binary == NULL;
}

int main(int argc, char **argv) {
  const char *selector = argc > 1 ? argv[1] : "cpu";
  kiln_device_t device = NULL;
  kiln_queue_t queue = NULL;
  kiln_compiler_t compiler = NULL;
  int ok = 0;
  if (report("kiln_device_open", kiln_device_open(selector, &device)) &&
      report("kiln_queue_create", kiln_queue_create(device, &queue)) &&
      report("kiln_compiler_create", kiln_compiler_create(&compiler)))
    ok = run(compiler, device, queue, KILN_DTYPE_FLOAT64) &&
         run(compiler, device, queue, KILN_DTYPE_FLOAT32) &&
         run(compiler, device, queue, KILN_DTYPE_FLOAT32) &&
         missingArgument(compiler, device);
  kiln_compiler_release(compiler);
  kiln_queue_release(queue);
  kiln_device_release(device);
  return ok ? 0 : 1;
}
