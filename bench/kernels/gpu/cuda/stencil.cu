// Peer of bench/kernels/kiln/stencil.py: each interior point of the n x m
// row-major `u` becomes the mean of itself and its four neighbours. The
// column (the last, contiguous dimension) is threadIdx.x, as a CUDA
// programmer writes it. Launch: block (32, 8), grid over (m - 2, n - 2).
extern "C" __global__ void stencil(const float *u, float *out, long long n,
                                   long long m) {
  long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x + 1;
  long long i = (long long)blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i < n - 1 && j < m - 1)
    out[i * m + j] =
        0.2f * (u[i * m + j] + u[(i - 1) * m + j] + u[(i + 1) * m + j] +
                u[i * m + j - 1] + u[i * m + j + 1]);
}
