# REQUIRES: opencl
# RUN: not --crash kiln-run %s -k oob_store --range 64 --arg x=zeros:64 2>&1 | FileCheck %s
# RUN: env KILN_SIGNAL_HANDLERS=0 not --crash kiln-run %s -k oob_store --range 64 --arg x=zeros:64 2>&1 | FileCheck %s --check-prefix=OFF
# RUN: not kiln-run %s -k oob_store -g --range 64 --arg x=zeros:64 2>&1 | FileCheck %s --check-prefix=DEBUG
# A store 4 TiB past the array traps on a PoCL worker thread: the process
# still dies of SIGSEGV (`not --crash`), and first says which kernel was
# in flight where (docs/runtime.md, "Kernel faults on in-process
# devices"); KILN_SIGNAL_HANDLERS=0 leaves it silent. Debug mode (-g),
# which the message suggests, reports the access instead of performing it.
# CHECK: kiln: fatal SIGSEGV (invalid memory access at 0x{{[0-9a-f]+}}) while kernel 'oob_store' was in flight on device 'opencl:{{[0-9]+}}' (opencl: {{.+}}); the process ends. Compile with debug mode (-g) to find out-of-bounds accesses.
# OFF-NOT: kiln: fatal
# DEBUG: kiln-run: error: kernel 'oob_store': out-of-bounds access at line 18


@kernel
def oob_store(item: Item, x: Array[float32]):
    i = item.get_id(0)
    x[i + (1 << 40)] = 1.0
