/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The shape of the ISA 3.1 (POWER10 and later) loop in
 * crc_vmx_isa31_loop.S, which its C caller (the template core's
 * crc_vmx_run()) must share: blocks of 16 bytes per iteration, and how many
 * the last iteration reads past the groups it folds.
 */
#ifndef CRC_VMX_ISA31_LOOP_H
#define CRC_VMX_ISA31_LOOP_H

#define CRC_VMX_ISA31_BLOCKS	32	/* blocks per iteration */
#define CRC_VMX_ISA31_AHEAD	6	/* blocks the last iteration loads after its group */

#endif /* CRC_VMX_ISA31_LOOP_H */
