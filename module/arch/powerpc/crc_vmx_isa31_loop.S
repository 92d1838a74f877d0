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
 * The body is eight steps of one macro, STEP, each for a pair of streams.
 * A step xors products made two and a half steps before it, so the first
 * three steps of a group take products of the group before (in the first
 * iteration, registers the start sets to zero; after the last, the drain
 * does what they would), and it loads blocks for three and a half steps
 * later, so the last iteration loads, and ignores, CRC_VMX_ISA31_AHEAD
 * blocks after its group.
 * Every register that holds blocks or products is computed from the
 * block's index (VR_OF, VSR_OF, PROD_OF), so no step names one by hand.
 * Two pointers, each advanced once per iteration half a body apart and
 * between the steps that load through it, keep every load from waiting on
 * its addi.
 *
 * Every vector register is named by its VMX number (v0-v31), whatever
 * instruction uses it: the macros add 32 where a VSX instruction names it.
 * The added blocks, in VSR 0-7, are the only VSX-only registers. Every load
 * names the blocks it takes by their index in the current group (32 and on:
 * the next group); the macros turn the index into the offset from their
 * pointer, however far the body has advanced it. xxeval and plxvp are
 * prefixed instructions, which may not cross a 64-byte boundary; the body
 * starts 64-byte aligned, STEP orders its independent instructions so that
 * none would, and the assembly fails if one would, so the assembler inserts
 * no padding inside the loop.
 */
#include <linux/linkage.h>
#include "crc_vmx_isa31_loop.h"

	.machine	power10

/* The arguments, and the second pointer into the input */
#define rp	3	/* p: aligned blocks */
#define rgroups	4	/* groups >= 1 */
#define rfold	5	/* the fold table: row k - 1 is x^(128 * k) */
#define rq	6	/* q: p again, advanced half a body from p */

/*
 * The macros name the pointers p and q. .Lp_ahead and .Lq_ahead are how far
 * each is past the start of the current group: the body advances p and q
 * once each (A), so the loads after an A reach the same block with an
 * offset one group smaller. (.L: symbols local to the assembler.)
 */
	.set	.Lrp, rp
	.set	.Lrq, rq

/* The VRs of the two constants and of the streams */
	.set	.Lx16, 0	/* x^(128 * 16): a multiplied block to its stream's end */
	.set	.Lx32, 1	/* x^(128 * 32): a stream forward by one group */
	.set	.Ls0, 2		/* stream s is v(.Ls0 + s), s = 0-15 */

/*
 * Where each value lives. The multiplied blocks of a group go through four
 * pairs, v18-v25: the pair of blocks 2m and 2m + 1 is loaded into
 * v(18 + 2 * ((m + 1) % 4)), block 2m + 1 in the even register. The added
 * blocks go through VSR 0-7 in the same way, blocks 16 + 2m and 17 + 2m
 * into VSR (2m % 8). A product lives from its vpmsumd to its stream's
 * xxeval five products later, so products rotate through five registers,
 * v26-v30; the sixteenth of a group goes to v31, which puts the next group's
 * first product in v26 again. A block index of -1 is block 15 of the group
 * before.
 */
/* .Lvr: the VR that holds multiplied block b (-1 to 15) */
.macro VR_OF b
	.set	.Lvr, 18 + 2 * ((((\b) + 16) % 16 / 2 + 1) % 4) + 1 - ((\b) + 16) % 2
.endm
/* .Lvsr: the VSR that holds added block b (16 to 31) */
.macro VSR_OF b
	.set	.Lvsr, ((\b) & 6) + 1 - ((\b) & 1)
.endm
/* .Lprod: the VR that holds the product of multiplied block b (-1 to 15) */
.macro PROD_OF b
	.if	((\b) + 17) % 16 == 15
	.set	.Lprod, 31
	.else
	.set	.Lprod, 26 + ((\b) + 17) % 16 % 5
	.endif
.endm

/*
 * .Lw counts the words of the body emitted so far, from its 64-byte aligned
 * start, so that the body can place its prefixed instructions (plxvp,
 * xxeval), which may not cross a 64-byte boundary, where the assembler
 * need not pad; outside the body it is -1.
 */
	.set	.Lw, -1
.macro WORDS n, prefixed=0
	.if	.Lw >= 0
	.if	\prefixed && .Lw % 16 == 15
	.error	"a prefixed instruction here would cross a 64-byte boundary"
	.endif
	.set	.Lw, .Lw + \n
	.endif
.endm

/* lxvp: multiplied blocks b and b + 1 through pointer r (p or q) */
.macro LV b, r
	VR_OF	(\b)%16+1
	lxvp	32 + .Lvr, 16 * (\b) - .L\r\()_ahead(.Lr\r)
	WORDS	1
.endm
/* plxvp: added blocks b and b + 1 through pointer r */
.macro LX b, r
	VSR_OF	(\b)+1
	WORDS	2, 1
	plxvp	.Lvsr, 16 * (\b) - .L\r\()_ahead(.Lr\r), 0
.endm
/* addi: pointer r on by one group */
.macro A r
	addi	.Lr\r, .Lr\r, 16 * CRC_VMX_ISA31_BLOCKS
	.set	.L\r\()_ahead, .L\r\()_ahead + 16 * CRC_VMX_ISA31_BLOCKS
	WORDS	1
