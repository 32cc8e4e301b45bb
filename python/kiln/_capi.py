"""The C APIs of Kiln's runtime and compiler (kiln/kiln.h,
kiln/kiln_compiler.h) through ctypes, from two libraries
(python/CMakeLists.txt): libkiln.so, the runtime (no LLVM), and
libkiln_python.so, the compiler, linked against that libkiln.so.

Why ctypes and not a C extension: the package must run on any CPython
(the GPU machine's 3.12, Debian's 3.11 here) without a build per
interpreter, and a launch makes one foreign call (kiln_queue_submit) with
a struct built in Python; docs/python.md has the measured overhead.

The runtime is loaded on first use (`lib()`), not at `import kiln`; the
compiler (`compiler_lib()`, it brings LLVM and MLIR, about 30 ms) only
when a kernel must be compiled: a launch the package's disk-cache index
knows (_diskindex.py) never loads it. Each is found at its variable
($KILN_RUNTIME_LIBRARY, $KILN_PYTHON_LIBRARY), else next to this file (the
build's copies, build/python/kiln), else in the build folder of the source
tree ($KILN_BUILD_DIR, else <checkout>/build). The compiler library must be
built against the runtime library loaded (its dependency on libkiln.so.N
is met by the one loaded first)."""

import ctypes
import os
import threading

MAX_RANK = 8

# kiln_status_t
OK, INVALID_ARGUMENT, NOT_FOUND, UNAVAILABLE = 0, 1, 2, 3
COMPILE_ERROR = 7
# kiln_arg_kind_t
ARG_SCALAR, ARG_ARRAY, ARG_LOCAL_ACCESSOR = 1, 2, 3
# kiln_target_t, kiln_launch_space_t, kiln_backend_t
TARGET_PTX, TARGET_SPIRV = 0, 1
SPACE_RANGE, SPACE_ND_RANGE = 1, 2
BACKENDS = {0: "opencl", 1: "cuda", 2: "level_zero", 3: "host"}
DEVICE_TYPES = {0: "cpu", 1: "gpu", 2: "other"}
# kiln_event_state_t
EVENT_PENDING, EVENT_COMPLETE, EVENT_FAILED = 0, 1, 2
# kiln_access_t, kiln_compile_stage_t
ACCESS_READ_ONLY, ACCESS_WRITE = 0, 1
STAGE_KILN, STAGE_LLVM_IR = 0, 1
# kiln_launch_desc_t flags
LAUNCH_WAIT, LAUNCH_HOST_EVENT, LAUNCH_NO_EVENT = 0x1, 0x2, 0x4
# kiln_dtype_t, in kiln::DType's order
DTYPES = {name: i for i, name in enumerate(
    ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
     "uint64", "float16", "float32", "float64", "bfloat16", "complex64",
     "complex128"])}

handle = ctypes.c_void_p


class Arg(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("dtype", ctypes.c_int),
                ("value", ctypes.c_ubyte * 16), ("buffer", handle),
                ("rank", ctypes.c_int), ("shape", ctypes.c_int64 * MAX_RANK),
                # kiln_arg_strided_array's: strides and offset in elements.
                ("strided", ctypes.c_int),
                ("strides", ctypes.c_int64 * MAX_RANK),
                ("offset", ctypes.c_int64)]


class LaunchDesc(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("kernel", handle),
                ("ndim", ctypes.c_int), ("global_", ctypes.POINTER(ctypes.c_int64)),
                ("local", ctypes.POINTER(ctypes.c_int64)),
                ("args_source", ctypes.c_int), ("args", ctypes.POINTER(Arg)),
                ("nargs", ctypes.c_size_t), ("packed", ctypes.c_void_p),
                ("packed_size", ctypes.c_size_t), ("argument_block", handle),
                ("argument_block_offset", ctypes.c_uint64),
                ("options", ctypes.c_void_p), ("flags", ctypes.c_uint32)]


class LaunchEvents(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("device", handle),
                ("programmatic", handle), ("launch_completion", handle),
                ("host", handle)]


