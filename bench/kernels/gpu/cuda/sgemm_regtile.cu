// Peer of bench/kernels/kiln/sgemm_regtile.py: a block of 16 x 16 threads
// computes a 64 x 64 tile of c = a @ b, each thread 4 x 4 outputs in
// registers (rows ty + 16 r, columns tx + 16 q of the tile); 64 x 16 tiles
// of a and 16 x 64 tiles of b go through shared memory. Needs n, m
// multiples of 64 and k a multiple of 16. Launch: block (16, 16), grid
// (m / 64, n / 64).
#define BM 64
#define BN 64
#define BK 16
#define TM 4
#define TN 4
#define WX (BN / TN)
#define WY (BM / TM)
#define THREADS (WX * WY)

extern "C" __global__ void sgemm_regtile(const float *a, const float *b,
                                         float *c, long long n, long long k,
                                         long long m) {
  __shared__ float ta[BM][BK];
  __shared__ float tb[BK][BN];
  int ty = threadIdx.y, tx = threadIdx.x;
  int lid = ty * WX + tx;
  long long row0 = (long long)blockIdx.y * BM;
  long long col0 = (long long)blockIdx.x * BN;
  float acc[TM][TN];
  float af[TM], bf[TN];
  for (int r = 0; r < TM; ++r)
    for (int q = 0; q < TN; ++q)
      acc[r][q] = 0.0f;
  for (long long t = 0; t < k; t += BK) {
    for (int p = 0; p < BM * BK / THREADS; ++p) {
      int e = lid + THREADS * p;
      ta[e / BK][e % BK] = a[(row0 + e / BK) * k + t + e % BK];
      tb[e / BN][e % BN] = b[(t + e / BN) * m + col0 + e % BN];
    }
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk) {
      for (int r = 0; r < TM; ++r)
        af[r] = ta[ty + WY * r][kk];
      for (int q = 0; q < TN; ++q)
        bf[q] = tb[kk][tx + WX * q];
      for (int r = 0; r < TM; ++r)
        for (int q = 0; q < TN; ++q)
          acc[r][q] += af[r] * bf[q];
    }
    __syncthreads();
  }
  for (int r = 0; r < TM; ++r)
    for (int q = 0; q < TN; ++q)
      c[(row0 + ty + WY * r) * m + col0 + tx + WX * q] = acc[r][q];
}
