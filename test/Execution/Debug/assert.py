# REQUIRES: opencl
# RUN: not kiln-run %s -k check -g --range 8 --arg x=@%S/../../Tools/kiln-run/Inputs/iota8.npy 2>&1 | FileCheck %s
# RUN: kiln-run %s -k check --range 8 --arg x=@%S/../../Tools/kiln-run/Inputs/iota8.npy | FileCheck %s --check-prefix=RELEASE
# A failed assert is reported at the next synchronisation in debug mode and
# not checked otherwise (spec §7).
# CHECK: kiln-run: error: kernel 'check': assertion failed at line 13
# RELEASE: ran check over Range(8)


@kernel
def check(item: Item, x: Array[int32]):
    i = item.get_id(0)
    assert x[i] < 5
