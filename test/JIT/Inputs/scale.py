# A generic kernel (x untyped, reps a Constant) for the artifact tests:
# kilnc --signature "scale:x=Array[float32],reps=3" --emit-artifact
@kernel
def scale(item: Item, x, s: float32, reps: Constant[int32]):
    i = item.get_id(0)
    for r in range(reps):
        x[i] = x[i] * s
