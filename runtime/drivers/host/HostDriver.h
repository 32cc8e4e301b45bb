//===- HostDriver.h - The native CPU back end's entry point ----*- C++ -*-===//
//
// The driver factory that BuiltinDrivers.cpp registers ("host[:0]"): the
// machine's own CPU, running the host target's ELF shared objects
// (docs/cpu-backend.md). Until stage 5 of issue 20 "cpu" stays PoCL.
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_HOST_HOSTDRIVER_H
#define KILN_RUNTIME_DRIVERS_HOST_HOSTDRIVER_H

namespace kiln {

class Driver;

/// The host driver (selector prefix "host"), alive for the process.
Driver &hostDriver();

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_HOST_HOSTDRIVER_H
