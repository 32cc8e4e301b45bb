// Peer of bench/kernels/kiln/vector_add.py: c = a + b, one element per
// thread, 64-bit indices and plain (aliasing, not read-only) pointers like
// Kiln's arrays. Launch: block 256, grid ceil(n / 256).
extern "C" __global__ void vector_add(const float *a, const float *b, float *c,
                                      long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