.endm
/* vpmsumd: multiplied block b moved to its stream's end */
.macro M b
	VR_OF	\b
	PROD_OF	\b
	vpmsumd	.Lprod, .Lvr, .Lx16
	WORDS	1
.endm
/* vpmsumd: stream s moved forward by one group */
.macro F s
	vpmsumd	.Ls0 + (\s), .Ls0 + (\s), .Lx32
	WORDS	1
.endm
/* xxeval: stream s ^= the product of block s ^ added block 16 + s */
.macro X s
	PROD_OF	\s
	VSR_OF	16+(\s)
	WORDS	2, 1
	xxeval	32 + .Ls0 + (\s), 32 + .Ls0 + (\s), 32 + .Lprod, .Lvsr, 0x69
.endm
/* lxvp of the multiplied blocks a step loads, the next group's from k = 5 on */
.macro LV_STEP k, r
	.if	2 * \k + 6 < 16
	LV	2*\k+6, \r
	.else
	LV	2*\k+22, \r
	.endif
.endm
/*
 * Step k of the body, through pointer r: streams 2k + 10 and 2k + 11
 * (mod 16) take the products of their blocks (the first three steps take
 * the previous group's), blocks 2k - 1 and 2k are multiplied, streams 2k
 * and 2k + 1 move forward a group, and the next pairs come in: added
 * blocks 16 + 2k and 17 + 2k, multiplied blocks 6 + 2k and 7 + 2k. The
 * three in the middle are independent of each other; their order puts no
 * prefixed instruction across a 64-byte boundary.
 */
.macro STEP k, r
	X	(2*\k+10)%16
	M	2*\k-1
	F	2*\k
	.if	.Lw % 16 == 15
	LV_STEP	\k, \r
	LX	16+2*\k, \r
	X	(2*\k+11)%16
	.elseif	(.Lw + 3) % 16 == 15
	LX	16+2*\k, \r
	X	(2*\k+11)%16
	LV_STEP	\k, \r
	.else
	LX	16+2*\k, \r
	LV_STEP	\k, \r
	X	(2*\k+11)%16
	.endif
	M	2*\k
	F	2*\k+1
.endm
/* vpmsumd: stream s folded forward by fold row 14 - s (see LF for its VR) */
.macro C s
	vpmsumd	.Ls0 + \s, .Ls0 + \s, (18 + ((14 - \s) ^ 1)) % 32
.endm
/* xxeval: stream d = stream a ^ stream b ^ stream c */
.macro XOR3 d, a, b, c
	xxeval	32 + .Ls0 + \d, 32 + .Ls0 + \a, 32 + .Ls0 + \b, 32 + .Ls0 + \c, 0x69
.endm
/*
 * lxvp: fold rows k + 1 and k (k even) into v(18 + k) and v(19 + k), mod 32:
 * row r is in v((18 + (r ^ 1)) % 32)
 */
.macro LF k
	lxvp	32 + (18 + \k) % 32, 16 * \k(rfold)
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
	lxv	32 + .Lx16, 16 * 15(rfold)
	lxv	32 + .Lx32, 16 * 31(rfold)
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
	LV	0, p
	LV	2, p
	LV	4, p

	.p2align 6
1:
	.set	.Lp_ahead, 0
	.set	.Lq_ahead, 0
	.set	.Lw, 0
	/*
	 * Live into each step, beside v0-v17: the multiplied blocks, the
	 * added blocks and the products not yet taken.
	 */
	STEP	0, p		/* v18 v20-v25, vs2-vs7, v27-v31 */
	STEP	1, p		/* v18-v20 v22-v25, vs0-vs1 vs4-vs7, v26-v27 v29-v31 */
	STEP	2, q		/* v18-v22 v24-v25, vs0-vs3 vs6-vs7, v26-v29 v31 */
	STEP	3, q		/* v18-v24, vs0-vs5, v26-v30 */
	A	p
	STEP	4, q		/* v18 v20-v25, vs2-vs7, v26-v30 */
	STEP	5, q		/* v18-v20 v22-v25, vs0-vs1 vs4-vs7, v26-v30 */
	STEP	6, p		/* v18-v22 v24-v25, vs0-vs3 vs6-vs7, v26-v30 */
	STEP	7, p		/* v18-v24, vs0-vs5, v26-v30 */
	A	q
	.if	.Lp_ahead != 16 * CRC_VMX_ISA31_BLOCKS || .Lq_ahead != 16 * CRC_VMX_ISA31_BLOCKS
	.error	"the body must advance p and q by one group each"
	.endif
	bdnz	1b
	.set	.Lw, -1

	/* what steps 0-2 of a next iteration would finish */
	X	10
	M	-1
	.irp	s, 11, 12, 13, 14, 15
	X	\s
	.endr
	/*
	 * Stream i is folded forward over the 15 - i blocks that follow it in
	 * the last group, by fold row 14 - i, and the 16 are summed into v2.
	 * Rows 0-15 come in by pairs, lxvp putting the row at the higher
	 * address in the even register: rows 0-13 in v18-v31, 14 in v1 and
	 * 15 in v0 (loaded but not used).
	 */
	.irp	k, 0, 2, 4, 6, 8, 10, 12, 14
	LF	\k
	.endr
	.irp	s, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	C	\s
	.endr
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
