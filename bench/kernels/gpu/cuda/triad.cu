// Peer of bench/kernels/kiln/triad.py: a = b + s * c, one element per
// thread. Launch: block 256, grid ceil(n / 256).
extern "C" __global__ void triad(float *a, const float *b, const float *c,
                                 float s, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}
