//===- LevelZeroStatus.h - ze_result_t as Status ----------------*- C++ -*-===//
//
// Level Zero has no call that names its result codes, so the names come from
// a table (LevelZeroResultCodes.def). Needs no Level Zero header: a
// ze_result_t converts to uint32_t, which lets the tests use it too.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROSTATUS_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROSTATUS_H

#include "kiln/runtime/Status.h"

#include <cstdint>
#include <string>

namespace kiln::level_zero {

/// "ZE_RESULT_ERROR_DEVICE_LOST" for 0x70000001; an unknown code reads
/// "unknown ze_result_t 0x12345678".
std::string levelZeroResultName(uint32_t result);

/// Ok for ZE_RESULT_SUCCESS, else
/// "<call> failed: ZE_RESULT_ERROR_X (0x7800000f)" (code Internal).
Status levelZeroStatus(uint32_t result, const char *call);

} // namespace kiln::level_zero

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROSTATUS_H
