# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Launch bounds (docs/language.md §2.3): positive integer constants below
# 2**31, min_work_groups_per_cu only with max_work_group_size.
# CHECK: {{.*}}err_kernel_launch_bounds.py:15:29: error: 'max_work_group_size' must be a positive integer constant (at most 2147483647), not 0
# CHECK: {{.*}}err_kernel_launch_bounds.py:19:29: error: 'max_work_group_size' must be a positive integer constant (at most 2147483647), not -64
# CHECK: {{.*}}err_kernel_launch_bounds.py:23:29: error: 'max_work_group_size' must be a positive integer constant (at most 2147483647)
# CHECK-NOT: 23:29
# CHECK: {{.*}}err_kernel_launch_bounds.py:27:57: error: 'min_work_groups_per_cu' must be a positive integer constant (at most 2147483647)
# CHECK: {{.*}}err_kernel_launch_bounds.py:31:29: error: 'max_work_group_size' must be a positive integer constant (at most 2147483647), not 2147483648
# CHECK: {{.*}}err_kernel_launch_bounds.py:35:9: error: 'min_work_groups_per_cu' needs 'max_work_group_size'
# CHECK: {{.*}}err_kernel_launch_bounds.py:39:14: error: unknown @device_func argument 'max_work_group_size'
# CHECK-NOT: error
HALF = 0.5

@kernel(max_work_group_size=0)
def zero(it: NdItem, x: Array[float32]):
    x[0] = 1.0

@kernel(max_work_group_size=-64)
def negative(it: NdItem, x: Array[float32]):
    x[0] = 1.0

@kernel(max_work_group_size=256.0)
def not_integer(it: NdItem, x: Array[float32]):
    x[0] = 1.0

@kernel(max_work_group_size=256, min_work_groups_per_cu=HALF)
def module_float(it: NdItem, x: Array[float32]):
    x[0] = 1.0

@kernel(max_work_group_size=2**31)
def too_large(it: NdItem, x: Array[float32]):
    x[0] = 1.0

@kernel(min_work_groups_per_cu=2)
def min_alone(it: NdItem, x: Array[float32]):
    x[0] = 1.0

@device_func(max_work_group_size=256)
def helper(x: float32) -> float32:
    return x