class CompileOptions(ctypes.Structure):
    _fields_ = [("target", ctypes.c_int), ("arch", ctypes.c_char_p),
                ("opt_level", ctypes.c_int), ("kernel", ctypes.c_char_p),
                ("launch_rank", ctypes.c_int), ("numba_typing", ctypes.c_int),
                ("signature", ctypes.c_char_p), ("launch_space", ctypes.c_int)]


class DeviceInfo(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("name", ctypes.c_char_p),
                ("selector", ctypes.c_char_p), ("backend", ctypes.c_int),
                ("type", ctypes.c_int), ("max_work_group_size", ctypes.c_size_t),
                ("local_mem_size", ctypes.c_size_t),
                ("sub_group_sizes", ctypes.POINTER(ctypes.c_uint32)),
                ("sub_group_size_count", ctypes.c_size_t),
                ("supports_sub_groups", ctypes.c_int),
                ("supports_fp16", ctypes.c_int), ("supports_fp64", ctypes.c_int),
                ("supports_int64_atomics", ctypes.c_int),
                ("supports_fp64_atomics", ctypes.c_int),
                ("compute_capability", ctypes.c_uint),
                ("supports_out_of_order_queues", ctypes.c_int),
                ("supports_profiling", ctypes.c_int),
                ("supports_device_addresses", ctypes.c_int),
                ("supports_shared_virtual_memory", ctypes.c_int)]


class Diagnostic(ctypes.Structure):
    """kiln_diagnostic_t (kiln_compiler.h): struct_size says which fields
    the library may fill, so it needs no entry in the size check."""
    _fields_ = [("struct_size", ctypes.c_size_t), ("severity", ctypes.c_int),
                ("file", ctypes.c_char_p), ("line", ctypes.c_uint),
                ("column", ctypes.c_uint), ("message", ctypes.c_char_p),
                ("source_line", ctypes.c_char_p), ("text", ctypes.c_char_p)]


class QueueOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("out_of_order", ctypes.c_int),
                ("profiling", ctypes.c_int)]


class KernelStatistics(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint64), ("total_ns", ctypes.c_uint64),
                ("min_ns", ctypes.c_uint64), ("max_ns", ctypes.c_uint64),
                ("mean_ns", ctypes.c_double)]


class NamedArgs(ctypes.Structure):
    _fields_ = [("capacity", ctypes.c_size_t), ("count", ctypes.c_size_t),
                ("names", ctypes.POINTER(ctypes.c_char_p)),
                ("args", ctypes.POINTER(Arg))]


# kiln_launch_generator_t
GENERATOR = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t,
                             ctypes.POINTER(NamedArgs), ctypes.POINTER(ctypes.c_int))


