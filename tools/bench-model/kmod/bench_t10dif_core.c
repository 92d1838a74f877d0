// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CRC-T10DIF template core, compiled a second time into the benchmark
 * module so that its vector section can be counted below the driver's
 * threshold. Same source and flags as crc_family_vmx's; run.sh checks the
 * machine code against module/arch/powerpc/crct10dif_vmx_core.o.
 */
#define crct10dif_vmx_core bench_t10dif_core
#include "../../../module/arch/powerpc/crct10dif_vmx_core.c"
