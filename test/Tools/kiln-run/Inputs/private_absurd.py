@kernel
def k(item: Item, a: Array[float32]):
    p = private_array(268435456, float32)
    p[0] = 1.0
    a[item.get_id(0)] = p[0]
