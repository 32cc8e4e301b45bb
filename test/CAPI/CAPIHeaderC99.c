/* CAPIHeaderC99.c - kiln/kiln.h as a C99 program sees it.
 *
 * Built with -std=c99 -pedantic -Werror, so a C++-only construct in the
 * header fails the build. The functions use the growable structs and the
 * callback type the way a C embedder does; CAPIDeviceInfoTest checks their
 * results against the C++-compiled calls.
 */
#include "kiln/kiln.h"

#include "CAPIHeaderC99.h"

kiln_status_t kiln_c99_count_devices(size_t *count, size_t *with_selector) {
  kiln_device_list_t list = NULL;
  kiln_device_info_t info;
  size_t i;
  kiln_status_t status = kiln_device_list_create(&list);
  if (status != KILN_STATUS_OK)
    return status;
  *with_selector = 0;
  status = kiln_device_list_count(list, count);
  for (i = 0; status == KILN_STATUS_OK && i < *count; ++i) {
    kiln_device_info_init(&info);
    status = kiln_device_list_info(list, i, &info);
    if (status == KILN_STATUS_OK && info.selector && info.selector[0])
      ++*with_selector;
  }
  kiln_device_list_release(list);
  return status;
}

static kiln_status_t no_iteration(void *user_data, size_t iteration,
                                  kiln_named_args_t *out, int *done) {
  (void)user_data;
  (void)iteration;
  (void)out;
  *done = 1;
  return KILN_STATUS_OK;
}

kiln_launch_generator_t kiln_c99_empty_generator(void) { return no_iteration; }

int kiln_c99_default_queue_options(void) {
  kiln_queue_options_t options;
  kiln_queue_options_init(&options);
  return options.struct_size == sizeof(options) && !options.out_of_order &&
         !options.profiling;
}

kiln_status_t kiln_c99_submit(kiln_queue_t queue, kiln_kernel_t kernel,
                              const int64_t *n, size_t struct_size,
                              int args_source) {
  kiln_launch_desc_t desc;
  kiln_launch_desc_init(&desc);
  if (struct_size != 0)
    desc.struct_size = struct_size;
  desc.kernel = kernel;
  desc.ndim = 1;
  desc.global = n;
  /* As a C caller may: any int in the enum's storage. */
  desc.args_source = (kiln_launch_args_t)args_source;
  desc.flags = KILN_LAUNCH_WAIT;
  return kiln_queue_submit(queue, &desc, NULL, 0, NULL);
}

kiln_status_t kiln_c99_plan_saxpy(kiln_queue_t queue, kiln_kernel_t saxpy,
                                  float a, kiln_buffer_t x, kiln_buffer_t y,
                                  const int64_t *n, int launches) {
  kiln_launch_plan_desc_t desc;
  kiln_launch_plan_t plan = NULL;
  kiln_arg_t args[3];
  kiln_event_t done = NULL;
  kiln_status_t status;
  int i;
  kiln_launch_plan_desc_init(&desc);
  status = kiln_launch_plan_create(queue, saxpy, &desc, &plan);
  if (status != KILN_STATUS_OK)
    return status;
  args[0] = kiln_arg_float32(a);
  args[1] = kiln_arg_array(x, n, 1, KILN_DTYPE_FLOAT32);
  args[2] = kiln_arg_array(y, n, 1, KILN_DTYPE_FLOAT32);
  for (i = 0; i < launches && status == KILN_STATUS_OK; ++i)
    status = kiln_launch_plan_submit(plan, args, 3, n, NULL);
  kiln_launch_plan_release(plan);
  if (status != KILN_STATUS_OK)
    return status;
  status = kiln_queue_marker(queue, &done);
  if (status != KILN_STATUS_OK)
    return status;
  status = kiln_event_wait(done);
  kiln_event_release(done);
  return status;
}
