"""Devices for compiled launches: `kiln.devices()` lists what the runtime
finds, `kiln.Device(selector)` opens one ("cpu", "cuda:0", "opencl:1",
"level_zero:0", as kiln_device_open and kiln-run take them). One Device
object per device, each with one in-order queue its launches go to. The
default device is the CPU one, as kiln-run's."""

import ctypes
import threading

from . import _capi

DEFAULT_SELECTOR = "cpu"

_lock = threading.Lock()
_opened = {}  # selector given or canonical -> Device


class Device:
    """An opened device: `name`, `backend` ("opencl", "cuda",
    "level_zero"), `type` ("cpu", "gpu", "other"), `selector` (canonical,
    e.g. "opencl:0") and its capabilities."""

    def __new__(cls, selector=DEFAULT_SELECTOR):
        if isinstance(selector, Device):
            return selector
        if not isinstance(selector, str):
            raise TypeError("kiln.Device takes a selector string such as "
                            f"'cpu' or 'cuda:0', got {type(selector).__name__}")
        with _lock:
            device = _opened.get(selector)
            if device is None:
                device = cls._open(selector)
                device = _opened.setdefault(device.selector, device)
                _opened[selector] = device
        return device

    @classmethod
    def _open(cls, selector):
        lib = _capi.lib()
        out = _capi.handle()
        status = lib.kiln_device_open(selector.encode(), ctypes.byref(out))
        if status != _capi.OK:
            error = _capi.fail(status, f"kiln.Device({selector!r})")
            raise ValueError(str(error)) from None
        device = object.__new__(cls)
        device._handle = out
        info = _capi.DeviceInfo(struct_size=ctypes.sizeof(_capi.DeviceInfo))
        _capi.check(lib.kiln_device_info(out, ctypes.byref(info)),
                    f"kiln.Device({selector!r})")
        device._set_info(info)
        device._queue = None
        device._queue_lock = threading.Lock()
        return device

    def _set_info(self, info):
        self.name = info.name.decode()
        self.selector = info.selector.decode()
        self.backend = _capi.BACKENDS[info.backend]
        self.type = _capi.DEVICE_TYPES[info.type]
        self.max_work_group_size = info.max_work_group_size
        self.local_mem_size = info.local_mem_size
        self.sub_group_sizes = tuple(info.sub_group_sizes[i]
                                     for i in range(info.sub_group_size_count))
        self.supports_fp16 = bool(info.supports_fp16)
        self.supports_fp64 = bool(info.supports_fp64)
        self.supports_int64_atomics = bool(info.supports_int64_atomics)
        self.supports_fp64_atomics = bool(info.supports_fp64_atomics)
        self.compute_capability = info.compute_capability
        self.supports_profiling = bool(info.supports_profiling)

    @property
    def queue(self):
        """The device's in-order queue (created on first use)."""
        if self._queue is None:
            with self._queue_lock:
                if self._queue is None:
                    out = _capi.handle()
                    _capi.check(_capi.lib().kiln_queue_create(
                        self._handle, ctypes.byref(out)),
                        f"queue of {self.selector}")
                    self._queue = out
        return self._queue

    def __repr__(self):
        return f"<kiln.Device {self.selector}: {self.name}>"


def devices():
    """Every device of the back ends whose driver is present, as Device
    objects (opened)."""
    lib = _capi.lib()
    listing = _capi.handle()
    _capi.check(lib.kiln_device_list_create(ctypes.byref(listing)),
                "kiln.devices()")
    try:
        count = ctypes.c_size_t()
        _capi.check(lib.kiln_device_list_count(listing, ctypes.byref(count)),
                    "kiln.devices()")
        selectors = []
        for i in range(count.value):
            info = _capi.DeviceInfo(struct_size=ctypes.sizeof(_capi.DeviceInfo))
            _capi.check(lib.kiln_device_list_info(listing, i, ctypes.byref(info)),
                        "kiln.devices()")
            selectors.append(info.selector.decode())
    finally:
        lib.kiln_device_list_release(listing)
    return [Device(s) for s in selectors]


_default = None


def resolve(device):
    """The Device a launch's `device=` names (None: the default)."""
    global _default
    if device is None:
        if _default is None:
            _default = Device(DEFAULT_SELECTOR)
        return _default
    return device if isinstance(device, Device) else Device(device)


class Queue:
    """A queue of a device for compiled launches (`queue=` of call_kernel
    and call_kernel_async): `kiln.Queue(device=None, in_order=True,
    profiling=False)`. Out of order, a launch's commands still run in
    order (they wait for each other); launches wait only for their
    `dependent_events`. A profiling queue gives the launches' events the
    kernel's device timestamps (`profiling_info_start/end`). Events of
    queues of one device can be mixed in `dependent_events`."""

    def __init__(self, device=None, in_order=True, profiling=False):
        self.device = resolve(device)
        self.in_order, self.profiling = bool(in_order), bool(profiling)
        options = _capi.QueueOptions(struct_size=ctypes.sizeof(_capi.QueueOptions),
                                     out_of_order=int(not in_order),
                                     profiling=int(profiling))
        lib = _capi.lib()
        out = _capi.handle()
        status = lib.kiln_queue_create_with_options(
            self.device._handle, ctypes.byref(options), ctypes.byref(out))
        if status != _capi.OK:
            raise ValueError(str(_capi.fail(status, f"kiln.Queue({self.device.selector}, "
                                                    f"in_order={in_order}, "
                                                    f"profiling={profiling})")))
        self._handle = out
        self._lib = lib

    def on(self, device):
        """This queue's device, checking a launch's `device=` names it."""
        if device is not None and resolve(device) is not self.device:
            raise ValueError(f"queue= is a queue of {self.device.selector} but "
                             f"device= is {resolve(device).selector}")
        return self.device

    def __del__(self):
        # Launches keep their queue alive until their host task ran.
        handle = getattr(self, "_handle", None)
        if handle:
            self._lib.kiln_queue_release(handle)

    def __repr__(self):
        order = "in order" if self.in_order else "out of order"
        timed = ", profiling" if self.profiling else ""
        return f"<kiln.Queue {self.device.selector}: {order}{timed}>"
