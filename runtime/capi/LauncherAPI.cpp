//===- LauncherAPI.cpp - Launchers with bound defaults, from C ------------===//
//
// kiln::Launcher and kiln::IterativeLauncher behind kiln_launcher_t. Named
// arguments arrive as parallel arrays of names and kiln_arg_t; the
// iterative launcher's generator is a C callback filling a caller-sized
// kiln_named_args_t. ListLauncher has no C form: a C caller chains its
// commands with wait lists (kiln_buffer_*_async, kiln_launcher_launch), which
// is what ListLauncher does (see docs/embedding.md).
//
//===----------------------------------------------------------------------===//
#include "LaunchCall.h"
#include "StatisticsCall.h"
#include "kiln/runtime/Executable.h"
#include "kiln/runtime/Launcher.h"

using namespace kiln;
using capi::guarded;

struct kiln_launcher {
  Launcher launcher;
  std::vector<std::string> parameters; ///< Backs kiln_launcher_parameter_name.
};

namespace {

/// `n` names and arguments as NamedArgs; errors name the entry.
kiln_status_t toNamedArgs(const char *function, const Kernel &kernel,
                          const char *const *names, const kiln_arg_t *args,
                          size_t n, NamedArgs &out) {
  std::vector<KernelArg> converted;
  if (kiln_status_t s =
          capi::toKernelArgs(function, kernel, args, n, converted))
    return s;
  out.clear();
  for (size_t i = 0; i < n; ++i) {
    if (!names[i])
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(function) + ": name " + std::to_string(i) +
                            " is NULL");
    if (!out.emplace(names[i], converted[i]).second)
      return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                        std::string(function) + ": argument '" + names[i] +
                            "' is given twice");
  }
  return KILN_STATUS_OK;
}

/// The optional index space: none when ndim is 0 and both ranges NULL.
kiln_status_t toOptionalSpace(const char *function, int ndim,
                              const int64_t *global, const int64_t *local,
                              std::optional<IndexSpace> &out) {
  out.reset();
  if (ndim == 0 && !global && !local)
    return KILN_STATUS_OK;
  if (!global)
    return capi::nullArgument(function, "global");
  IndexSpace space = Range{1};
  if (kiln_status_t s =
          capi::toIndexSpace(function, ndim, global, local, space))
    return s;
  out = std::move(space);
  return KILN_STATUS_OK;
}

StatusCode toStatusCode(kiln_status_t status) {
  switch (status) {
  case KILN_STATUS_INVALID_ARGUMENT:
    return StatusCode::InvalidArgument;
  case KILN_STATUS_NOT_FOUND:
    return StatusCode::NotFound;
  case KILN_STATUS_UNAVAILABLE:
    return StatusCode::Unavailable;
  case KILN_STATUS_DATA_LOSS:
    return StatusCode::DataLoss;
  case KILN_STATUS_UNIMPLEMENTED:
    return StatusCode::Unimplemented;
  default:
    return StatusCode::Internal;
  }
}

/// The C generator as an IterativeLauncher::Generator. `names` and `args`
/// are the callback's storage, reused by every iteration.
IterativeLauncher::Generator wrapGenerator(const Kernel &kernel,
                                           kiln_launch_generator_t generator,
                                           void *userData, size_t maxArgs) {
  auto names = std::make_shared<std::vector<const char *>>(maxArgs);
  auto args = std::make_shared<std::vector<kiln_arg_t>>(maxArgs);
  return [&kernel, generator, userData, maxArgs, names,
          args](size_t iteration) -> StatusOr<std::optional<NamedArgs>> {
    kiln_named_args_t out{maxArgs, 0, names->data(), args->data()};
    int done = 0;
    kiln_status_t status = generator(userData, iteration, &out, &done);
    if (status != KILN_STATUS_OK)
      return Status(toStatusCode(status),
                    std::string("the generator returned ") +
                        kiln_status_name(status));
    if (done)
      return std::optional<NamedArgs>();
    if (out.count > maxArgs)
      return invalidArgument(
          "the generator produced " + std::to_string(out.count) +
          " arguments, max_args is " + std::to_string(maxArgs));
    NamedArgs named;
    if (toNamedArgs("generator", kernel, names->data(), args->data(), out.count,
                    named) != KILN_STATUS_OK)
      return invalidArgument(kiln_last_error_message());
    return std::optional<NamedArgs>(std::move(named));
  };
}

} // namespace

