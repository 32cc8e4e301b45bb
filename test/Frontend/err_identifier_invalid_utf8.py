# RUN: %python -c "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().replace(b'BAD1', b'x\xff\xfey').replace(b'BAD2', b'b\xc3'))" %s > %t.py
# RUN: not kilnc %t.py 2>&1 | FileCheck %s
# Python decodes a source file as UTF-8 before tokenizing and rejects it
# when that fails; an identifier with malformed UTF-8 (a lone 0xFF, a
# truncated two-byte sequence) is an error at the first bad byte, once per
# identifier. Well-formed non-ASCII names (café) are fine.

# CHECK: .py:[[@LINE+8]]:6: error: invalid UTF-8 in identifier (byte 0xFF)
# CHECK: .py:[[@LINE+8]]:6: error: invalid UTF-8 in identifier (byte 0xC3)
# CHECK-NOT: café
# CHECK-NOT: error:
@kernel
def k(item: Item, a: Array[int64]):
    i = item.get_id(0)
    café = 2
    BAD1 = 1
    BAD2 = 3
    a[i] = café
