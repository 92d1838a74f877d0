/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC64-Rocksoft (polynomial 0xad93d23594c93659, reflected; CRC-64/NVME
 * with inversion) by vpmsumd folding on POWER8 and later: the math only,
 * from the template core (crc_vmx_core_template.h).
 *
 * crc64_rocksoft_vmx_core() advances the raw reflected 64-bit state over
 * len bytes (no pre- or post-inversion), any length and alignment. Like
 * crc32c_vmx_core() it uses AltiVec (VMX) only: in the kernel, only
 * between enable_kernel_altivec() and disable_kernel_altivec(), with
 * preemption and page faults disabled.
 */
#ifndef CRC64_ROCKSOFT_VMX_CORE_H
#define CRC64_ROCKSOFT_VMX_CORE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "kernel_types.h"
#endif

u64 crc64_rocksoft_vmx_core(u64 crc, const u8 *p, size_t len);

/* The facility it needs: 0 AltiVec (MSR[VEC]) only, 1 VSX too */
#define CRC64_ROCKSOFT_VMX_CORE_NEEDS_VSX	0

#endif /* CRC64_ROCKSOFT_VMX_CORE_H */
