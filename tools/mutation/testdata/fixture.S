/* SPDX-License-Identifier: GPL-2.0-only */
/* The generator's fixture for assembly: instructions only. */
#define rx	3
	.text
	.globl	fixture
fixture:
	addi	rx, rx, 16	# comment 5
	cmpdi	rx, 32
	blt	1f
	li	rx, 0
1:	blr
