"""numba-dpex-style kernel for Kiln: AtomicRef.compare_exchange with
numba-dpex's signature (issue 12 item 10). Work-items race to claim slots;
each slot's first claimant wins, the others learn who won through their
element of `expected`.

Only the two Kiln import lines differ from numba-dpex usage
(`import numba_dpex as dpex`, `from numba_dpex import kernel_api as kapi`).
"""
import dpnp

import kiln as dpex
from kiln import kernel_api as kapi


@dpex.kernel
def claim_slots(item: kapi.Item, owner, expected, won):
    i = item.get_id(0)
    slot = i % owner.shape[0]
    ref = kapi.AtomicRef(owner, slot)
    if ref.compare_exchange(expected, i, expected_idx=i):
        won[i] = 1


if __name__ == "__main__":
    n, slots = 64, 5
    owner = dpnp.full(slots, -1, dtype=dpnp.int64)
    expected = dpnp.full(n, -1, dtype=dpnp.int64)
    won = dpnp.zeros(n, dtype=dpnp.int32)
    dpex.call_kernel(claim_slots, kapi.Range(n), owner, expected, won)
    print(owner, won.sum())
