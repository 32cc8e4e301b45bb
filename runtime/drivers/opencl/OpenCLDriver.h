//===- OpenCLDriver.h - The OpenCL back end's entry point -------*- C++ -*-===//
//
// The driver factory that BuiltinDrivers.cpp registers ("opencl[:i]").
//
//===----------------------------------------------------------------------===//
#ifndef KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDRIVER_H
#define KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDRIVER_H

namespace kiln {

class Driver;

/// The OpenCL driver (selector prefix "opencl"), alive for the process.
Driver &openclDriver();

} // namespace kiln

#endif // KILN_RUNTIME_DRIVERS_OPENCL_OPENCLDRIVER_H
