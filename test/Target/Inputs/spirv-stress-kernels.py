# Kernels that exercise what LLVM's -O levels and debug mode hand the SPIR-V
# back end: i1 conversions, casts of casts at every width, abs, bit swaps,
# carries and checked multiplications, fill and copy loops (memset/memcpy),
# private and local arrays, atomics and barriers. spirv-stress-opt-levels.test
# compiles them at every -O level and with -g.


@kernel
def conversions(item: Item, c: Array[int32], a: Array[uint32], b: Array[uint64],
                f: Array[float32], d: Array[float64], o: Array[int64]):
    i = item.get_id(0)
    f[i] = -int32(c[i] > 0) + float32(uint8(b[i]) >= a[i])
    d[i] = -int64(c[i] < 0) + float64(int16(c[i]) != 3)
    v = int16(c[i] > 0)
    f[i] += float32(c[i]) / (-v)
    o[i] = int64(int8(b[i])) + int64(uint8(a[i])) + int64(int32(int8(b[i])))
    o[i] += int64(uint16(int8(c[i]))) + int64(int16(uint8(a[i]) > uint8(4)))


@kernel
def integer_tricks(item: Item, a: Array[int32], b: Array[int64],
                   u: Array[uint32], q: Array[uint64], o: Array[int64],
                   r: Array[uint32]):
    i = item.get_id(0)
    o[i] = int64(b[i] < abs(a[i])) + int64(abs(int16(a[i])))
    x = u[i]
    r[i] = (x >> 31) | ((x & 1) << 31)
    s = uint32(0)
    for j in range(32):
        s = (s << 1) | (x & 1)
        x = x >> 1
    r[i] += s
    y = q[i] + uint64(b[i])
    if y < q[i]:
        o[i] += 1
    p = u[i] * uint32(a[i])
    if u[i] != 0:
        if p // u[i] != uint32(a[i]):
            o[i] += 2
    w = q[i] * uint64(b[i])
    if q[i] != 0:
        if w // q[i] != uint64(b[i]):
            o[i] += 4
    o[i] += int64(min(a[i], -a[i])) + int64(max(u[i] >> 3, uint32(7)))


@kernel
def fills(item: Item, a: Array[float32], b: Array[float32], x: Array[int32],
          y: Array[int32], n: int32):
    i = item.get_id(0)
    if i == 0:
        j = 0
        while j < n:
            a[j] = 0.0
            b[j] = a[j + n]
            j += 1
    p = private_array(64, int32)
    for j in range(64):
        p[j] = 0
    for j in range(n):
        p[(i + j) % 64] += x[j]
    q = private_array(32, int32)
    for j in range(32):
        q[j] = p[j]
    y[i] = p[i % 64] + q[(i + 1) % 32]


@kernel
def group_work(it: NdItem, v: Array[int64], acc: Array[int64],
               out: Array[uint8]):
    lacc = local_array(64, int64)
    g = it.get_group()
    lid = it.get_local_id(0)
    lacc[lid % 64] = 0
    group_barrier(g)
    AtomicRef(lacc, lid % 3).fetch_add(v[it.get_global_id(0)])
    group_barrier(g)
    if g.leader():
        acc[g.get_group_id(0)] = lacc[0] + lacc[1] + lacc[2]
    out[it.get_global_id(0)] = uint8(v[it.get_global_id(0)] > lacc[0])
