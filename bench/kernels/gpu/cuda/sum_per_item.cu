// Peer of bench/kernels/kiln/sum_per_item.py: one element per thread, a
// block reduction (CUB, as a CUDA programmer writes group_reduce), one
// atomic add per block into out[0]. Launch: block 256, grid ceil(n / 256).
#include <cub/block/block_reduce.cuh>

extern "C" __global__ void sum_per_item(const float *x, float *out,
                                        long long n) {
  typedef cub::BlockReduce<float, 256> Reduce;
  __shared__ typename Reduce::TempStorage scratch;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  float s = Reduce(scratch).Sum(v);
  if (threadIdx.x == 0)
    atomicAdd(out, s);
}
