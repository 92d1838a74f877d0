/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the crc32c_vmx kselftest programs. Include after
 * kselftest.h and afalg.h.
 */
#ifndef CRC32C_KSFT_H
#define CRC32C_KSFT_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_stat.h"

#define CRC32C_KSFT_VECTOR_STATS	"/sys/module/crc32c_vmx/stats/vector_bytes"
#define CRC32C_KSFT_LIVE_STATS		"/sys/module/crc32c_vmx/stats/live_state_bytes"

/*
 * Open an AF_ALG hash on driver or end the test: skip when AF_ALG or the
 * driver is absent, fail when it exists but cannot be used (e.g. ELIBBAD: it
 * failed the crypto self-tests).
 */
static inline void crc32c_ksft_open_or_exit(struct afalg_hash *h, const char *driver)
{
	int err = afalg_open(h, driver);

	if (err == -EAFNOSUPPORT || err == -ENOENT)
		ksft_exit_skip("cannot bind AF_ALG hash %s: %s (need CONFIG_CRYPTO_USER_API_HASH and the driver's module)\n",
			       driver, strerror(-err));
	if (err)
		ksft_exit_fail_msg("cannot bind AF_ALG hash %s: %s%s\n", driver, strerror(-err),
				   err == -ELIBBAD ? " (it failed the crypto self-tests)" : "");
}

/*
 * Whether the run asks for the shorter sweeps: the environment variable
 * CRC32C_VMX_DEPTH is "quick" (the test guest's /init sets it from
 * crcvmx.depth= on the kernel command line). make check asks for it on the
 * kernels and CPUs whose vector core it already sweeps in full elsewhere;
 * each program prints the depth and the sizes it chose.
 */
static inline int crc32c_ksft_quick(void)
{
	const char *d = getenv("CRC32C_VMX_DEPTH");

	return d && !strcmp(d, "quick");
}

/* crc32c-vmx's vector-path byte count, or -1 if it cannot be read. */
static inline long long crc32c_ksft_vector_bytes(void)
{
	return crc_vmx_read_stat(CRC32C_KSFT_VECTOR_STATS);
}

#endif
