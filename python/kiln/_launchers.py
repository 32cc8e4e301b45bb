"""hysop-style launchers over the runtime's (kiln_launcher_*, LauncherAPI.cpp):
`kiln.Launcher(kernel, index_space, **defaults)` binds a kernel to an index
space, a queue and default arguments by parameter name, and takes the
other arguments by name at each call; `launcher.iterate(iterations)`
launches once per iteration (kiln_launcher_launch_iterative), each after
the one before; `kiln.ListLauncher` runs launchers one after the other.
Calls never wait: each returns (host_event, device_event) as
call_kernel_async does. `statistics()` folds in the device times of the
completed launches of a profiling queue.

NumPy arrays, bound or given, are copied to the device for each call and
the written ones back after it (as call_kernel copies them); within one
`iterate` call an array is copied once, before the first iteration, and
back after the last, so iterations see each other's results. Scalars and
local accessors bound as defaults are bound in the runtime's launcher."""

import collections
import ctypes

from . import _arguments, _capi, _compiled, _devices, _host_tasks
from ._annotations import LocalAccessor
from ._decorators import Kernel
from ._errors import KernelError
from ._index import Item, NdItem
from ._ranges import NdRange, Range

Statistics = collections.namedtuple(
    "Statistics", "count total_ns min_ns max_ns mean_ns")


def _work_item_names(kernel):
    """The parameters that take arguments: all but an annotated work-item
    or an unannotated first parameter (numba-dpex's `def k(item, ...)`)."""
    params = _arguments.parameters(kernel)
    if params and (params[0].annotation in (Item, NdItem)
                   or params[0].annotation is None):
        params = params[1:]
    return [p.name for p in params]


def _space_arrays(space):
    if isinstance(space, NdRange):
        return (len(space.global_range),
                (ctypes.c_int64 * 3)(*space.global_range),
                (ctypes.c_int64 * 3)(*space.local_range))
    return space.ndim, (ctypes.c_int64 * 3)(*space), None


class _SharedUploads:
    """The `launch` packers upload through during one iterate() call: one
    device buffer per distinct array, copied back once if any iteration
    may write it."""

    def __init__(self, launch):
        self.launch, self.buffers = launch, {}

    def upload(self, array, writes=True):
        entry = self.buffers.get(id(array))
        if entry is None:
            entry = self.buffers[id(array)] = [self.launch.upload(array, writes),
                                               writes]
        elif writes and not entry[1]:
            entry[1] = True
            self.launch.reads.append((entry[0], array, array.nbytes))
        return entry[0]

    def upload_view(self, array, writes=True):
        # The launch keeps one buffer per span of views (and copies it back
        # once) already.
        return self.launch.upload_view(array, writes)


