# Install rules and package files for embedders, included last from the
# top-level CMakeLists.txt (every target exists by then):
#   find_package(Kiln)   lib/cmake/Kiln/KilnConfig.cmake (+ version file)
#                        Kiln::Runtime always; Kiln::Compiler with
#                        COMPONENTS Compiler when the compiler was built
#   pkg-config kiln      lib/pkgconfig/kiln.pc (the runtime)
# Headers: include/kiln/kiln.h, include/kiln/runtime/*.h (C and C++
# runtime API), include/kiln/kiln_compiler.h (compiler C API).
# Libraries are static, so the package also names what they link against
# (OpenCL, oneTBB, libdl; MLIR/LLVM for the compiler).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KILN_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Kiln)

# Exported include directories: the source tree's in the build, the
# installed include/ afterwards.
function(kiln_export_includes target dir)
  set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES
    $<BUILD_INTERFACE:${dir}> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endfunction()

# The runtime's libraries (runtime/CMakeLists.txt), users first, so that
# the list is also the static link order of kiln.pc.
get_property(kiln_runtime_drivers GLOBAL PROPERTY KILN_RUNTIME_DRIVERS)
set(kiln_runtime_libs KilnRuntimeC KilnRuntimeLaunchers KilnRuntimeNpy
  KilnRuntime ${kiln_runtime_drivers} KilnRuntimeCore)
kiln_export_includes(KilnRuntimeCore ${KILN_SOURCE_DIR}/runtime/include)
kiln_export_includes(KilnRuntimeNpy ${KILN_SOURCE_DIR}/runtime/tooling/include)
kiln_export_includes(KilnRuntimeLaunchers
  ${KILN_SOURCE_DIR}/runtime/tooling/include)
kiln_export_includes(KilnRuntimeC ${KILN_SOURCE_DIR}/runtime/capi/include)
install(TARGETS ${kiln_runtime_libs} EXPORT KilnRuntimeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${KILN_SOURCE_DIR}/runtime/include/kiln
  ${KILN_SOURCE_DIR}/runtime/tooling/include/kiln
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
# kiln.pc's Libs: every runtime library, then what they link against.
set(KILN_PC_LIBS "")
foreach(lib ${kiln_runtime_libs})
  string(APPEND KILN_PC_LIBS " -l${lib}")
endforeach()
if(KILN_ENABLE_OPENCL)
  string(APPEND KILN_PC_LIBS " -lOpenCL")
endif()
# The host driver is left out without oneTBB (runtime/drivers/host).
set(KILN_PACKAGE_HAS_HOST OFF)
if(TARGET KilnDriverHost)
  set(KILN_PACKAGE_HAS_HOST ON)
  string(APPEND KILN_PC_LIBS " -ltbb")
endif()
string(APPEND KILN_PC_LIBS " -ldl")
install(EXPORT KilnRuntimeTargets NAMESPACE Kiln::
  DESTINATION ${KILN_INSTALL_CMAKEDIR})

set(KILN_PACKAGE_HAS_COMPILER OFF)
if(KILN_BUILD_COMPILER)
  set(KILN_PACKAGE_HAS_COMPILER ON)
  # The compiler C API and every static library beneath it.
  set(compiler_libs KilnCompilerC KilnJIT KilnSession KilnDriver KilnPipeline
    KilnLoweringPipeline KilnFrontend KilnMLIRGen KilnTargetCodegen
    KilnTargetLowering KilnToLLVM KilnTransforms KilnDialect)
  kiln_export_includes(KilnCompilerC ${KILN_SOURCE_DIR}/compiler/CAPI/include)
  install(TARGETS ${compiler_libs} EXPORT KilnCompilerTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(FILES ${KILN_SOURCE_DIR}/compiler/CAPI/include/kiln/kiln_compiler.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kiln)
  install(EXPORT KilnCompilerTargets NAMESPACE Kiln::
    DESTINATION ${KILN_INSTALL_CMAKEDIR})
endif()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/KilnConfig.cmake.in
  ${KILN_BINARY_DIR}/cmake/KilnConfig.cmake
  INSTALL_DESTINATION ${KILN_INSTALL_CMAKEDIR})
write_basic_package_version_file(${KILN_BINARY_DIR}/cmake/KilnConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${KILN_BINARY_DIR}/cmake/KilnConfig.cmake
  ${KILN_BINARY_DIR}/cmake/KilnConfigVersion.cmake
  DESTINATION ${KILN_INSTALL_CMAKEDIR})

configure_file(${CMAKE_CURRENT_LIST_DIR}/kiln.pc.in
  ${KILN_BINARY_DIR}/cmake/kiln.pc @ONLY)
install(FILES ${KILN_BINARY_DIR}/cmake/kiln.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
