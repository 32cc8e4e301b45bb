// Peer of examples/sgemm_best.py, the same algorithm as a CUDA programmer
// writes it: a block of 16 x 16 threads computes a 128 x 128 tile of
// c = a @ b, each thread 8 x 8 outputs in registers (rows 4 ty + i and
// 64 + 4 ty + i, columns 4 tx + j and 64 + 4 tx + j of the tile, i, j < 4).
// Per step of 8 along k, a 128 x 8 tile of a (transposed, rows padded by 4
// words) and an 8 x 128 tile of b sit in shared memory, read as float4;
// the tiles are double-buffered (the next tile's global loads go into
// registers before the current tile's FMAs, one __syncthreads per step).
// Global loads are scalar, as in the Kiln kernel. Needs n, m multiples of
// 128 and k a positive multiple of 8. Launch: block (16, 16), grid
// (m / 128, n / 128).
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
#define WX 16
#define THREADS 256
#define LOADS (BM * BK / THREADS)
#define APAD (BM + 4)

struct Tiles {
  float a[2][BK][APAD];
  float b[2][BK][BN];
};

__device__ __forceinline__ void loadTiles(const float *a, const float *b,
                                          long long k, long long m,
                                          long long row0, long long col0,
                                          long long t, int lid, float *pa,
                                          float *pb) {
#pragma unroll
  for (int p = 0; p < LOADS; ++p) {
    int e = lid + THREADS * p;
    pa[p] = a[(row0 + e / BK) * k + t + e % BK];
    pb[p] = b[(t + e / BN) * m + col0 + e % BN];
  }
}

__device__ __forceinline__ void storeTiles(Tiles &s, int buf, int lid,
                                           const float *pa, const float *pb) {
#pragma unroll
  for (int p = 0; p < LOADS; ++p) {
    int e = lid + THREADS * p;
    s.a[buf][e % BK][e / BK] = pa[p];
    s.b[buf][e / BN][e % BN] = pb[p];
  }
}

__device__ __forceinline__ void multiplyTile(const Tiles &s, int buf, int ty,
                                             int tx, float (&acc)[TM][TN]) {
#pragma unroll
  for (int kk = 0; kk < BK; ++kk) {
    float4 a0 = *reinterpret_cast<const float4 *>(&s.a[buf][kk][4 * ty]);
    float4 a1 =
        *reinterpret_cast<const float4 *>(&s.a[buf][kk][BM / 2 + 4 * ty]);
    float4 b0 = *reinterpret_cast<const float4 *>(&s.b[buf][kk][4 * tx]);
    float4 b1 =
        *reinterpret_cast<const float4 *>(&s.b[buf][kk][BN / 2 + 4 * tx]);
    float af[TM] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
    float bf[TN] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
      for (int j = 0; j < TN; ++j)
        acc[i][j] += af[i] * bf[j];
  }
}

// No __launch_bounds__: Kiln's kernel says nothing of its block size either
// (ptxas gives both up to 255 registers; each uses 130-150).
extern "C" __global__ void sgemm_best(const float *a, const float *b, float *c,
                                      long long n, long long k, long long m) {
  __shared__ __align__(16) Tiles s;
  int ty = threadIdx.y, tx = threadIdx.x;
  int lid = ty * WX + tx;
  long long row0 = (long long)blockIdx.y * BM;
  long long col0 = (long long)blockIdx.x * BN;
  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      acc[i][j] = 0.0f;
  float pa[LOADS], pb[LOADS];
  loadTiles(a, b, k, m, row0, col0, 0, lid, pa, pb);
  storeTiles(s, 0, lid, pa, pb);
  __syncthreads();
  int cur = 0;
  for (long long t = BK; t < k; t += BK) {
    loadTiles(a, b, k, m, row0, col0, t, lid, pa, pb);
    multiplyTile(s, cur, ty, tx, acc);
    storeTiles(s, 1 - cur, lid, pa, pb);
    __syncthreads();
    cur = 1 - cur;
  }
  multiplyTile(s, cur, ty, tx, acc);
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      c[(row0 + (i / 4) * (BM / 2) + 4 * ty + i % 4) * m + col0 +
        (j / 4) * (BN / 2) + 4 * tx + j % 4] = acc[i][j];
}
