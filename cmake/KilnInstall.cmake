# Install rules and package files for embedders, included last from the
# top-level CMakeLists.txt (every target exists by then):
#   find_package(Kiln)   lib/cmake/Kiln/KilnConfig.cmake (+ version file)
#                        Kiln::Runtime always; Kiln::Compiler with
#                        COMPONENTS Compiler when the compiler was built
#   pkg-config kiln      lib/pkgconfig/kiln.pc (the runtime)
# Headers: include/kiln/kiln.h, include/kiln/runtime/*.h (C and C++
# runtime API), include/kiln/kiln_compiler.h (compiler C API).
# Libraries are static, so the package also names what they link against
# (OpenCL, libdl; MLIR/LLVM for the compiler).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KILN_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Kiln)

# Exported include directories: the source tree's in the build, the
# installed include/ afterwards.
function(kiln_export_includes target dir)
  set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES
    $<BUILD_INTERFACE:${dir}> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endfunction()

kiln_export_includes(KilnRuntime ${KILN_SOURCE_DIR}/runtime/include)
kiln_export_includes(KilnRuntimeC ${KILN_SOURCE_DIR}/runtime/capi/include)
install(TARGETS KilnRuntime KilnRuntimeC EXPORT KilnRuntimeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${KILN_SOURCE_DIR}/runtime/include/kiln
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(EXPORT KilnRuntimeTargets NAMESPACE Kiln::
  DESTINATION ${KILN_INSTALL_CMAKEDIR})

set(KILN_PACKAGE_HAS_COMPILER OFF)
if(KILN_BUILD_COMPILER)
  set(KILN_PACKAGE_HAS_COMPILER ON)
  # The compiler C API and every static library beneath it.
  set(compiler_libs KilnCompilerC KilnJIT KilnDriver KilnPipeline
    KilnFrontend KilnMLIRGen KilnTarget KilnToLLVM KilnTransforms KilnDialect)
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
