// Peer of bench/kernels/kiln/sgemm_tiled.py: c (n x m) = a (n x k) @
// b (k x m) with 16 x 16 shared tiles, one output per thread (column =
// threadIdx.x). Launch: block (16, 16), grid (ceil(m / 16), ceil(n / 16)).
#define TILE 16

extern "C" __global__ void sgemm_tiled(const float *a, const float *b, float *c,
                                       long long n, long long k, long long m) {
  __shared__ float ta[TILE][TILE];
  __shared__ float tb[TILE][TILE];
  int lr = threadIdx.y, lc = threadIdx.x;
  long long row = (long long)blockIdx.y * TILE + lr;
  long long col = (long long)blockIdx.x * TILE + lc;
  float acc = 0.0f;
  for (long long t = 0; t < k; t += TILE) {
    ta[lr][lc] = row < n && t + lc < k ? a[row * k + t + lc] : 0.0f;
    tb[lr][lc] = t + lr < k && col < m ? b[(t + lr) * m + col] : 0.0f;
    __syncthreads();
    for (int kk = 0; kk < TILE; ++kk)
      acc += ta[lr][kk] * tb[kk][lc];
    __syncthreads();
  }
  if (row < n && col < m)
    c[row * m + col] = acc;
}
