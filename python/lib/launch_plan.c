/*===- launch_plan.c - Event-less launches through a launch plan -*- C -*-===*
 *
 * A Launcher's launches without an event and without a wait list (launch
 * groups, _fastlaunch.py) go through a runtime launch plan
 * (kiln_launch_plan_create/submit, kiln/kiln.h): the queue's and kernel's
 * facts are checked once, when the plan is made at the Launcher's first
 * such launch, instead of at every kiln_queue_submit. Where the loaded
 * library has no plans or the plan cannot be made (its checks are
 * kiln_queue_submit's, which then says what is wrong), the Launcher keeps
 * submitting through kiln_queue_submit.
 *
 *===----------------------------------------------------------------------===*/
#include "launch_ext.h"

typedef void (*PlanDescInitFn)(kiln_launch_plan_desc_t *);
typedef kiln_status_t (*PlanCreateFn)(kiln_queue_t, kiln_kernel_t,
                                      const kiln_launch_plan_desc_t *,
                                      kiln_launch_plan_t *);
typedef kiln_status_t (*PlanSubmitFn)(kiln_launch_plan_t, const kiln_arg_t *,
                                      size_t, const int64_t *, const int64_t *);
typedef void (*PlanReleaseFn)(kiln_launch_plan_t);

/* The loaded library's plan functions (use_library), all or none: a
 * use_library call without them turns plans off. */
static PlanDescInitFn desc_init_fn;
static PlanCreateFn create_fn;
static PlanSubmitFn plan_submit_fn;
static PlanReleaseFn plan_release_fn;

void kiln_use_plans(void *desc_init, void *create, void *submit,
                    void *release) {
  desc_init_fn = (PlanDescInitFn)desc_init;
  create_fn = (PlanCreateFn)create;
  plan_submit_fn = (PlanSubmitFn)submit;
  plan_release_fn = (PlanReleaseFn)release;
}

/* The Launcher's plan, made at its first call (the interpreter lock held:
 * one attempt per Launcher); NULL where there is none. */
static kiln_launch_plan_t plan_of(Launcher *self) {
  if (self->plan_state == 0) {
    self->plan_state = -1;
    if (desc_init_fn && create_fn && plan_submit_fn && plan_release_fn) {
      kiln_launch_plan_desc_t desc;
      desc_init_fn(&desc);
      desc.ndim = self->ndim;
      desc.nd_range = self->nd;
      if (create_fn(self->queue, self->kernel, &desc, &self->plan) ==
              KILN_STATUS_OK &&
          self->plan)
        self->plan_state = 1;
    }
  }
  return self->plan_state == 1 ? self->plan : NULL;
}

int kiln_plan_submit(Launcher *self, const kiln_arg_t *args,
                     const int64_t *global, const int64_t *local,
                     kiln_status_t *status) {
  kiln_launch_plan_t plan = plan_submit_fn ? plan_of(self) : NULL;
  if (!plan)
    return 0;
  Py_BEGIN_ALLOW_THREADS *status = plan_submit_fn(
      plan, args, (size_t)self->nparams, global, self->nd ? local : NULL);
  Py_END_ALLOW_THREADS return 1;
}

void kiln_release_plan(Launcher *self) {
  /* No function: use_library turned plans off since (the tests). */
  if (self->plan_state == 1 && plan_release_fn)
    plan_release_fn(self->plan);
  self->plan = NULL;
  self->plan_state = 0;
}
