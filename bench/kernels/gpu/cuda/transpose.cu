// Peer of bench/kernels/kiln/transpose.py: out (m x n) = a (n x m)^T
// through a 32 x 33 shared tile; a block of 32 x 8 threads moves one tile,
// each thread 4 of its rows. Launch: block (32, 8), grid
// (ceil(m / 32), ceil(n / 32)).
#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose(const float *a, float *out, long long n,
                                     long long m) {
  __shared__ float tile[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  long long r0 = (long long)blockIdx.y * TILE;
  long long c0 = (long long)blockIdx.x * TILE;
  for (int r = ty; r < TILE; r += ROWS)
    if (r0 + r < n && c0 + tx < m)
      tile[r][tx] = a[(r0 + r) * m + c0 + tx];
  __syncthreads();
  for (int r = ty; r < TILE; r += ROWS)
    if (c0 + r < m && r0 + tx < n)
      out[(c0 + r) * n + r0 + tx] = tile[tx][r];
}
