/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ISA 3.1 (POWER10 and later) main loop of the reflected template
 * cores, little-endian only: 16 streams of two blocks per iteration, 512
 * bytes per iteration. Stream i takes block i of each 32-block group,
 * multiplied, and block 16 + i, only added, and is itself folded forward by
 * the group:
 *
 *	s = s * x^(128 * 32) + b(i) * x^(128 * 16) + b(16 + i)	(mod P)
 *
 * one vpmsumd of the stream, one of the block and one xxeval (truth table
 * 0x69: a ^ b ^ c) per stream and group. The chain a stream carries is one
 * vpmsumd and one xxeval per group, so POWER10's four crypto pipes never
 * wait on it (docs/vmx-core-design.md).
 *
 * The loop is software-pipelined so that (nearly) every instruction finds
 * its inputs ready when it is dispatched: the body is eight steps of two
 * streams, a pair of multiplied blocks is loaded three and a half steps
 * before its two vpmsumd, and their products are xored two and a half
 * steps after them. Holding so many blocks in flight takes registers, and
 * vpmsumd reads only VRs: the streams and the two constants take 18 of the
 * 32, leaving 14 (v18-v31) for the loaded pairs and the products. The
 * blocks that are only added never need a VR: plxvp puts them in VSR 0-7
 * (f0-f7), where xxeval reads them. In little-endian mode lxvp and plxvp
 * put the block at the higher address in the even register of the pair.
 *
 * Each register holds several values per iteration, in turn, so the body
 * is written out instruction by instruction: the loads of the first three
 * pairs of a group are issued one iteration early (the last iteration
 * loads, and ignores, CRC_VMX_ISA31_AHEAD blocks after its group), and the
 * last stream xors of a group come at the start of the next iteration, so
 * that the drain after the loop finishes them. In the first iteration
 * those xors add registers the start sets to zero. Two pointers, each
 * advanced once per iteration at opposite ends of the body, keep every
 * load from waiting on the addi just before it.
 *
 * Registers are written as VSX numbers (32-63 for v0-v31) where a VSX
 * instruction uses them and as VMX numbers in vpmsumd and vxor. xxeval and
 * plxvp are prefixed instructions, which may not cross a 64-byte boundary:
 * the body starts 64-byte aligned and places each at a multiple of 8
 * bytes, so the assembler inserts no padding inside the loop.
 */
#include <linux/linkage.h>
#include "crc_vmx_isa31_loop.h"

	.machine	power10

/* The arguments, and the second pointer into the input */
#define rp	3	/* p: aligned blocks */
#define rgroups	4	/* groups >= 1 */
#define rfold	5	/* the fold table: row k - 1 is x^(128 * k) */
#define rq	6	/* q: p again, advanced at the other end of the body */

/* lxvp: the pair of multiplied blocks at r + off into VSR x, x + 1 (v18-v31) */
.macro LV x, off, r
	lxvp	\x, \off(\r)
.endm
/* plxvp: the pair of added blocks at r + off into VSR x, x + 1 (0-7) */
.macro LX x, off, r
	plxvp	\x, \off(\r), 0
.endm
/* vpmsumd: v(d) = v(a) * x^(128 * 16) (v0), a block moved to its stream's end */
.macro M d, a
	vpmsumd	\d, \a, 0
.endm
/* vpmsumd: stream s (v2 + s) moved forward by one group (v1: x^(128 * 32)) */
.macro F s
	vpmsumd	2 + \s, 2 + \s, 1
.endm
/* xxeval: stream s (VSR 34 + s) ^= product (VSR p) ^ added block (VSR b) */
.macro X s, p, b
	xxeval	34 + \s, 34 + \s, \p, \b, 0x69
.endm
/* addi: pointer r on by one group */
.macro A r
	addi	\r, \r, 16 * CRC_VMX_ISA31_BLOCKS
.endm
/* vpmsumd: stream s folded forward by the fold row in v(k) */
.macro C s, k
	vpmsumd	2 + \s, 2 + \s, \k
.endm
/*
 * stxvp or lxvp: v20-v31 (VSR 52-63) to or from the 192 bytes just below
 * the stack pointer, pair by pair
 */
.macro V20_V31 op
	.irp	x, 52, 54, 56, 58, 60, 62
	\op	\x, (\x - 64) * 16(1)
	.endr
.endm
/* xxeval: VSR d = a ^ b ^ c */
.macro XOR3 d, a, b, c
	xxeval	\d, \a, \b, \c, 0x69
.endm

