/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Integer-only, for tools/check-objects.sh --self-test: branches whose
 * targets objdump prints as "f0" and "fc", which are hex addresses, not FP
 * registers. Must pass as glue.
 */
	.text
	.globl	branchy
branchy:
	bl	f0_target
	beq	0, fc_target
	.rept	58
	nop
	.endr
f0_target:			/* offset 0xf0 */
	xori	3, 3, 1
	nop
	nop
fc_target:			/* offset 0xfc */
	blr
