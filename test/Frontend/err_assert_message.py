# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_assert_message.py:5:19: error: assert messages are not supported (a failed assert reports its kernel and line)
@kernel
def k(item: Item, n: int32):
    assert n > 0, "n must be positive"
