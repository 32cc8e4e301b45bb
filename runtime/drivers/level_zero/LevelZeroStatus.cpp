//===- LevelZeroStatus.cpp - ze_result_t as Status ----------------------===//
//
// The name table; compiled with or without the Level Zero headers.
//
//===----------------------------------------------------------------------===//
#include "LevelZeroStatus.h"

#include <cstdio>

namespace kiln::level_zero {
namespace {

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%x", value);
  return text;
}

} // namespace

std::string levelZeroResultName(uint32_t result) {
  switch (result) {
#define KILN_ZE_RESULT(name, value)                                            \
  case value:                                                                  \
    return #name;
#include "LevelZeroResultCodes.def"
#undef KILN_ZE_RESULT
  }
  return "unknown ze_result_t " + hex(result);
}

Status levelZeroStatus(uint32_t result, const char *call) {
  if (result == 0)
    return Status();
  return internalError(std::string(call) + " failed: " +
                       levelZeroResultName(result) + " (" + hex(result) + ")");
}

} // namespace kiln::level_zero
