//===- LevelZeroApi.h - Level Zero types, no functions ----------*- C++ -*-===//
//
// The one include of ze_api.h (Debian libze-dev). Only its types and
// constants are used: every function is reached through
// LevelZeroDynamicSymbols, so nothing links against libze_loader.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROAPI_H
#define KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROAPI_H

#include <level_zero/ze_api.h>

#endif // KILN_RUNTIME_DRIVERS_LEVEL_ZERO_LEVELZEROAPI_H
