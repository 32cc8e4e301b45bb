# lit configuration for Kiln. Test files: .py kernel modules, .mlir dialect
# tests and .test scripts. Features gate what needs a device or a tool:
#   ptxas  - CUDA's ptxas is installed (every PTX test runs it)
#   opencl - an OpenCL CPU device (PoCL) is present; tests use --device cpu
#   cuda   - a CUDA driver and GPU are present (GPU machine only)
#   host   - the native CPU device (--device host) is in this runtime
#   asan, ubsan - Kiln is built with AddressSanitizer / UndefinedBehavior-
#            Sanitizer (scripts/sanitize.sh, docs/reliability.md)
import os
import shutil
import subprocess

import lit.formats

config.name = "Kiln"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kiln_obj_root, "test")

path = [config.kiln_tools_dir, config.llvm_tools_dir,
        os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
for var in ("HOME", "TMPDIR", "OCL_ICD_VENDORS", "POCL_DEVICES",
            "POCL_CACHE_DIR", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# kiln-run and the C API compile through the JIT's disk cache by default:
# the tests keep theirs in the build tree, not in the user's home.
config.environment["KILN_CACHE_DIR"] = os.path.join(config.test_exec_root,
                                                    "kiln-cache")
config.substitutions.append(("%python", config.python_with_numpy))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%examples", os.path.join(config.kiln_src_root, "examples")))

ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
if shutil.which("spirv-val"):
    config.available_features.add("spirv-val")


def probe(device):
    """Asks kiln-run whether `device` can be opened (exit 0) on this machine."""
    tool = os.path.join(config.kiln_tools_dir, "kiln-run")
    if not os.path.exists(tool):
        return False
    try:
        result = subprocess.run([tool, "--probe-device", "--device", device],
                                capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


if probe("cpu"):
    config.available_features.add("opencl")
if probe("cuda"):
    config.available_features.add("cuda")
# host - the native CPU device (runtime/drivers/host; issue 20, stage 1)
if probe("host"):
    config.available_features.add("host")


def sanitizers():
    """The sanitizers of the build's -fsanitize= flags (scripts/sanitize.sh)."""
    # Site configs written by hand (scripts/gpu-check.sh) set no flags.
    flags = (getattr(config, "kiln_cxx_flags", "") + " " +
             getattr(config, "kiln_exe_linker_flags", "")).split()
    return sorted({name for flag in flags if flag.startswith("-fsanitize=")
                   for name in flag[len("-fsanitize="):].split(",")})


def sanitizer_runtime(library):
    """The path of the compiler's shared sanitizer runtime `library`."""
    try:
        result = subprocess.run(
            [config.kiln_cxx_compiler, "-print-file-name=" + library],
            capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = result.stdout.strip()
    return path if os.path.isabs(path) and os.path.exists(path) else None


# Programs built outside Kiln's build link its instrumented libraries and
# need the same sanitizer runtimes: %sanitize_flags is the build's
# -fsanitize= flag (empty in a normal build). A program not built with
# AddressSanitizer that loads libkiln.so (Python through ctypes) must load
# ASan's runtime first: %sanitizer_preload is `env LD_PRELOAD=<libasan>`
# in an ASan build (the GCC runtime the build links), empty otherwise.
config.sanitizers = sanitizers()
if "address" in config.sanitizers:
    config.available_features.add("asan")
if "undefined" in config.sanitizers:
    config.available_features.add("ubsan")
sanitize_flags = ("-fsanitize=" + ",".join(config.sanitizers)
                  if config.sanitizers else "")
config.substitutions.append(("%sanitize_flags", sanitize_flags))
preload = sanitizer_runtime("libasan.so") if "address" in config.sanitizers else None
config.substitutions.append(
    ("%sanitizer_preload", "env LD_PRELOAD=" + preload if preload else ""))