class Launcher:
    """`Launcher(kernel, index_space=None, *, device=None, queue=None,
    name=None, **defaults)`; call it as `launcher(dependent_events=(),
    index_space=None, **args)`."""

    def __init__(self, kernel, index_space=None, *, device=None, queue=None,
                 name=None, **defaults):
        if not isinstance(kernel, Kernel):
            raise TypeError("kiln.Launcher takes a @kiln.kernel function, got "
                            f"{type(kernel).__name__}")
        self.kernel, self.name = kernel, name or kernel.__name__
        self._names = _work_item_names(kernel)
        self._check_names(defaults, "default")
        self._check_space(index_space)
        self.index_space, self.defaults = index_space, dict(defaults)
        self.device = _devices.resolve(device) if queue is None else queue.on(device)
        self.queue = queue
        self._handles = {}  # _Specialization -> (kiln_launcher_t, bound names)
        self._lib = None

    def _check_names(self, args, what):
        for name in args:
            if name not in self._names:
                raise TypeError(f"kiln.Launcher '{self.name}': {what} argument "
                                f"'{name}' is not a parameter of kernel "
                                f"'{self.kernel.__name__}' "
                                f"({', '.join(self._names)})")

    def _check_space(self, space):
        if space is not None and not isinstance(space, (Range, NdRange)):
            raise TypeError(f"kiln.Launcher '{self.name}': the index space must "
                            f"be a kiln.Range or kiln.NdRange, got "
                            f"{type(space).__name__}")

    def parameters(self):
        """The parameters each call must give (those without a default)."""
        return [n for n in self._names if n not in self.defaults]

    def _arguments(self, args):
        self._check_names(args, "an")
        for name in args:
            if name in self.defaults:
                raise TypeError(f"kiln.Launcher '{self.name}': argument "
                                f"'{name}' is bound as a default already")
        named = dict(self.defaults, **args)
        missing = [n for n in self._names if n not in named]
        if missing:
            raise TypeError(f"kiln.Launcher '{self.name}': missing argument(s) "
                            f"{', '.join(repr(n) for n in missing)}")
        return [named[n] for n in self._names]

    def _space(self, index_space):
        self._check_space(index_space)
        space = index_space or self.index_space
        if space is None:
            raise TypeError(f"kiln.Launcher '{self.name}' has no index space: "
                            "give one to the constructor or the call")
        return space

    def _handle(self, spec):
        """The runtime launcher of one specialization: the scalars and
        local accessors among the defaults bound in it."""
        entry = self._handles.get(spec)
        if entry is not None:
            return entry
        self._lib = lib = _capi.lib()
        bound = [j for j, i in enumerate(spec.positions)
                 if self._names[i] in self.defaults
                 and not hasattr(spec.packers[j], "writes")]  # not an array
        names = (ctypes.c_char_p * max(len(bound), 1))(
            *[self._names[spec.positions[j]].encode() for j in bound])
        args = (_capi.Arg * max(len(bound), 1))()
        for k, j in enumerate(bound):
            value = self.defaults[self._names[spec.positions[j]]]
            spec.packers[j](value, args[k], None)
        ndim, global_, local = (_space_arrays(self.index_space)
                                if self.index_space else (0, None, None))
        out = _capi.handle()
        queue = self.queue._handle if self.queue else self.device.queue
        status = lib.kiln_launcher_create(
            self.name.encode(), spec.kernel, queue, ndim, global_, local, names,
            args, len(bound), ctypes.byref(out))
        if status != _capi.OK:
            raise ValueError(str(_capi.fail(status, f"kiln.Launcher '{self.name}'")))
        entry = self._handles[spec] = (out, frozenset(bound))
        return entry

    def _prepare(self, index_space, args, dependent_events):
        """The specialization, the runtime launcher and a Launch holding
        the call's buffers."""
        space = self._space(index_space)
        values = self._arguments(args)
        spec = _compiled.specialization(self.kernel, space, values, self.device)
        handle, bound = self._handle(spec)
        launch = _compiled.new_launch(self.device, values, dependent_events,
                                      self.queue)
        launch.group_views(values)  # strided views of one array share a buffer
        return space, values, spec, handle, bound, launch

    def _pack(self, spec, bound, values, uploads):
        """Names and kiln_arg_t of the arguments not bound in the runtime."""
        given = [j for j in range(len(spec.positions)) if j not in bound]
        names = (ctypes.c_char_p * max(len(given), 1))(
            *[self._names[spec.positions[j]].encode() for j in given])
        args = (_capi.Arg * max(len(given), 1))()
        for k, j in enumerate(given):
            spec.packers[j](values[spec.positions[j]], args[k], uploads)
        return names, args, len(given)

    def _space_override(self, index_space):
        return _space_arrays(index_space) if index_space else (0, None, None)

    def __call__(self, dependent_events=(), index_space=None, **args):
        space, values, spec, handle, bound, launch = self._prepare(
            index_space, args, dependent_events)
        try:
            names, cargs, n = self._pack(spec, bound, values, launch)
            wait, nwait = launch._kernel_wait()
            ndim, global_, local = self._space_override(index_space)
            event = _capi.handle()
            status = self._lib.kiln_launcher_launch(
                handle, names, cargs, n, wait, nwait, None, ndim, global_,
                local, ctypes.byref(event))
        except BaseException:
            launch.finish()
            raise
        return self._submitted(launch, status, event, "launch")

    def iterate(self, iterations, dependent_events=(), **args):
        """Launches once per item of `iterations` (dicts of arguments by
        name, besides `args` and the defaults; read before the first
        launch), each after the one before; returns the last launch's
        events."""
        iterations = [dict(i) for i in iterations]
        if not iterations:
            raise ValueError(f"kiln.Launcher '{self.name}': iterate() needs at "
                             "least one iteration")
        for i, extra in enumerate(iterations):
            for name in extra:
                if name in args:
                    raise TypeError(f"kiln.Launcher '{self.name}': iteration "
                                    f"{i} gives '{name}', given to iterate() too")
        first = dict(args, **iterations[0])
        space, values, spec, handle, bound, launch = self._prepare(
            None, first, dependent_events)
        try:
            uploads = _SharedUploads(launch)
            common = self._pack(spec, set(bound) | self._positions_of(spec, iterations[0]),
                                values, uploads)
            steps = [self._iteration(spec, args, extra, uploads, i)
                     for i, extra in enumerate(iterations)]
            event, status = self._run_iterative(handle, common, steps, launch)
        except BaseException:
            launch.finish()
            raise
        return self._submitted(launch, status, event, "iterative launch")

    def _positions_of(self, spec, names):
        return {j for j, i in enumerate(spec.positions) if self._names[i] in names}

    def _iteration(self, spec, common, extra, uploads, i):
        """(names, kiln_arg_t) of iteration `i`'s own arguments; its types
        must give the first iteration's specialization."""
        values = self._arguments(dict(common, **extra))
        other = _compiled.specialization(self.kernel, self._space(None), values,
                                         self.device)
        if other is not spec:
            raise TypeError(f"kiln.Launcher '{self.name}': iteration {i}'s "
                            "arguments have other types than the first's")
        own = [j for j in self._positions_of(spec, extra)]
        names = [self._names[spec.positions[j]].encode() for j in own]
        args = (_capi.Arg * max(len(own), 1))()
        for k, j in enumerate(own):
            spec.packers[j](values[spec.positions[j]], args[k], uploads)
        return names, args

    def _run_iterative(self, handle, common, steps, launch):
        failure = []

        def generate(user, iteration, out, done):
            try:
                if iteration >= len(steps):
                    done[0] = 1
                    return _capi.OK
                names, args = steps[iteration]
                out[0].count = len(names)
                for k, name in enumerate(names):
                    out[0].names[k] = name
                    out[0].args[k] = args[k]
                return _capi.OK
            except BaseException as exc:  # never raise through C
                failure.append(exc)
                return _capi.INVALID_ARGUMENT

        callback = _capi.GENERATOR(generate)
        names, cargs, n = common
        wait, nwait = launch._kernel_wait()
        event, count = _capi.handle(), ctypes.c_size_t()
        status = self._lib.kiln_launcher_launch_iterative(
            handle, callback, None, max(len(s[0]) for s in steps), names, cargs,
            n, wait, nwait, ctypes.byref(event), ctypes.byref(count))
        if failure:
            raise failure[0]
        return event, status

    def _submitted(self, launch, status, event, what):
        if status != _capi.OK:
            error = _capi.fail(status, f"kiln.Launcher '{self.name}': {what}")
            launch.finish()
            raise (ValueError if status == _capi.INVALID_ARGUMENT
                   else KernelError)(str(error))
        launch.after_kernel(event)
        _host_tasks.track(launch)
        return _host_tasks.events(launch)

    def statistics(self):
        """Device time of this launcher's completed launches, in ns
        (profiling queues only: elsewhere the count stays 0)."""
        total = Statistics(0, 0, 0, 0, 0.0)
        for handle, _ in self._handles.values():
            s = _capi.KernelStatistics()
            _capi.check(self._lib.kiln_launcher_statistics(handle, ctypes.byref(s)),
                        f"kiln.Launcher '{self.name}' statistics")
            total = _combine(total, s)
        return total

    def __del__(self):
        for handle, _ in getattr(self, "_handles", {}).values():
            self._lib.kiln_launcher_release(handle)

    def __repr__(self):
        return f"<kiln.Launcher {self.name} on {self.device.selector}>"


