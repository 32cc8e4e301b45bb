# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# CHECK: {{.*}}err_group_broadcast_id.py:7:41: error: the local linear id of 'group_broadcast' must be an integer, got 'float32'
# group_broadcast's local linear id must be an integer (spec §6).
@kernel
def k(it: NdItem, out: Array[float32]):
    g = it.get_group()
    out[0] = group_broadcast(g, out[1], 1.5)
