# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_shuffle_bool.py:7:25: error: 'shuffle' does not accept bool values; convert to an integer first, as in int32(x)
# Sub-group shuffles take non-bool scalars (docs/language.md §11).
@kernel
def k(it: NdItem, out: Array[int32]):
    sg = it.get_sub_group()
    out[0] = sg.shuffle(out[1] > 0, 0)
