# RUN: not kilnc %s --emit=kiln 2>&1 | FileCheck %s
# Group.leader() needs the work-item's local id, which a Group parameter
# does not carry.
# CHECK: {{.*}}err_group_leader_param.py:7:14: error: 'leader()' needs the work-item the group was obtained from: call it on 'nd_item.get_group()' (a 'Group' parameter does not carry it)
@device_func
def f(g: Group) -> bool:
    return g.leader()
