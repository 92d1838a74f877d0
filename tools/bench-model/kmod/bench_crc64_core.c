// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CRC64-Rocksoft template core, compiled a second time into the
 * benchmark module (see bench_t10dif_core.c); run.sh checks the machine
 * code against module/arch/powerpc/crc64_rocksoft_vmx_core.o.
 */
#define crc64_rocksoft_vmx_core bench_crc64_core
#include "../../../module/arch/powerpc/crc64_rocksoft_vmx_core.c"
