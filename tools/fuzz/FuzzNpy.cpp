//===- FuzzNpy.cpp - libFuzzer target: the .npy reader --------------------===//
//
// runtime/tooling/Npy.cpp's parser, which kiln-run and the tooling use on
// files users hand them: any bytes must give an array or a Status, and a
// parsed array must serialize again.
//
//===----------------------------------------------------------------------===//
#include "kiln/runtime/Npy.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  auto array = kiln::parseNpy(bytes, "fuzz.npy");
  if (array.ok() && !kiln::serializeNpy(*array).ok())
    std::abort(); // what was read must be writable
  return 0;
}
