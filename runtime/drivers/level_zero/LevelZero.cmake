# Level Zero back end of KilnRuntime, included from runtime/CMakeLists.txt.
# The loader (libze_loader.so.1) is dlopen'ed at run time; only ze_api.h
# (Debian libze-dev) is used at build time, for types. Without the header
# a stub driver is built that reports itself unavailable.
find_path(KILN_LEVEL_ZERO_INCLUDE_DIR level_zero/ze_api.h
  DOC "Directory holding level_zero/ze_api.h (libze-dev); types only")

set(_kiln_lz ${CMAKE_CURRENT_LIST_DIR})
# Header-free pieces (result names, launch parameters), always built.
target_sources(KilnRuntime PRIVATE
  ${_kiln_lz}/LevelZeroLaunchParameters.cpp
  ${_kiln_lz}/LevelZeroStatus.cpp)
if(KILN_LEVEL_ZERO_INCLUDE_DIR)
  target_sources(KilnRuntime PRIVATE
    ${_kiln_lz}/LevelZeroDevice.cpp
    ${_kiln_lz}/LevelZeroDriver.cpp
    ${_kiln_lz}/LevelZeroDynamicSymbols.cpp
    ${_kiln_lz}/LevelZeroEvent.cpp
    ${_kiln_lz}/LevelZeroExecutable.cpp
    ${_kiln_lz}/LevelZeroQueue.cpp)
  target_include_directories(KilnRuntime SYSTEM PRIVATE
    ${KILN_LEVEL_ZERO_INCLUDE_DIR})
else()
  message(STATUS "Level Zero headers not found (libze-dev): the level_zero "
                 "back end is built as a stub that reports it is unavailable")
  target_sources(KilnRuntime PRIVATE
    ${_kiln_lz}/LevelZeroDriverWithoutHeaders.cpp)
endif()
unset(_kiln_lz)
