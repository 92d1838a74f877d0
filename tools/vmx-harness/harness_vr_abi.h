/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ELFv2 rule that a callee leaves v20-v31 as it found them, checked
 * around one call of a core (little-endian only: the ELFv2 ABI is the
 * little-endian one here, and the ISA 3.1 loop that saves and restores
 * those registers by hand exists only there).
 */
#ifndef HARNESS_VR_ABI_H
#define HARNESS_VR_ABI_H

#include <stddef.h>
#include <stdint.h>

#define HARNESS_VR_ABI_BYTES	(12 * 16)	/* v20-v31 */

typedef uint32_t (*harness_crc32_fn)(uint32_t crc, const uint8_t *p, size_t len);

/*
 * Loads v20-v31 from in (16-byte aligned), calls fn(crc, p, len), stores
 * v20-v31 as fn left them to out (16-byte aligned) and returns fn's value.
 * The caller's own v20-v31 are saved and restored around all of it.
 */
uint32_t harness_call_vr_abi(uint32_t crc, const uint8_t *p, size_t len, harness_crc32_fn fn,
			     const void *in, void *out);

#endif /* HARNESS_VR_ABI_H */
