// Peer of bench/kernels/kiln/histogram.py: 256 bins of byte values; each
// block counts its share (grid-stride) in shared memory with shared-memory
// atomics, then adds each non-zero bin to the global bins with one atomic.
// Launch: block 256, any grid; zero `bins` first.
#define NBINS 256

extern "C" __global__ void histogram(const unsigned char *data, unsigned *bins,
                                     long long n) {
  __shared__ unsigned counts[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    counts[b] = 0;
  __syncthreads();
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += stride)
    atomicAdd(&counts[data[k]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    if (counts[b] != 0)
      atomicAdd(&bins[b], counts[b]);
}
