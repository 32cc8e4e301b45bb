"""Launching the nvcc-compiled peers (cuda/*.cu -> .cubin) from Python:
ctypes over the CUDA driver API (libcuda.so.1), in the primary context
that PyTorch and Kiln's CUDA driver also use, on PyTorch's current stream.
Arguments are PyTorch tensors (passed as device pointers), or ctypes
scalars (c_int64, c_float) for scalars, in the kernel's parameter order.
profiler_start/profiler_stop bound what `ncu --profile-from-start off`
profiles (bench_gpu.py --profile).
"""
import ctypes


class CudaError(RuntimeError):
    pass


class CudaDriver:
    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")
        self._check("cuInit", ctypes.c_uint(0))
        self.cu.cuLaunchKernel.argtypes = [
            ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]

    def _check(self, function, *args):
        status = getattr(self.cu, function)(*args)
        if status != 0:
            name = ctypes.c_char_p()
            self.cu.cuGetErrorName(status, ctypes.byref(name))
            raise CudaError("%s failed: %s" % (
                function, name.value.decode() if name.value else status))

    def load(self, cubin_path, kernel_name):
        """Function `kernel_name` of a cubin, loaded in the current context
        (call after PyTorch has initialised CUDA)."""
        module = ctypes.c_void_p()
        self._check("cuModuleLoad", ctypes.byref(module),
                    str(cubin_path).encode())
        function = ctypes.c_void_p()
        self._check("cuModuleGetFunction", ctypes.byref(function), module,
                    kernel_name.encode())
        return function

    def prepare(self, function, grid, block, args, stream):
        """A callable doing one cuLaunchKernel of `function` with `grid` and
        `block` as (x, y, z) tuples (padded with 1) on the CUstream handle
        `stream`; the parameter array is built once."""
        grid = tuple(grid) + (1,) * (3 - len(grid))
        block = tuple(block) + (1,) * (3 - len(block))
        values = [ctypes.c_void_p(a.data_ptr()) if hasattr(a, "data_ptr")
                  else a for a in args]
        params = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
        stream = ctypes.c_void_p(stream)

        def launch():
            self._check("cuLaunchKernel", function, *grid, *block, 0, stream,
                        params, None)
            launch.count += 1
        launch.keep_alive = values
        launch.count = 0  # cuLaunchKernel calls made (bench_gpu --profile)
        return launch

    def profiler_start(self):
        """cuProfilerStart: ncu --profile-from-start off profiles the
        kernels launched from here to profiler_stop (a no-op without a
        profiler)."""
        self._check("cuProfilerStart")

    def profiler_stop(self):
        self._check("cuProfilerStop")
