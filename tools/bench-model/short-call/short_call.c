// SPDX-License-Identifier: GPL-2.0-only
/*
 * short-call: one call of each short-input path per marked interval, for
 * the short-call cycle model (tools/bench-model/short-call.sh). Runs under
 * qemu-ppc64le with the insn-interval plugin in trace mode, which records
 * the instruction words each call executed; llvm-mca then models them.
 *
 *   vmx  crc32c_vmx_core() from the object the kernel build made
 *        (module/arch/powerpc/crc32c_vmx_core.o, linked in as it is)
 *   sw   a slice-by-8 standing in for the kernel's __crc32c_le(), the
 *        glue's software path, compiled with the glue's code-generation
 *        flags (sw.c)
 *
 * Usage: short-call SIZE...   Prints "interval subject=<s> size=<n>" in
 * the order of the intervals, then checks that both paths agree.
 * Exit codes: 0 ok, 1 the two paths disagree, 2 bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32c_vmx_core.h"
#include "short_call.h"

#define MAX_SIZE	65536

/* The plugin's default markers; r0 clobbered, memory ordered around them. */
static inline void mark_begin(void)
{
	asm volatile("ori 0, 0, 0xb501" : : : "r0", "memory");
}

static inline void mark_end(void)
{
	asm volatile("ori 0, 0, 0xb502" : : : "r0", "memory");
}

static u8 buf[MAX_SIZE] __aligned(16);

/*
 * The cores are the kernel build's objects, whose functions start with
 * ftrace's -mprofile-kernel call site (mflr r0; bl _mcount). In a running
 * kernel that bl is a nop until tracing is switched on; here _mcount
 * returns at once, four instructions more per call, with the caller's
 * return address back in LR from r0. (glibc's _mcount, which the static
 * link would otherwise take, serves -pg and clobbers the arguments.)
 */
asm(".pushsection .text\n"
    ".globl _mcount\n"
    "_mcount:\n"
    "	mflr	12\n"
    "	mtctr	12\n"
    "	mtlr	0\n"
    "	bctr\n"
    ".popsection\n");

int main(int argc, char **argv)
{
	unsigned int i, bad = 0;
	u32 v, s;

	if (argc < 2) {
		fprintf(stderr, "usage: short-call SIZE... (bytes, 16..%u)\n", MAX_SIZE);
		return 2;
	}
	srand(1);
	for (i = 0; i < MAX_SIZE; i++)
		buf[i] = (u8)rand();
	for (i = 1; i < (unsigned int)argc; i++) {
		char *end;
		unsigned long n = strtoul(argv[i], &end, 10);

		if (*end || n < 16 || n > MAX_SIZE) {
			fprintf(stderr, "short-call: bad size '%s' (16..%u)\n", argv[i], MAX_SIZE);
			return 2;
		}
		printf("interval subject=vmx size=%lu\n", n);
		fflush(stdout);
		mark_begin();
		v = crc32c_vmx_core(~0u, buf, n);
		mark_end();
		printf("interval subject=sw size=%lu\n", n);
		fflush(stdout);
		mark_begin();
		s = short_call_sw(~0u, buf, n);
		mark_end();
		if (v != s) {
			fprintf(stderr, "short-call: size %lu: vmx %08x, sw %08x\n", n, v, s);
			bad = 1;
		}
	}
	return bad;
}
