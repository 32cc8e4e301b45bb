// Peer of examples/sgemm_best.py, the same algorithm as a CUDA programmer
// writes it: a block of 16 x 16 threads (8 warps of 32 consecutive linear
// ids) computes a 128 x 128 tile of c = a @ b. Warp tiling: the warps form
// a 4 x 2 grid of 32 x 64 warp tiles; lane l sits at (l / 8, l % 8) of a
// 4 x 8 grid in its warp tile and keeps 8 x 8 outputs in registers, rows
// 16 h + 4 (l / 8) + i and columns 32 g + 4 (l % 8) + j of the warp tile
// (h, g < 2; i, j < 4). Per step of 8 along k, a 128 x 8 tile of a
// (transposed, rows padded by 4 words) and an 8 x 128 tile of b sit in
// shared memory, read as float4; the tiles are double-buffered (the next
// tile's global loads go into registers at the top of a step and are
// stored into the other buffer halfway through the current tile's FMAs,
// one __syncthreads per step), and so are the fragments, in registers (the
// float4s of kk + 1 are read before the FMAs of kk). Copies: 8 threads per
// 32-byte row of a, rows 32 apart; a warp per row of b, 32 consecutive
// elements per load from one pointer (b[t + lid / 32][col0 + lid % 32 +
// 32 p]). Global loads are scalar, as in the Kiln kernel. Needs n, m
// multiples of 128 and k a positive multiple of 8. Launch: block (16, 16),
// grid (m / 128, n / 128).
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
#define WX 16
#define THREADS 256
#define LOADS (BM * BK / THREADS)
#define A_ROWS (THREADS / BK)
#define B_SPLIT (BN / LOADS)
#define APAD (BM + 4)
#define WM 32
#define WN 64

struct Tiles {
  float a[2][BK][APAD];
  float b[2][BK][BN];
};

__device__ __forceinline__ void loadTiles(const float *a, const float *b,
                                          long long k, long long m,
                                          long long row0, long long col0,
                                          long long t, int lid, float *pa,
                                          float *pb) {
  const float *pB = b + (t + lid / B_SPLIT) * m + col0 + lid % B_SPLIT;
#pragma unroll
  for (int p = 0; p < LOADS; ++p) {
    pa[p] = a[(row0 + lid / BK + A_ROWS * p) * k + t + lid % BK];
    pb[p] = pB[B_SPLIT * p];
  }
}

__device__ __forceinline__ void storeTiles(Tiles &s, int buf, int lid,
                                           const float *pa, const float *pb) {
#pragma unroll
  for (int p = 0; p < LOADS; ++p) {
    s.a[buf][lid % BK][lid / BK + A_ROWS * p] = pa[p];
    s.b[buf][lid / B_SPLIT][lid % B_SPLIT + B_SPLIT * p] = pb[p];
  }
}

__device__ __forceinline__ void loadFragments(const Tiles &s, int buf, int kk,
                                              int arow, int bcol, float *af,
                                              float *bf) {
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    float4 v =
        *reinterpret_cast<const float4 *>(&s.a[buf][kk][arow + WM / 2 * h]);
    af[4 * h] = v.x;
    af[4 * h + 1] = v.y;
    af[4 * h + 2] = v.z;
    af[4 * h + 3] = v.w;
  }
#pragma unroll
  for (int g = 0; g < 2; ++g) {
    float4 v =
        *reinterpret_cast<const float4 *>(&s.b[buf][kk][bcol + WN / 2 * g]);
    bf[4 * g] = v.x;
    bf[4 * g + 1] = v.y;
    bf[4 * g + 2] = v.z;
    bf[4 * g + 3] = v.w;
  }
}

// Steps k0 .. k0 + BK / 2 - 1 of a tile whose fragments for step k0 are in
// af[k0 % 2], bf[k0 % 2]; those of kk + 1 go into the other pair before the
// FMAs of kk.
__device__ __forceinline__ void
multiplySteps(const Tiles &s, int buf, int k0, int arow, int bcol,
              float (&acc)[TM][TN], float (&af)[2][TM], float (&bf)[2][TN]) {
#pragma unroll
  for (int q = 0; q < BK / 2; ++q) {
    int kk = k0 + q;
    if (kk + 1 < BK)
      loadFragments(s, buf, kk + 1, arow, bcol, af[(kk + 1) % 2],
                    bf[(kk + 1) % 2]);
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
      for (int j = 0; j < TN; ++j)
        acc[i][j] += af[kk % 2][i] * bf[kk % 2][j];
  }
}

// The same launch bounds as the Kiln kernel: blocks of at most 256 threads,
// at least two blocks per SM (128 registers a thread).
extern "C" __global__ void __launch_bounds__(THREADS, 2)
    sgemm_best(const float *a, const float *b, float *c, long long n,
               long long k, long long m) {
  __shared__ __align__(16) Tiles s;
  int lid = threadIdx.y * WX + threadIdx.x;
  int warp = lid / 32, lane = lid % 32;
  int arow = (warp / (BN / WN)) * WM + 4 * (lane / 8);
  int bcol = (warp % (BN / WN)) * WN + 4 * (lane % 8);
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
  float af[2][TM], bf[2][TN];
  int cur = 0;
  // The next tile's registers are stored into the other buffer halfway
  // through the current tile's FMAs.
  for (long long t = BK; t < k; t += BK) {
    loadTiles(a, b, k, m, row0, col0, t, lid, pa, pb);
    loadFragments(s, cur, 0, arow, bcol, af[0], bf[0]);
    multiplySteps(s, cur, 0, arow, bcol, acc, af, bf);
    storeTiles(s, 1 - cur, lid, pa, pb);
    multiplySteps(s, cur, BK / 2, arow, bcol, acc, af, bf);
    __syncthreads();
    cur = 1 - cur;
  }
  loadFragments(s, cur, 0, arow, bcol, af[0], bf[0]);
  multiplySteps(s, cur, 0, arow, bcol, acc, af, bf);
  multiplySteps(s, cur, BK / 2, arow, bcol, acc, af, bf);
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      c[(row0 + arow + WM / 2 * (i / 4) + i % 4) * m + col0 + bcol +
        WN / 2 * (j / 4) + j % 4] = acc[i][j];
}