def _combine(total, s):
    if not s.count:
        return total
    count, ns = total.count + s.count, total.total_ns + s.total_ns
    low = min(total.min_ns, s.min_ns) if total.count else s.min_ns
    return Statistics(count, ns, low, max(total.max_ns, s.max_ns), ns / count)


class ListLauncher:
    """Launchers run in order, each after the one before (the runtime's
    ListLauncher, which has no C form: this chains the launches' events).
    `add(launcher, **args)`, then `run(dependent_events=())`."""

    def __init__(self, name="list"):
        self.name, self._steps = name, []

    def add(self, launcher, **args):
        if not isinstance(launcher, Launcher):
            raise TypeError(f"kiln.ListLauncher '{self.name}': add() takes a "
                            f"kiln.Launcher, got {type(launcher).__name__}")
        launcher._check_names(args, "an")
        self._steps.append((launcher, args))
        return self

    def __len__(self):
        return len(self._steps)

    def run(self, dependent_events=()):
        """Submits every step; returns the last step's events."""
        if not self._steps:
            raise ValueError(f"kiln.ListLauncher '{self.name}' has no steps")
        events = list(dependent_events)
        for launcher, args in self._steps:
            host, device = launcher(events, **args)
            events = [device]
        return host, device

    def statistics(self):
        """{launcher name: Statistics} of the steps' completed launches."""
        out = {}
        for launcher, _ in self._steps:
            out[launcher.name] = launcher.statistics()
        return out
