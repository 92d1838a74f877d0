# SPDX-License-Identifier: GPL-2.0-only
#
# Cross toolchain for static ppc64le (POWER8+) user-space binaries that run in
# the guest: Debian's powerpc64le-linux-gnu-g++ with its own glibc
# (libc6-dev-ppc64el-cross), plus libraries from the ppc64el sysroot that
# tools/setup/fetch-ppc64el-sysroot.sh extracts (libkcapi.a and its header).
#
#   cmake -S userspace -B build/ppc64le \
#     -DCMAKE_TOOLCHAIN_FILE=userspace/cmake/ppc64le-linux-gnu.cmake \
#     -DCRCVMX_BUILD_TESTS=OFF \
#     -DCRCVMX_PPC64EL_SYSROOT=$HOME/.cache/crc32c-vmx/sysroot-ppc64el
#
# Every executable is linked with -static. ctest/add_test commands run under
# qemu-ppc64le -cpu power8 (CMAKE_CROSSCOMPILING_EMULATOR).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)

set(CRCVMX_CROSS_PREFIX powerpc64le-linux-gnu-)
set(CMAKE_C_COMPILER ${CRCVMX_CROSS_PREFIX}gcc)
set(CMAKE_CXX_COMPILER ${CRCVMX_CROSS_PREFIX}g++)

if(NOT DEFINED CRCVMX_PPC64EL_SYSROOT)
  if(DEFINED ENV{CRCVMX_PPC64EL_SYSROOT})
    set(CRCVMX_PPC64EL_SYSROOT "$ENV{CRCVMX_PPC64EL_SYSROOT}")
  elseif(DEFINED ENV{CRCVMX_CACHE})
    set(CRCVMX_PPC64EL_SYSROOT "$ENV{CRCVMX_CACHE}/sysroot-ppc64el")
  else()
    set(CRCVMX_PPC64EL_SYSROOT "$ENV{HOME}/.cache/crc32c-vmx/sysroot-ppc64el")
  endif()
endif()
set(CRCVMX_PPC64EL_SYSROOT "${CRCVMX_PPC64EL_SYSROOT}" CACHE PATH
  "ppc64el library sysroot (output of tools/setup/fetch-ppc64el-sysroot.sh)")
# try_compile projects re-read this file: hand the value on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRCVMX_PPC64EL_SYSROOT)

# Libraries and headers: the cross glibc first, then the extracted debs.
set(CMAKE_LIBRARY_ARCHITECTURE powerpc64le-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/powerpc64le-linux-gnu "${CRCVMX_PPC64EL_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Static binaries: the guest has no shared libstdc++/libkcapi. Projects look
# for archives (lib<name>.a) when CRCVMX_LINK_STATIC is set: the platform
# files reset CMAKE_FIND_LIBRARY_SUFFIXES after a toolchain file runs.
set(CRCVMX_LINK_STATIC ON)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_C_FLAGS_INIT "-mcpu=power8")
set(CMAKE_CXX_FLAGS_INIT "-mcpu=power8")

find_program(CRCVMX_QEMU_PPC64LE qemu-ppc64le)
if(CRCVMX_QEMU_PPC64LE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${CRCVMX_QEMU_PPC64LE};-cpu;power8")
endif()
