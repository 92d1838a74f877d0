// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness_call_vr_abi() (harness_vr_abi.h): written in assembly, since
 * compiled code may itself use v20-v31 between any two statements. lvx
 * and stvx (AltiVec) so that it runs on every CPU model the harness runs
 * on. Frame: the ELFv2 header (back chain, CR, LR, TOC: 32 bytes), r31 at
 * 32, the caller's v20-v31 at 64..255.
 */
#include "harness_vr_abi.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && _CALL_ELF == 2

/* Twelve vector stores or loads of v20-v31 at base + off, off + 16, ... */
#define VR12(op, base, off)							\
	"	li	0, " #off "\n	" #op "	20, " #base ", 0\n"		\
	"	li	0, " #off " + 16\n	" #op "	21, " #base ", 0\n"	\
	"	li	0, " #off " + 32\n	" #op "	22, " #base ", 0\n"	\
	"	li	0, " #off " + 48\n	" #op "	23, " #base ", 0\n"	\
	"	li	0, " #off " + 64\n	" #op "	24, " #base ", 0\n"	\
	"	li	0, " #off " + 80\n	" #op "	25, " #base ", 0\n"	\
	"	li	0, " #off " + 96\n	" #op "	26, " #base ", 0\n"	\
	"	li	0, " #off " + 112\n	" #op "	27, " #base ", 0\n"	\
	"	li	0, " #off " + 128\n	" #op "	28, " #base ", 0\n"	\
	"	li	0, " #off " + 144\n	" #op "	29, " #base ", 0\n"	\
	"	li	0, " #off " + 160\n	" #op "	30, " #base ", 0\n"	\
	"	li	0, " #off " + 176\n	" #op "	31, " #base ", 0\n"

asm("	.text\n"
    "	.p2align 4\n"
    "	.globl	harness_call_vr_abi\n"
    "	.type	harness_call_vr_abi, @function\n"
    "harness_call_vr_abi:\n"
    "	mflr	0\n"
    "	std	0, 16(1)\n"
    "	stdu	1, -256(1)\n"
    "	std	2, 24(1)\n"
    "	std	31, 32(1)\n"
    VR12(stvx, 1, 64)
    VR12(lvx, 7, 0)
    "	mr	31, 8\n"
    "	mr	12, 6\n"
    "	mtctr	12\n"
    "	bctrl\n"
    "	ld	2, 24(1)\n"
    VR12(stvx, 31, 0)
    VR12(lvx, 1, 64)
    "	ld	31, 32(1)\n"
    "	addi	1, 1, 256\n"
    "	ld	0, 16(1)\n"
    "	mtlr	0\n"
    "	blr\n"
    "	.size	harness_call_vr_abi, . - harness_call_vr_abi\n");

#endif