extern "C" {

kiln_status_t kiln_launcher_create(const char *name, kiln_kernel_t kernel,
                                   kiln_queue_t queue, int ndim,
                                   const int64_t *global, const int64_t *local,
                                   const char *const *bound_names,
                                   const kiln_arg_t *bound_args, size_t nbound,
                                   kiln_launcher_t *out) {
  KILN_CAPI_REQUIRE(out);
  *out = nullptr;
  KILN_CAPI_REQUIRE(name);
  KILN_CAPI_REQUIRE(kernel);
  if (nbound != 0) {
    KILN_CAPI_REQUIRE(bound_names);
    KILN_CAPI_REQUIRE(bound_args);
  }
  const char *function = __func__;
  return guarded(function, [&] {
    std::optional<IndexSpace> space;
    NamedArgs bound;
    if (kiln_status_t s = toOptionalSpace(function, ndim, global, local, space))
      return s;
    if (kiln_status_t s = toNamedArgs(function, *kernel->kernel, bound_names,
                                      bound_args, nbound, bound))
      return s;
    auto launcher =
        Launcher::create(name, kernel->kernel, queue ? queue->queue : nullptr,
                         std::move(space), std::move(bound));
    if (!launcher.ok())
      return capi::fromStatus(launcher.status());
    std::vector<std::string> parameters = launcher->parameters();
    *out = new kiln_launcher{std::move(*launcher), std::move(parameters)};
    return capi::succeed();
  });
}

kiln_status_t kiln_launcher_parameter_count(kiln_launcher_t launcher,
                                            size_t *out) {
  KILN_CAPI_REQUIRE(launcher);
  KILN_CAPI_REQUIRE(out);
  *out = launcher->parameters.size();
  return capi::succeed();
}

kiln_status_t kiln_launcher_parameter_name(kiln_launcher_t launcher,
                                           size_t index, const char **out) {
  KILN_CAPI_REQUIRE(launcher);
  KILN_CAPI_REQUIRE(out);
  if (index >= launcher->parameters.size())
    return capi::fail(KILN_STATUS_INVALID_ARGUMENT,
                      std::string(__func__) + ": index " +
                          std::to_string(index) + " is out of range (" +
                          std::to_string(launcher->parameters.size()) +
                          " parameters)");
  *out = launcher->parameters[index].c_str();
  return capi::succeed();
}

kiln_status_t kiln_launcher_launch(kiln_launcher_t launcher,
                                   const char *const *names,
                                   const kiln_arg_t *args, size_t nargs,
                                   const kiln_event_t *wait, size_t nwait,
                                   kiln_queue_t queue, int ndim,
                                   const int64_t *global, const int64_t *local,
                                   kiln_event_t *out_event) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(launcher);
  if (nargs != 0) {
    KILN_CAPI_REQUIRE(names);
    KILN_CAPI_REQUIRE(args);
  }
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  const char *function = __func__;
  return guarded(function, [&] {
    std::optional<IndexSpace> space;
    NamedArgs named;
    EventList waitFor;
    const Kernel &kernel = *launcher->launcher.kernel();
    if (kiln_status_t s = toOptionalSpace(function, ndim, global, local, space))
      return s;
    if (kiln_status_t s =
            toNamedArgs(function, kernel, names, args, nargs, named))
      return s;
    if (kiln_status_t s = capi::toEventList(function, wait, nwait, waitFor))
      return s;
    auto event = launcher->launcher(named, waitFor,
                                    queue ? queue->queue : nullptr, space);
    if (!event.ok())
      return capi::fromStatus(event.status());
    *out_event = new kiln_event{std::move(*event)};
    return capi::succeed();
  });
}

kiln_status_t kiln_launcher_launch_iterative(
    kiln_launcher_t launcher, kiln_launch_generator_t generator,
    void *user_data, size_t max_args, const char *const *names,
    const kiln_arg_t *args, size_t nargs, const kiln_event_t *wait,
    size_t nwait, kiln_event_t *out_event, size_t *out_iterations) {
  KILN_CAPI_REQUIRE(out_event);
  *out_event = nullptr;
  KILN_CAPI_REQUIRE(out_iterations);
  *out_iterations = 0;
  KILN_CAPI_REQUIRE(launcher);
  KILN_CAPI_REQUIRE(generator);
  if (nargs != 0) {
    KILN_CAPI_REQUIRE(names);
    KILN_CAPI_REQUIRE(args);
  }
  if (nwait != 0)
    KILN_CAPI_REQUIRE(wait);
  const char *function = __func__;
  return guarded(function, [&] {
    NamedArgs named;
    EventList waitFor;
    const Kernel &kernel = *launcher->launcher.kernel();
    if (kiln_status_t s =
            toNamedArgs(function, kernel, names, args, nargs, named))
      return s;
    if (kiln_status_t s = capi::toEventList(function, wait, nwait, waitFor))
      return s;
    // A copy of the launcher shares its statistics (Launcher's collector
    // is a shared_ptr), so iterations show in kiln_launcher_statistics.
    IterativeLauncher iterative(
        launcher->launcher,
        wrapGenerator(kernel, generator, user_data, max_args));
    auto event = iterative(named, waitFor);
    *out_iterations = iterative.lastIterationCount();
    if (!event.ok())
      return capi::fromStatus(event.status());
    *out_event = new kiln_event{std::move(*event)};
    return capi::succeed();
  });
}

kiln_status_t kiln_launcher_statistics(kiln_launcher_t launcher,
                                       kiln_kernel_statistics_t *out) {
  KILN_CAPI_REQUIRE(launcher);
  KILN_CAPI_REQUIRE(out);
  return guarded(__func__, [&] {
    *out = capi::toCStatistics(launcher->launcher.statistics());
    return capi::succeed();
  });
}

void kiln_launcher_release(kiln_launcher_t launcher) { delete launcher; }

} // extern "C"
