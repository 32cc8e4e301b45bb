# A kernel with 1 MiB of private memory per work-item.
@kernel
def scratch(item: Item, a: Array[float32]):
    i = item.get_id(0)
    p = private_array(262144, float32)
    j = 0
    while j < 262144:
        p[j] = float32(i + j)
        j += 1
    a[i] = p[262143] - p[0]
