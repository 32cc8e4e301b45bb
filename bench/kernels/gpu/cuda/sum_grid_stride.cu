// Peer of bench/kernels/kiln/sum_grid_stride.py: a fixed grid, each thread
// adds every (grid * block)-th element, then a block reduction (CUB) and
// one atomic add per block into out[0]. Launch: block 256, any grid.
#include <cub/block/block_reduce.cuh>

extern "C" __global__ void sum_grid_stride(const float *x, float *out,
                                           long long n) {
  typedef cub::BlockReduce<float, 256> Reduce;
  __shared__ typename Reduce::TempStorage scratch;
  float acc = 0.0f;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += stride)
    acc += x[k];
  float s = Reduce(scratch).Sum(acc);
  if (threadIdx.x == 0)
    atomicAdd(out, s);
}
