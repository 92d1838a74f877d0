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
 * Every vector register is named by its VMX number (v0-v31), whatever
 * instruction uses it: the macros below add 32 where a VSX instruction
 * names it. The added blocks, in VSR 0-7, are the only VSX-only registers.
 * Every load names the blocks it takes by their index in the current
 * group (32 and on: the next group); the macros turn the index into the
 * offset from their pointer, however far the body has advanced it. xxeval
 * and plxvp are prefixed instructions, which may not cross a 64-byte boundary:
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

/*
 * The macros name the pointers p and q. .Lp_ahead and .Lq_ahead are how far
 * each is past the start of the current group: the body advances p and q
 * once each (A), so the loads after an A reach the same block with an
 * offset one group smaller. (.L: symbols local to the assembler.)
 */
	.set	.Lrp, rp
	.set	.Lrq, rq

/* lxvp: multiplied blocks b and b + 1 through pointer r (p or q) into v(x), v(x + 1) */
.macro LV x, b, r
	lxvp	32 + \x, 16 * \b - .L\r\()_ahead(.Lr\r)
.endm
/* plxvp: added blocks b and b + 1 through pointer r into VSR x, x + 1 (0-7) */
.macro LX x, b, r
	plxvp	\x, 16 * \b - .L\r\()_ahead(.Lr\r), 0
.endm
/* addi: pointer r on by one group */
.macro A r
	addi	.Lr\r, .Lr\r, 16 * CRC_VMX_ISA31_BLOCKS
	.set	.L\r\()_ahead, .L\r\()_ahead + 16 * CRC_VMX_ISA31_BLOCKS
.endm
/* vpmsumd: v(d) = v(a) * x^(128 * 16) (v0), a block moved to its stream's end */
.macro M d, a
	vpmsumd	\d, \a, 0
.endm
/* vpmsumd: stream s (v2 + s) moved forward by one group (v1: x^(128 * 32)) */
.macro F s
	vpmsumd	2 + \s, 2 + \s, 1
.endm
/* xxeval: stream s (v2 + s) ^= product v(p) ^ added block VSR b */
.macro X s, p, b
	xxeval	32 + 2 + \s, 32 + 2 + \s, 32 + \p, \b, 0x69
.endm
/* vpmsumd: stream s folded forward by the fold row in v(k) */
.macro C s, k
	vpmsumd	2 + \s, 2 + \s, \k
.endm
/* xxeval: stream d = stream a ^ stream b ^ stream c */
.macro XOR3 d, a, b, c
	xxeval	32 + 2 + \d, 32 + 2 + \a, 32 + 2 + \b, 32 + 2 + \c, 0x69
.endm
/* lxvp: fold rows k + 1 and k into v(x) and v(x + 1) */
.macro LF x, k
	lxvp	32 + \x, 16 * \k(rfold)
.endm
/* stxvp or lxvp: v20-v31 to or from the 192 bytes just below the stack pointer */
.macro V20_V31 op
	\op	32 + 20, -192(1)
	\op	32 + 22, -160(1)
	\op	32 + 24, -128(1)
	\op	32 + 26, -96(1)
	\op	32 + 28, -64(1)
	\op	32 + 30, -32(1)
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
	lxv	32 + 0, 16 * 15(rfold)		/* x^(128 * 16) */
	lxv	32 + 1, 16 * 31(rfold)		/* x^(128 * 32) */
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
	/* the first group's blocks 0-5; blocks 32-37 are loaded so in the body */
	.set	.Lp_ahead, 0
	LV	20, 0, p
	LV	22, 2, p
	LV	24, 4, p

	.p2align 6
1:
	.set	.Lp_ahead, 0
	.set	.Lq_ahead, 0
	X	10, 27, 3
	M	26, 18
	F	0
	LX	0, 16, p
	LV	18, 6, p
	X	11, 28, 2
	M	27, 21
	F	1
	X	12, 29, 5
	M	28, 20
	F	2
	LV	20, 8, p
	LX	2, 18, p
	X	13, 30, 4
	M	29, 23
	F	3
	A	p
	X	14, 31, 7
	M	30, 22
	F	4
	LX	4, 20, q
	LV	22, 10, q
	X	15, 26, 6
	M	26, 25
	F	5
	X	0, 27, 1
	M	27, 24
	F	6
	LX	6, 22, q
	LV	24, 12, q
	X	1, 28, 0
	M	28, 19
	F	7
	X	2, 29, 3
	M	29, 18
	F	8
	LX	0, 24, q
	LV	18, 14, q
	X	3, 30, 2
	M	30, 21
	F	9
	X	4, 26, 5
	M	26, 20
	F	10
	LX	2, 26, q
	X	5, 27, 4
	LV	20, 32, q
	M	27, 23
	F	11
	A	q
	X	6, 28, 7
	M	28, 22
	F	12
	LX	4, 28, p
	LV	22, 34, p
	X	7, 29, 6
	M	29, 25
	X	8, 30, 1
	F	13
	M	30, 24
	F	14
	LX	6, 30, p
	LV	24, 36, p
	X	9, 26, 0
	M	31, 19
	F	15
	.if	.Lp_ahead != 16 * CRC_VMX_ISA31_BLOCKS || .Lq_ahead != 16 * CRC_VMX_ISA31_BLOCKS
	.error	"the body must advance p and q by one group each"
	.endif
	bdnz	1b

	X	10, 27, 3
	M	26, 18
	X	11, 28, 2
	X	12, 29, 5
	X	13, 30, 4
	X	14, 31, 7
	X	15, 26, 6
	/*
	 * Stream i is folded forward over the 15 - i blocks that follow it in
	 * the last group, by fold row 14 - i, and the 16 are summed into v2.
	 * Rows 0-15 come in by pairs, lxvp putting the row at the higher
	 * address in the even register; row 15 (v0) is loaded but not used.
	 */
	LF	18, 0		/* v18 row 1, v19 row 0 */
	LF	20, 2		/* v20 row 3, v21 row 2 */
	LF	22, 4		/* v22 row 5, v23 row 4 */
	LF	24, 6		/* v24 row 7, v25 row 6 */
	LF	26, 8		/* v26 row 9, v27 row 8 */
	LF	28, 10		/* v28 row 11, v29 row 10 */
	LF	30, 12		/* v30 row 13, v31 row 12 */
	LF	0, 14		/* v0 row 15, v1 row 14 */
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
	XOR3	0, 0, 1, 2
	XOR3	3, 3, 4, 5
	XOR3	6, 6, 7, 8
	XOR3	9, 9, 10, 11
	XOR3	12, 12, 13, 14
	XOR3	0, 0, 3, 6
	XOR3	9, 9, 12, 15
	vxor	2, 2, 11		/* stream 0 ^= stream 9 */

	V20_V31	lxvp
	blr
SYM_FUNC_END(crc_vmx_fold_streams_isa31)
