// Peer of bench/kernels/kiln/softmax.py: one block of 256 threads per row
// of the n x m `x`; each thread strides over the row's columns; the row's
// maximum and the sum of exponentials are block reductions (CUB). Launch:
// block 256, grid n.
#include <cub/block/block_reduce.cuh>

struct MaxOf {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

extern "C" __global__ void softmax(const float *x, float *y, long long n,
                                   long long m) {
  typedef cub::BlockReduce<float, 256> Reduce;
  __shared__ typename Reduce::TempStorage scratch;
  __shared__ float shared;
  long long row = blockIdx.x;
  const float *xr = x + row * m;
  float peak = -INFINITY;
  for (long long j = threadIdx.x; j < m; j += blockDim.x)
    peak = fmaxf(peak, xr[j]);
  peak = Reduce(scratch).Reduce(peak, MaxOf());
  if (threadIdx.x == 0)
    shared = peak;
  __syncthreads();
  peak = shared;
  float total = 0.0f;
  for (long long j = threadIdx.x; j < m; j += blockDim.x)
    total += expf(xr[j] - peak);
  __syncthreads(); // scratch and `shared` are reused
  total = Reduce(scratch).Sum(total);
  if (threadIdx.x == 0)
    shared = total;
  __syncthreads();
  float scale = 1.0f / shared;
  for (long long j = threadIdx.x; j < m; j += blockDim.x)
    y[row * m + j] = expf(xr[j] - peak) * scale;
}
