// Peer of bench/kernels/kiln/int_division.py: Python's floor division and
// modulo written the way a CUDA programmer would, without the zero-divisor
// guard (the suite's divisors are never 0): C's truncating / and %, then
// the floor fix-up when the remainder's sign differs from the divisor's.
// Launch: block 256, ceil(n / 256) blocks.
extern "C" __global__ void int_division(const int *a, const int *b, int *out,
                                        long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = a[i], d = b[i], acc = 0;
  for (int k = 0; k < 16; ++k) {
    int dk = d + k;
    int q = x / dk, r = x % dk;
    if (r != 0 && ((r ^ dk) < 0)) {
      q -= 1;
      r += dk;
    }
    // Wrapping as in the Kiln kernel (signed overflow is undefined in C).
    acc = (int)((unsigned)acc + (unsigned)q + (unsigned)r);
    x = (int)((unsigned)x * 3u + 1u);
  }
  out[i] = acc;
}
