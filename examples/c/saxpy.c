/* saxpy.c - Embedding Kiln from C: compile, load, launch, verify.
 *
 *   kiln-c-example SAXPY.PY [DEVICE]      (DEVICE: cpu, opencl[:i], cuda[:i])
 *
 * Compiles the saxpy kernel of examples/saxpy.py for DEVICE (default "cpu")
 * and the arguments it is launched with, with kiln/kiln_compiler.h, runs it
 * with kiln/kiln.h on random data and checks the result against a host loop.
 * Uses only the two C headers.
 */
#include "kiln/kiln.h"
#include "kiln/kiln_compiler.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints the failed call and the runtime's message; jumps to cleanup. */
#define CHECK(call)                                                            \
  do {                                                                         \
    kiln_status_t status_ = (call);                                            \
    if (status_ != KILN_STATUS_OK) {                                           \
      fprintf(stderr, "kiln-c-example: %s failed (%s):\n%s\n", #call,          \
              kiln_status_name(status_), kiln_last_error_message());           \
      goto cleanup;                                                            \
    }                                                                          \
  } while (0)

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  char *text = NULL;
  long size;
  if (!file)
    return NULL;
  if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 &&
      fseek(file, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1))) {
    if (fread(text, 1, (size_t)size, file) != (size_t)size) {
      free(text);
      text = NULL;
    } else {
      text[size] = '\0';
    }
  }
  fclose(file);
  return text;
}

int main(int argc, char **argv) {
  enum { N = 100000 };
  const char *path = argc > 1 ? argv[1] : "examples/saxpy.py";
  const char *selector = argc > 2 ? argv[2] : "cpu";
  const float a = 2.5f;
  const int64_t range[1] = {N};
  const int64_t shape[1] = {N};
  int ok = 0;
  size_t i, mismatches = 0;
  char *source = NULL;
  float *x = malloc(N * sizeof(float));
  float *y = malloc(N * sizeof(float));
  float *result = malloc(N * sizeof(float));
  kiln_device_t device = NULL;
  kiln_queue_t queue = NULL;
  kiln_compiler_t compiler = NULL;
  kiln_compile_options_t options;
  kiln_binary_t binary = NULL;
  kiln_executable_t executable = NULL;
  kiln_kernel_t kernel = NULL;
  kiln_buffer_t xbuf = NULL, ybuf = NULL;
  kiln_arg_t args[3];
  kiln_launch_desc_t launch;

  if (argc > 3) {
    fprintf(stderr, "usage: %s SAXPY.PY [DEVICE]\n", argv[0]);
    return 2;
  }
  if (!x || !y || !result) {
    fprintf(stderr, "kiln-c-example: out of memory\n");
    goto cleanup;
  }
  source = read_file(path);
  if (!source) {
    fprintf(stderr, "kiln-c-example: cannot read '%s'\n", path);
    goto cleanup;
  }

  /* Upload random inputs. */
  srand(42);
  for (i = 0; i < N; ++i) {
    x[i] = (float)rand() / (float)RAND_MAX - 0.5f;
    y[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  }
  CHECK(kiln_device_open(selector, &device));
  CHECK(kiln_queue_create(device, &queue));
  CHECK(kiln_buffer_create(device, N * sizeof(float), &xbuf));
  CHECK(kiln_buffer_create(device, N * sizeof(float), &ybuf));
  CHECK(kiln_buffer_write(queue, xbuf, x, N * sizeof(float)));
  CHECK(kiln_buffer_write(queue, ybuf, y, N * sizeof(float)));

  /* saxpy(item, a: float32, x: Array[float32], y: Array[float32]) */
  args[0] = kiln_arg_float32(a);
  args[1] = kiln_arg_array(xbuf, shape, 1, KILN_DTYPE_FLOAT32);
  args[2] = kiln_arg_array(ybuf, shape, 1, KILN_DTYPE_FLOAT32);

  /* Compile for the arguments of the launch, in the binary format the
   * device loads (through the JIT's caches: a second run is a disk hit). */
  CHECK(kiln_compiler_create(&compiler));
  kiln_compile_options_init(&options);
  options.kernel = "saxpy";
  CHECK(kiln_compile_for_arguments(compiler, device, source, path, &options,
                                   args, 3, &binary));
  CHECK(kiln_executable_load(device, binary, &executable));
  CHECK(kiln_kernel_get(executable, "saxpy", &kernel));

  /* One launch, described (kiln_queue_submit is the one launch call):
   * kernel, index space, arguments; KILN_LAUNCH_WAIT returns once the
   * kernel is done, with its error if it failed. */
  kiln_launch_desc_init(&launch);
  launch.kernel = kernel;
  launch.ndim = 1;
  launch.global = range;
  launch.args = args;
  launch.nargs = 3;
  launch.flags = KILN_LAUNCH_WAIT;
  CHECK(kiln_queue_submit(queue, &launch, NULL, 0, NULL));
  CHECK(kiln_buffer_read(queue, ybuf, result, N * sizeof(float)));

  for (i = 0; i < N; ++i) {
    float expected = a * x[i] + y[i];
    if (fabsf(result[i] - expected) > 1e-5f * (1.0f + fabsf(expected))) {
      if (mismatches++ < 5)
        fprintf(stderr, "y[%lu] = %g, expected %g\n", (unsigned long)i,
                (double)result[i], (double)expected);
    }
  }
  if (mismatches == 0) {
    const char *name = NULL;
    CHECK(kiln_device_name(device, &name));
    printf("saxpy (C API) on %s: verified (%d elements, %s)\n", selector, N,
           name);
    ok = 1;
  } else {
    fprintf(stderr, "kiln-c-example: %lu of %d elements differ\n",
            (unsigned long)mismatches, N);
  }

cleanup:
  /* Any order works: handles keep what they depend on alive. */
  kiln_buffer_release(xbuf);
  kiln_buffer_release(ybuf);
  kiln_kernel_release(kernel);
  kiln_executable_release(executable);
  kiln_binary_release(binary);
  kiln_compiler_release(compiler);
  kiln_queue_release(queue);
  kiln_device_release(device);
  free(source);
  free(x);
  free(y);
  free(result);
  return ok ? 0 : 1;
}