# Every function used: name -> (argument types). All return kiln_status_t
# but for those in _RESTYPES.
_S, _P, _I, _Z = ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
_PH = ctypes.POINTER(handle)
_SIGNATURES = {
    "kiln_last_error_message": (),
    "kiln_status_name": (_I,),
    "kiln_python_struct_sizes": (ctypes.POINTER(_Z), _Z),
    "kiln_device_open": (_S, _PH),
    "kiln_device_info": (handle, ctypes.POINTER(DeviceInfo)),
    "kiln_device_release": (handle,),
    "kiln_device_list_create": (_PH,),
    "kiln_device_list_count": (handle, ctypes.POINTER(_Z)),
    "kiln_device_list_info": (handle, _Z, ctypes.POINTER(DeviceInfo)),
    "kiln_device_list_release": (handle,),
    "kiln_queue_create": (handle, _PH),
    "kiln_queue_finish": (handle,),
    "kiln_queue_marker": (handle, _PH),
    "kiln_queue_release": (handle,),
    "kiln_buffer_create": (handle, _Z, _PH),
    "kiln_buffer_release": (handle,),
    # Device arrays (_array.py).
    "kiln_buffer_wrap": (handle, ctypes.c_uint64, _Z, _PH),
    "kiln_buffer_device_address": (handle, ctypes.POINTER(ctypes.c_uint64)),
    "kiln_buffer_read": (handle, handle, _P, _Z),
    "kiln_buffer_write": (handle, handle, _P, _Z),
    "kiln_buffer_fill": (handle, handle, _P, _Z, _Z, _Z, _PH, _Z, _PH),
    "kiln_queue_native_handle": (handle, ctypes.POINTER(_P)),
    "kiln_buffer_write_async": (handle, handle, _Z, _P, _Z, _PH, _Z, _PH),
    "kiln_buffer_read_async": (handle, handle, _Z, _P, _Z, _PH, _Z, _PH),
    "kiln_binary_data": (handle, ctypes.POINTER(_P), ctypes.POINTER(_Z)),
    "kiln_binary_release": (handle,),
    "kiln_binary_read_memory": (_P, _Z, _PH),
    "kiln_compile_last_cache_key": (),
    "kiln_diagnostic_init": (ctypes.POINTER(Diagnostic),),
    "kiln_compile_last_diagnostic_count": (),
    "kiln_compile_last_diagnostic": (_Z, ctypes.POINTER(Diagnostic)),
    "kiln_executable_load": (handle, handle, _PH),
    "kiln_executable_release": (handle,),
    "kiln_kernel_get": (handle, _S, _PH),
    "kiln_kernel_param_count": (handle, ctypes.POINTER(_Z)),
    "kiln_kernel_param_info": (handle, _Z, ctypes.POINTER(_S), ctypes.POINTER(_I),
                               ctypes.POINTER(_I), ctypes.POINTER(_I)),
    "kiln_kernel_release": (handle,),
    "kiln_queue_submit": (handle, ctypes.POINTER(LaunchDesc), _PH, _Z,
                          ctypes.POINTER(LaunchEvents)),
    "kiln_event_wait": (handle,),
    "kiln_event_state": (handle, ctypes.POINTER(_I)),
    "kiln_event_release": (handle,),
    "kiln_compile_options_init": (ctypes.POINTER(CompileOptions),),
    "kiln_compiler_create": (_PH,),
    "kiln_compile_for_arguments": (handle, handle, _S, _S,
                                   ctypes.POINTER(CompileOptions),
                                   ctypes.POINTER(Arg), _Z, _PH),
    # Access, stages, queues, profiling and launchers.
    "kiln_kernel_param_access": (handle, _Z, ctypes.POINTER(_I)),
    "kiln_compile_stage_for_arguments": (handle, handle, _S, _S,
                                         ctypes.POINTER(CompileOptions),
                                         ctypes.POINTER(Arg), _Z, _I,
                                         ctypes.POINTER(_P)),
    "kiln_text_release": (_P,),
    "kiln_queue_create_with_options": (handle, ctypes.POINTER(QueueOptions), _PH),
    "kiln_event_profiling_times": (handle, ctypes.POINTER(ctypes.c_uint64),
                                   ctypes.POINTER(ctypes.c_uint64)),
    "kiln_launcher_create": (_S, handle, handle, _I, _P, _P,
                             ctypes.POINTER(_S), ctypes.POINTER(Arg), _Z, _PH),
    "kiln_launcher_parameter_count": (handle, ctypes.POINTER(_Z)),
    "kiln_launcher_parameter_name": (handle, _Z, ctypes.POINTER(_S)),
    "kiln_launcher_launch": (handle, ctypes.POINTER(_S), ctypes.POINTER(Arg), _Z,
                             _PH, _Z, handle, _I, _P, _P, _PH),
    "kiln_launcher_launch_iterative": (handle, GENERATOR, _P, _Z,
                                       ctypes.POINTER(_S), ctypes.POINTER(Arg),
                                       _Z, _PH, _Z, _PH, ctypes.POINTER(_Z)),
    "kiln_launcher_statistics": (handle, ctypes.POINTER(KernelStatistics)),
    "kiln_launcher_release": (handle,),
}
_RESTYPES = {"kiln_last_error_message": _S, "kiln_status_name": _S,
             "kiln_compile_last_cache_key": _S,
             "kiln_diagnostic_init": None,
             "kiln_compile_last_diagnostic_count": _Z,
             "kiln_python_struct_sizes": _Z, "kiln_device_release": None,
             "kiln_device_list_release": None, "kiln_queue_release": None,
             "kiln_buffer_release": None, "kiln_binary_release": None,
             "kiln_executable_release": None, "kiln_kernel_release": None,
             "kiln_event_release": None, "kiln_compile_options_init": None,
             "kiln_text_release": None, "kiln_launcher_release": None}
