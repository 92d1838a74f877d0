// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg_crc32c: print the crc32c of stdin computed by the kernel through
 * AF_ALG. Used by the shell selftests and the `make run` demo.
 *   afalg_crc32c [NAME]   NAME: algorithm or driver (default "crc32c")
 * Exit: 0 ok, 1 AF_ALG or I/O error, 2 bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afalg.h"

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "crc32c";
	/*
	 * Aligned to the largest page size of the kernels tested (64 KiB), so
	 * that AF_ALG hands the driver the message in whole pages: some kernels
	 * (6.12, 7.2) update once per page the buffer touches, and a sliver
	 * of a first page would take a shorter path than the rest
	 * (crc32c_vmx_isa31.sh counts the bytes of the ISA 3.1 core).
	 */
	static unsigned char buf[(4 << 20) + 1] __attribute__((aligned(65536)));
	struct afalg_hash h;
	uint32_t digest;
	size_t len = 0;
	ssize_t n = 0;
	int err;

	if (argc > 2 || (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))) {
		fprintf(argc > 2 ? stderr : stdout,
			"Usage: %s [NAME]  crc32c of stdin (at most 4 MiB) via AF_ALG\n", argv[0]);
		return argc > 2 ? 2 : 0;
	}
	while (len < sizeof(buf) && (n = read(0, buf + len, sizeof(buf) - len)) > 0)
		len += n;
	if (n < 0) {
		perror("afalg_crc32c: read");
		return 1;
	}
	if (len == sizeof(buf)) {
		fprintf(stderr, "afalg_crc32c: input longer than %zu bytes\n", sizeof(buf) - 1);
		return 1;
	}
	err = afalg_open(&h, name);
	if (!err)
		err = afalg_digest(&h, buf, len, NULL, 0, &digest);
	if (err) {
		fprintf(stderr, "afalg_crc32c: AF_ALG hash %s: %s\n", name, strerror(-err));
		return 1;
	}
	/* The CRC value (the digest bytes read as little-endian), as CRC
	 * catalogues print it: crc32c("123456789") = e3069283.
	 */
	printf("%08x  (%zu bytes, %s)\n", digest, len, name);
	afalg_close(&h);
	return 0;
}
