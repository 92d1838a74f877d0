// SPDX-License-Identifier: GPL-2.0-only
/*
 * vpmsumd-probe: guest program of the execution lane of `make check`
 * (tools/vm/execution-lane.sh). It hashes one message through AF_ALG with
 * the named driver between the insn-interval plugin's markers, so that the
 * plugin counts every instruction the vCPU executes for it (vpmsumd, lxvp,
 * xxeval among them) and where it executed them. A vector CRC driver
 * executes about one vpmsumd per 16 bytes; a driver that only claims to
 * (its own counters rising while a software CRC runs) executes none. The
 * plugin's count is independent of everything in the guest.
 *
 * Usage: vpmsumd-probe DRIVER BYTES
 *        vpmsumd-probe --run COMMAND [ARG...]
 *
 * The first form pins itself to CPU 0 (the interval is counted per vCPU),
 * hashes BYTES of a fixed pattern in one send, checks the digest against a
 * bitwise reference of the driver's CRC (CRC32C, CRC-T10DIF or
 * CRC64-Rocksoft, chosen by the driver name's prefix) and prints one line:
 *   VPMSUMD-PROBE driver=DRIVER bytes=BYTES digest=HEX ok|MISMATCH
 * The second runs COMMAND between the markers (pinned to CPU 0, as its
 * children are): everything the vCPU executes meanwhile, in any process
 * and in the kernel, is one interval. Exits with COMMAND's status.
 * Exit codes: 0 digest right (COMMAND succeeded), 1 error or wrong digest,
 * 2 bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "afalg.h"
#include "crc32c_ref.h"

/* The insn-interval plugin's default markers. */
#define mark_begin() asm volatile("ori 0, 0, 0xb501" : : : "r0", "memory")
#define mark_end() asm volatile("ori 0, 0, 0xb502" : : : "r0", "memory")

struct crc {
	const char *prefix;	/* of the driver names that compute it */
	size_t size;		/* digest bytes */
	uint64_t (*ref)(const unsigned char *p, size_t len);
	/* The digest bytes as the kernel's drivers write them, as a number. */
	uint64_t (*value)(const unsigned char *d);
};

static uint64_t ref_crc32c(const unsigned char *p, size_t len)
{
	crc32c_ref_init();
	return ~crc32c_ref(~0u, p, len);
}

/*
 * CRC-T10DIF: polynomial 0x8bb7, most significant bit first, init 0. Byte
 * at a time from a table built bit by bit (a bitwise loop over 1 MiB costs
 * seconds under TCG).
 */
static uint64_t ref_t10dif(const unsigned char *p, size_t len)
{
	uint16_t t[256], crc;
	int i, b;

	for (i = 0; i < 256; i++) {
		crc = (uint16_t)(i << 8);
		for (b = 0; b < 8; b++)
			crc = (uint16_t)(crc & 0x8000 ? crc << 1 ^ 0x8bb7 : crc << 1);
		t[i] = crc;
	}
	for (crc = 0; len; len--, p++)
		crc = (uint16_t)(crc << 8 ^ t[(crc >> 8 ^ *p) & 0xff]);
	return crc;
}

/* CRC64-Rocksoft: 0xad93d23594c93659 reflected, init and final XOR ~0. */
static uint64_t ref_crc64(const unsigned char *p, size_t len)
{
	uint64_t t[256], crc;
	int i, b;

	for (i = 0; i < 256; i++) {
		crc = (uint64_t)i;
		for (b = 0; b < 8; b++)
			crc = crc & 1 ? crc >> 1 ^ 0x9a6c9329ac4bc9b5ull : crc >> 1;
		t[i] = crc;
	}
	for (crc = ~0ull; len; len--, p++)
		crc = crc >> 8 ^ t[(crc ^ *p) & 0xff];
	return ~crc;
}

/* crc32c and crc64-rocksoft digests are little-endian. */
static uint64_t value_le(const unsigned char *d, size_t n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | d[n];
	return v;
}

