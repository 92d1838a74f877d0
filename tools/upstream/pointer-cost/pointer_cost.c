// SPDX-License-Identifier: GPL-2.0-only
/*
 * pointer-cost: calls each core between the insn-interval plugin's markers
 * (tools/bench-model/plugin), the shared core with the constants by
 * pointer and the same template with them at a fixed address, at
 * crc_kunit's benchmark lengths from 16 bytes, 4 times each. Prints the
 * order of the intervals: one line "<subject> <length>" per call.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/compiler.h>
#include <linux/types.h>

#include "crc-vpmsum.h"
#include "crc32c-vpmsum-consts.h"
#include "crc64-nvme-vpmsum-consts.h"
#include "pointer_cost.h"

#define REPEAT	4

int harness_open_sections;

static u8 buf[16384 + 16] __attribute__((aligned(16)));
static volatile u64 sink;

#define MEASURE(name, call)						\
	do {								\
		for (int r_ = 0; r_ < REPEAT; r_++) {			\
			u64 v_;						\
			asm volatile("ori 0, 0, 0xb501" : : : "r0", "memory"); \
			v_ = (call);					\
			asm volatile("ori 0, 0, 0xb502" : : : "r0", "memory"); \
			sink = v_;					\
			printf("%s %zu\n", name, len);			\
		}							\
	} while (0)

int main(void)
{
	static const size_t lens[] = { 16, 32, 48, 64, 127, 128, 200, 256, 511, 512, 1024,
				       3173, 4096, 16384 };

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (u8)(i * 131 + 7);
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t len = lens[i];

		MEASURE("crc32c_pointer", crc32_lsb_vpmsum(~0u, buf + 1, len,
							   &crc32_lsb_0x82f63b78_consts));
		MEASURE("crc32c_fixed", crc32c_fixed(~0u, buf + 1, len));
		MEASURE("crc64_nvme_pointer", crc64_lsb_vpmsum(~0ull, buf + 1, len,
							       &crc64_lsb_0x9a6c9329ac4bc9b5_consts));
		MEASURE("crc64_nvme_fixed", crc64_nvme_fixed(~0ull, buf + 1, len));
	}
	return 0;
}