/*
 * crc_vmx_vec_t crc_vmx_fold_streams_isa31(const u8 *p, size_t groups,
 *					     const void *fold, crc_vmx_vec_t acc)
 *
 * 32 * groups + CRC_VMX_ISA31_AHEAD or more whole blocks at aligned p
 * (groups >= 1), acc (v2) the remainder just before p. Returns (v2) the
 * remainder after those 32 * groups blocks.
 *
 * The registers: v0 and v1 hold x^(128 * 16) and x^(128 * 32), v2 + i
 * stream i, v18-v31 the multiplied blocks and their products, VSR 0-7 the
 * added blocks. A leaf: v20-v31, which the ELFv2 ABI has a function
 * preserve, are saved with six paired stores into the 288 bytes below the
 * stack pointer that the ABI leaves to a function that calls nothing (the
 * kernel's interrupt frames skip them: KERNEL_REDZONE_SIZE), and restored
 * last; everything else it writes is volatile.
 */
SYM_FUNC_START(crc_vmx_fold_streams_isa31)
	/*
	 * The streams start at zero but for the last one, which starts as
	 * acc: stream 15 ends each group at that group's last block, so
	 * before the first group it is the remainder just before p.
	 */
	vor	17, 2, 2
	V20_V31	stxvp
	lxv	32, 16 * 15(rfold)
	lxv	33, 16 * 31(rfold)
	mtctr	rgroups
	mr	rq, rp
	.irp	v, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
	vxor	\v, \v, \v
	.endr
	/* what the first iteration's leftover xors read */
	.irp	v, 18, 27, 28, 29, 30, 31
	vxor	\v, \v, \v
	.endr
	.irp	x, 2, 3, 4, 5, 6, 7
	xxlxor	\x, \x, \x
	.endr
	LV	52, 0, rp
	LV	54, 32, rp
	LV	56, 64, rp

	.p2align 6
1:
	X	10, 59, 3
	M	26, 18
	F	0
	LX	0, 256, rp
	LV	50, 96, rp
	X	11, 60, 2
	M	27, 21
	F	1
	X	12, 61, 5
	M	28, 20
	F	2
	LV	52, 128, rp
	LX	2, 288, rp
	X	13, 62, 4
	M	29, 23
	F	3
	A	rp
	X	14, 63, 7
	M	30, 22
	F	4
	LX	4, 320, rq
	LV	54, 160, rq
	X	15, 58, 6
	M	26, 25
	F	5
	X	0, 59, 1
	M	27, 24
	F	6
	LX	6, 352, rq
	LV	56, 192, rq
	X	1, 60, 0
	M	28, 19
	F	7
	X	2, 61, 3
	M	29, 18
	F	8
	LX	0, 384, rq
	LV	50, 224, rq
	X	3, 62, 2
	M	30, 21
	F	9
	X	4, 58, 5
	M	26, 20
	F	10
	LX	2, 416, rq
	X	5, 59, 4
	LV	52, 512, rq
	M	27, 23
	F	11
	A	rq
	X	6, 60, 7
	M	28, 22
	F	12
	LX	4, -64, rp
	LV	54, 32, rp
	X	7, 61, 6
	M	29, 25
	X	8, 62, 1
	F	13
	M	30, 24
	F	14
	LX	6, -32, rp
	LV	56, 64, rp
	X	9, 58, 0
	M	31, 19
	F	15
	bdnz	1b

	X	10, 59, 3
	M	26, 18
	X	11, 60, 2
	X	12, 61, 5
	X	13, 62, 4
	X	14, 63, 7
	X	15, 58, 6
	/*
	 * Stream i is folded forward over the 15 - i blocks that follow it in
	 * the last group, by fold row 14 - i, and the 16 are summed into v2.
	 * Rows 0-15 come in by pairs, lxvp putting the row at the higher
	 * address in the even register; row 15 (v0) is loaded but not used.
	 */
	lxvp	50, 0(rfold)		/* v18 row 1, v19 row 0 */
	lxvp	52, 32(rfold)		/* v20 row 3, v21 row 2 */
	lxvp	54, 64(rfold)		/* v22 row 5, v23 row 4 */
	lxvp	56, 96(rfold)		/* v24 row 7, v25 row 6 */
	lxvp	58, 128(rfold)		/* v26 row 9, v27 row 8 */
	lxvp	60, 160(rfold)		/* v28 row 11, v29 row 10 */
	lxvp	62, 192(rfold)		/* v30 row 13, v31 row 12 */
	lxvp	32, 224(rfold)		/* v0 row 15, v1 row 14 */
	C	0, 1
	C	1, 30
	C	2, 31
	C	3, 28
	C	4, 29
	C	5, 26
	C	6, 27
	C	7, 24
	C	8, 25
	C	9, 22
	C	10, 23
	C	11, 20
	C	12, 21
	C	13, 18
	C	14, 19
	XOR3	34, 34, 35, 36
	XOR3	37, 37, 38, 39
	XOR3	40, 40, 41, 42
	XOR3	43, 43, 44, 45
	XOR3	46, 46, 47, 48
	XOR3	34, 34, 37, 40
	XOR3	43, 43, 46, 49
	vxor	2, 2, 11

	V20_V31	lxvp
	blr
SYM_FUNC_END(crc_vmx_fold_streams_isa31)
