"""`kernel.inspect(stage)`: the code of a kernel's compiled
specializations at each stage: the kiln dialect and LLVM IR
(kiln_compile_stage_for_arguments, compiled again for the purpose), PTX
and SPIR-V (the device code)."""

import ctypes

from . import _capi
from . import _compiled

_STAGES = ("kiln", "llvm", "spirv", "spirv-binary", "ptx")


def inspect(kernel, stage):
    """{signature: text} of `stage` for every specialization of `kernel`
    compiled so far ("kiln": the kiln dialect; "llvm": the optimised LLVM
    IR of the device's target; "ptx": PTX for CUDA; "spirv": SPIR-V
    disassembled by spirv-dis; "spirv-binary": the SPIR-V words as
    bytes)."""
    if stage not in _STAGES:
        raise ValueError(f"stage {stage!r}: the stages are "
                         f"{', '.join(_STAGES)}")
    out = {}
    for spec in kernel.__dict__.get("_dispatch", {}).values():
        if stage in ("kiln", "llvm"):
            out[spec.signature] = _stage_text(spec, stage)
            continue
        runs_ptx = spec.device.backend == "cuda"
        if runs_ptx == (stage == "ptx"):
            code = spec.binary  # what the device runs
        else:  # the other target's code for the same request (PTX: sm_90)
            code = _compile_for_target(spec, _capi.TARGET_PTX if stage == "ptx"
                                       else _capi.TARGET_SPIRV)
        out[spec.signature] = code.decode() if stage == "ptx" else (
            code if stage == "spirv-binary" else _disassemble(code))
    return out


def _compile_for_target(spec, target):
    text, filename, options, compile_args = spec.request
    copy = _capi.CompileOptions.from_buffer_copy(options)
    copy.target = target
    binary = _capi.handle()
    _capi.check(_capi.compiler_lib().kiln_compile_for_arguments(
        _compiled.compiler(), None, text.encode(), filename.encode(),
        ctypes.byref(copy), compile_args, len(compile_args),
        ctypes.byref(binary)), "inspect")
    try:
        data, size = ctypes.c_void_p(), ctypes.c_size_t()
        _capi.check(_capi.lib().kiln_binary_data(binary, ctypes.byref(data),
                                          ctypes.byref(size)), "inspect")
        return ctypes.string_at(data, size.value)
    finally:
        _capi.lib().kiln_binary_release(binary)


def _stage_text(spec, stage):
    """The kiln dialect or LLVM IR of the specialization's request, for its
    device's target."""
    lib = _capi.compiler_lib()
    text, filename, options, compile_args = spec.request
    out = ctypes.c_void_p()
    _capi.check(lib.kiln_compile_stage_for_arguments(
        _compiled.compiler(), spec.device._handle, text.encode(),
        filename.encode(), ctypes.byref(options), compile_args,
        len(compile_args),
        _capi.STAGE_KILN if stage == "kiln" else _capi.STAGE_LLVM_IR,
        ctypes.byref(out)), f"inspect({stage!r})")
    try:
        return ctypes.string_at(out.value).decode()
    finally:
        lib.kiln_text_release(out)


def _disassemble(words):
    import shutil
    import subprocess
    tool = shutil.which("spirv-dis")
    if tool is None:
        raise RuntimeError("inspect('spirv') needs spirv-dis (SPIRV-Tools); "
                           "inspect('spirv-binary') returns the words")
    return subprocess.run([tool, "-", "-o", "-"], input=words, check=True,
                          capture_output=True).stdout.decode()