_OUR_SIZES = (Arg, LaunchDesc, LaunchEvents, CompileOptions, DeviceInfo)
# What libkiln_python.so defines; the rest is libkiln.so's.
_COMPILER = {"kiln_python_struct_sizes", "kiln_compile_options_init",
             "kiln_compiler_create", "kiln_compile_for_arguments",
             "kiln_compile_stage_for_arguments", "kiln_text_release",
             "kiln_compile_last_cache_key", "kiln_diagnostic_init",
             "kiln_compile_last_diagnostic_count",
             "kiln_compile_last_diagnostic"}

_lock = threading.Lock()
_lib = None
_compiler_lib = None


class LibraryError(RuntimeError):
    """libkiln_python.so is missing or does not match this package."""


class CError(RuntimeError):
    """A C API call failed; `status` is the kiln_status_t name."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def _candidates(variable="KILN_PYTHON_LIBRARY", name="libkiln_python.so"):
    explicit = os.environ.get(variable)
    if explicit:
        return [explicit]
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.environ.get("KILN_BUILD_DIR") or os.path.join(
        os.path.dirname(os.path.dirname(here)), "build")
    return [os.path.join(here, name),
            os.path.join(build, "python", "kiln", name)]


def _find(variable, name, target):
    paths = _candidates(variable, name)
    path = next((p for p in paths if os.path.exists(p)), None)
    if path is None:
        raise LibraryError(
            f"compiled launches need {name}, which is not at "
            + " or ".join(paths) + f": build it (kbuild {target}, or "
            f"bash scripts/kiln.sh run) or set {variable}; "
            "device='python' runs the simulator without it")
    return path


def compiler_library_path():
    """Where libkiln_python.so is (found as compiler_lib() finds it, not
    loaded); None when it is nowhere."""
    paths = _candidates()
    return next((p for p in paths if os.path.exists(p)), None)


def _bind(lib, names):
    for name in names:
        func = getattr(lib, name)
        func.argtypes = _SIGNATURES[name]
        func.restype = _RESTYPES.get(name, ctypes.c_int)


def _load():
    path = _find("KILN_RUNTIME_LIBRARY", "libkiln.so", "kiln-python-runtime")
    lib = ctypes.CDLL(path)
    _bind(lib, [n for n in _SIGNATURES if n not in _COMPILER])
    return lib


def _load_compiler():
    lib()  # first: it is the libkiln.so.N the compiler library links
    path = _find("KILN_PYTHON_LIBRARY", "libkiln_python.so", "kiln_python_lib")
    lib_ = ctypes.CDLL(path)
    _bind(lib_, _COMPILER)
    sizes = (ctypes.c_size_t * 8)()
    count = lib_.kiln_python_struct_sizes(sizes, 8)
    ours = [ctypes.sizeof(s) for s in _OUR_SIZES]
    if list(sizes[:count]) != ours:
        raise LibraryError(f"{path} does not match the kiln package (struct "
                           f"sizes {list(sizes[:count])}, the package's {ours}): "
                           "rebuild it from the same checkout")
    return lib_


def lib():
    """libkiln.so: the runtime's C API."""
    global _lib
    if _lib is None:
        with _lock:
            if _lib is None:
                _lib = _load()
    return _lib


def compiler_lib():
    """libkiln_python.so: the compiler's C API (loads LLVM and MLIR)."""
    global _compiler_lib
    if _compiler_lib is None:
        lib()
        with _lock:
            if _compiler_lib is None:
                _compiler_lib = _load_compiler()
    return _compiler_lib


def last_message():
    """The message of the last failed call on this thread."""
    message = lib().kiln_last_error_message()
    return message.decode("utf-8", "replace") if message else ""


def fail(status, what):
    """The exception for a failed call: the runtime's message, else the
    status's name."""
    message = last_message()
    name = lib().kiln_status_name(status).decode()
    return CError(name, f"{what}: {message or name}")


def check(status, what):
    if status != OK:
        raise fail(status, what)
