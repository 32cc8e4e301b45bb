# lit configuration for Kiln. Test files: .py kernel modules, .mlir dialect
# tests and .test scripts. Features gate what needs a device or a tool:
#   ptxas  - CUDA's ptxas is installed (every PTX test runs it)
#   opencl - an OpenCL CPU device (PoCL) is present; tests use --device cpu
#   cuda   - a CUDA driver and GPU are present (GPU machine only)
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