static uint64_t value_le32(const unsigned char *d)
{
	return value_le(d, 4);
}

static uint64_t value_le64(const unsigned char *d)
{
	return value_le(d, 8);
}

/* crct10dif stores its 16 bits in CPU byte order (little-endian here). */
static uint64_t value_t10dif(const unsigned char *d)
{
	uint16_t v;

	memcpy(&v, d, sizeof(v));
	return v;
}

static const struct crc crcs[] = {
	{ "crc32c", 4, ref_crc32c, value_le32 },
	{ "crct10dif", 2, ref_t10dif, value_t10dif },
	{ "crc64-rocksoft", 8, ref_crc64, value_le64 },
};

static int pin_cpu0(void)
{
	cpu_set_t cpus;

	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus)) {
		perror("vpmsumd-probe: sched_setaffinity(CPU 0)");
		return -1;
	}
	return 0;
}

static int run(char **argv)
{
	int status;
	pid_t pid;

	if (pin_cpu0())
		return 1;
	fflush(NULL);
	mark_begin();
	pid = fork();
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	mark_end();
	if (pid < 0) {
		perror("vpmsumd-probe: fork");
		return 1;
	}
	if (!WIFEXITED(status)) {
		fprintf(stderr, "vpmsumd-probe: %s did not exit normally\n", argv[0]);
		return 1;
	}
	if (WEXITSTATUS(status) == 127)
		fprintf(stderr, "vpmsumd-probe: %s exited 127 (not found?)\n", argv[0]);
	return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	const struct crc *c = NULL;
	unsigned char digest[8];
	struct afalg_hash h;
	unsigned char *buf;
	uint64_t got, want;
	char *end;
	size_t len, i;
	int err;

	if (argc >= 3 && !strcmp(argv[1], "--run"))
		return run(argv + 2);
	if (argc != 3) {
		fprintf(stderr, "usage: vpmsumd-probe DRIVER BYTES | --run COMMAND [ARG...]\n");
		return 2;
	}
	for (i = 0; i < sizeof(crcs) / sizeof(crcs[0]); i++)
		if (!strncmp(argv[1], crcs[i].prefix, strlen(crcs[i].prefix)) &&
		    argv[1][strlen(crcs[i].prefix)] == '-')
			c = &crcs[i];
	if (!c) {
		fprintf(stderr,
			"vpmsumd-probe: '%s' is not a crc32c-, crct10dif- or crc64-rocksoft- driver\n",
			argv[1]);
		return 2;
	}
	len = strtoul(argv[2], &end, 0);
	if (*end || len == 0 || len > (64u << 20)) {
		fprintf(stderr, "vpmsumd-probe: BYTES must be 1..64M, got '%s'\n", argv[2]);
		return 2;
	}
	if (pin_cpu0())
		return 1;
	buf = malloc(len);
	if (!buf) {
		perror("vpmsumd-probe: malloc");
		return 1;
	}
	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 131 + (i >> 9));
	want = c->ref(buf, len);

	err = afalg_open(&h, argv[1]);
	if (err) {
		fprintf(stderr, "vpmsumd-probe: cannot open %s through AF_ALG: %s\n", argv[1],
			strerror(-err));
		return 1;
	}
	mark_begin();
	err = afalg_digest_bytes(&h, buf, len, NULL, 0, digest, c->size);
	mark_end();
	afalg_close(&h);
	if (err) {
		fprintf(stderr, "vpmsumd-probe: digest through %s failed: %s\n", argv[1],
			strerror(-err));
		return 1;
	}
	got = c->value(digest);
	printf("VPMSUMD-PROBE driver=%s bytes=%zu digest=%0*llx %s\n", argv[1], len,
	       (int)(2 * c->size), (unsigned long long)got, got == want ? "ok" : "MISMATCH");
	free(buf);
	return got == want ? 0 : 1;
}
