/* CAPIHeaderC99.h - Functions of CAPIHeaderC99.c, for C and C++ callers. */
#ifndef KILN_TEST_CAPI_CAPIHEADERC99_H
#define KILN_TEST_CAPI_CAPIHEADERC99_H

#include "kiln/kiln.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Lists the devices in C: their number and how many have a selector. */
kiln_status_t kiln_c99_count_devices(size_t *count, size_t *with_selector);
/** A generator (compiled as C) that ends at once. */
kiln_launch_generator_t kiln_c99_empty_generator(void);
/** 1 when kiln_queue_options_init gives C the C++ defaults. */
int kiln_c99_default_queue_options(void);
/** kiln_queue_submit from C of `kernel` over `n` work-items with no
 *  arguments, its descriptor's struct_size set to `struct_size` (0: as
 *  kiln_launch_desc_init sets it) and args_source to `args_source`, waiting
 *  for the kernel. */
kiln_status_t kiln_c99_submit(kiln_queue_t queue, kiln_kernel_t kernel,
                              const int64_t *n, size_t struct_size,
                              int args_source);

/** From C: a launch plan of `saxpy` (a, x, y) over `*n` elements, submitted
 *  `launches` times, then a marker waited for; the plan is released. */
kiln_status_t kiln_c99_plan_saxpy(kiln_queue_t queue, kiln_kernel_t saxpy,
                                  float a, kiln_buffer_t x, kiln_buffer_t y,
                                  const int64_t *n, int launches);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* KILN_TEST_CAPI_CAPIHEADERC99_H */
