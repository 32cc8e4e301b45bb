/* CAPICompileDistinctArrays.c - the distinct-arrays specialization from C.
 *
 *   kiln-capi-compile-distinct-arrays [DEVICE]   (default "cpu")
 *
 * kiln_compile_for_arguments decides from the launch's buffers whether
 * the array arguments are distinct memory; only then are the kernel's
 * array pointers noalias. The kernel reads x[i] again after writing y[i]:
 * with x and y distinct that second read may reuse the first (y = 2x + 1),
 * with one buffer passed as both it must see the write (a = 2a + 2). A
 * noalias kernel launched on one buffer twice would give 2a + 1. Prints
 * one line per launch for distinct-arrays.test. C99 -pedantic -Werror.
 */
#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

#include "CAPIReport.h"

#include <stdio.h>

enum { N = 64 };

static const char *const kSource =
    "@kernel\n"
    "def twice(item: Item, x: Array[float32], y: Array[float32]):\n"
    "    i = item.get_id(0)\n"
    "    y[i] = x[i] + 1.0\n"
    "    y[i] = y[i] + x[i]\n";

/* Compiles twice for (x, y), launches it over N elements (x holding
 * 0..N-1, y zeros unless it is x) and checks y[i] against `expected`
 * times i plus `offset`. */
static int run(const char *label, kiln_compiler_t compiler,
               kiln_device_t device, kiln_queue_t queue, kiln_buffer_t x,
               kiln_buffer_t y, float offset) {
  kiln_compile_options_t options;
  kiln_binary_t binary = NULL;
  kiln_executable_t executable = NULL;
  kiln_kernel_t kernel = NULL;
  kiln_arg_t args[2];
  float host[N], zeros[N];
  const int64_t shape[1] = {N};
  size_t i;
  int ok = 0;

  for (i = 0; i < N; ++i) {
    host[i] = (float)i;
    zeros[i] = 0.0f;
  }
  kiln_compile_options_init(&options);
  options.kernel = "twice";
  args[0] = kiln_arg_array(x, shape, 1, KILN_DTYPE_FLOAT32);
  args[1] = kiln_arg_array(y, shape, 1, KILN_DTYPE_FLOAT32);
  if (!report("kiln_buffer_write",
              kiln_buffer_write(queue, x, host, sizeof(host))) ||
      (x != y && !report("kiln_buffer_write",
                         kiln_buffer_write(queue, y, zeros, sizeof(zeros)))) ||
      !report("kiln_compile_for_arguments",
              kiln_compile_for_arguments(compiler, device, kSource, "twice.py",
                                         &options, args, 2, &binary)) ||
      !report("kiln_executable_load",
              kiln_executable_load(device, binary, &executable)) ||
      !report("kiln_kernel_get",
              kiln_kernel_get(executable, "twice", &kernel)) ||
      !report("kiln_launch",
              kiln_launch(queue, kernel, 1, shape, args, 2, NULL, 0)) ||
      !report("kiln_buffer_read",
              kiln_buffer_read(queue, y, host, sizeof(host))))
    goto cleanup;
  ok = 1;
  for (i = 0; i < N; ++i) {
    float want = 2.0f * (float)i + offset;
    if (host[i] != want) {
      printf("%s: y[%lu] = %g, expected %g\n", label, (unsigned long)i,
             (double)host[i], (double)want);
      ok = 0;
      break;
    }
  }
  if (ok)
    printf("%s: verified\n", label);
cleanup:
  kiln_kernel_release(kernel);
  kiln_executable_release(executable);
  kiln_binary_release(binary);
  return ok;
}

int main(int argc, char **argv) {
  const char *selector = argc > 1 ? argv[1] : "cpu";
  kiln_device_t device = NULL;
  kiln_queue_t queue = NULL;
  kiln_compiler_t compiler = NULL;
  kiln_buffer_t a = NULL, b = NULL;
  int ok = 0;
  if (report("kiln_device_open", kiln_device_open(selector, &device)) &&
      report("kiln_queue_create", kiln_queue_create(device, &queue)) &&
      report("kiln_compiler_create", kiln_compiler_create(&compiler)) &&
      report("kiln_buffer_create",
             kiln_buffer_create(device, N * sizeof(float), &a)) &&
      report("kiln_buffer_create",
             kiln_buffer_create(device, N * sizeof(float), &b)))
    ok = run("distinct (a, b): y = 2x + 1", compiler, device, queue, a, b,
             1.0f) &&
         run("one buffer (a, a): a = 2a + 2", compiler, device, queue, a, a,
             2.0f) &&
         run("distinct again (b, a): y = 2x + 1", compiler, device, queue, b, a,
             1.0f);
  kiln_buffer_release(a);
  kiln_buffer_release(b);
  kiln_compiler_release(compiler);
  kiln_queue_release(queue);
  kiln_device_release(device);
  return ok ? 0 : 1;
}
