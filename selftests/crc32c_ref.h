/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Table-driven software CRC32C for the selftests' expected values. It is
 * deliberately independent of the driver under test and of the kernel.
 */
#ifndef CRC32C_SELFTEST_REF_H
#define CRC32C_SELFTEST_REF_H

#include <stddef.h>
#include <stdint.h>

/* Build the table. Call once, before any thread uses crc32c_ref(). */
void crc32c_ref_init(void);

/*
 * Advance the raw reflected CRC32C state over len bytes: no pre- or
 * post-inversion. A digest with seed s is ~crc32c_ref(s, data, len), and the
 * default seed is ~0.
 */
uint32_t crc32c_ref(uint32_t crc, const void *data, size_t len);

#endif
