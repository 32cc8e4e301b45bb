"""Triton peers of the elementwise jobs and of softmax, written the way the
Triton tutorials write them (block of 1024 elements; one program per row
with the row in one block). Imported only on the GPU machine."""
import triton
import triton.language as tl

BLOCK = 1024


@triton.jit
def _vector_add(a, b, c, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(a + offsets, mask=mask)
    y = tl.load(b + offsets, mask=mask)
    tl.store(c + offsets, x + y, mask=mask)


@triton.jit
def _triad(a, b, c, s, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(b + offsets, mask=mask)
    y = tl.load(c + offsets, mask=mask)
    tl.store(a + offsets, x + s * y, mask=mask)


@triton.jit
def _softmax(x, y, m, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < m
    v = tl.load(x + row * m + cols, mask=mask, other=-float("inf"))
    e = tl.exp(v - tl.max(v, axis=0))
    tl.store(y + row * m + cols, e / tl.sum(e, axis=0), mask=mask)


def vector_add(a, b, c):
    n = a.numel()
    _vector_add[(triton.cdiv(n, BLOCK),)](a, b, c, n, BLOCK=BLOCK)


def triad(a, b, c, s):
    n = a.numel()
    _triad[(triton.cdiv(n, BLOCK),)](a, b, c, s, n, BLOCK=BLOCK)


def softmax(x, y):
    n, m = x.shape
    block = triton.next_power_of_2(m)
    warps = 4 if block <= 1024 else 8 if block <= 4096 else 16
    _softmax[(n,)](x, y, m, BLOCK=block, num_warps=warps)

