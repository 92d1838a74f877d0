// SPDX-License-Identifier: GPL-2.0-only
/*
 * vpmsumd-probe: guest program of the "vpmsumd" lane of `make check`. It
 * hashes one message through AF_ALG with the named driver between the
 * insn-interval plugin's markers, so that the plugin counts every
 * instruction the kernel executes for it, vpmsumd among them. A vector CRC
 * driver executes about one vpmsumd per 16 bytes; a driver that only claims
 * to (its own counters rising while a software CRC runs) executes none. The
 * plugin's count is independent of everything in the guest.
 *
 * Usage: vpmsumd-probe DRIVER BYTES
 *
 * Pins itself to CPU 0 (the interval is counted per vCPU), hashes BYTES of
 * a fixed pattern in one send, checks the digest against a software CRC32C
 * and prints one line:
 *   VPMSUMD-PROBE driver=DRIVER bytes=BYTES digest=XXXXXXXX ok|MISMATCH
 * Exit codes: 0 digest right, 1 error or wrong digest, 2 bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "crc32c_ref.h"

/* The insn-interval plugin's default markers. */
#define mark_begin() asm volatile("ori 0, 0, 0xb501" : : : "r0", "memory")
#define mark_end() asm volatile("ori 0, 0, 0xb502" : : : "r0", "memory")

int main(int argc, char **argv)
{
	struct afalg_hash h;
	unsigned char *buf;
	uint32_t digest, want;
	cpu_set_t cpus;
	char *end;
	size_t len, i;
	int err;

	if (argc != 3) {
		fprintf(stderr, "usage: vpmsumd-probe DRIVER BYTES\n");
		return 2;
	}
	len = strtoul(argv[2], &end, 0);
	if (*end || len == 0 || len > (64u << 20)) {
		fprintf(stderr, "vpmsumd-probe: BYTES must be 1..64M, got '%s'\n", argv[2]);
		return 2;
	}
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus)) {
		perror("vpmsumd-probe: sched_setaffinity(CPU 0)");
		return 1;
	}
	buf = malloc(len);
	if (!buf) {
		perror("vpmsumd-probe: malloc");
		return 1;
	}
	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 131 + (i >> 9));
	crc32c_ref_init();
	want = ~crc32c_ref(~0u, buf, len);

	err = afalg_open(&h, argv[1]);
	if (err) {
		fprintf(stderr, "vpmsumd-probe: cannot open %s through AF_ALG: %s\n", argv[1],
			strerror(-err));
		return 1;
	}
	mark_begin();
	err = afalg_digest(&h, buf, len, NULL, 0, &digest);
	mark_end();
	afalg_close(&h);
	if (err) {
		fprintf(stderr, "vpmsumd-probe: digest through %s failed: %s\n", argv[1],
			strerror(-err));
		return 1;
	}
	printf("VPMSUMD-PROBE driver=%s bytes=%zu digest=%08x %s\n", argv[1], len, digest,
	       digest == want ? "ok" : "MISMATCH");
	free(buf);
	return digest == want ? 0 : 1;
}
