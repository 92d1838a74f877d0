// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc_family_afalg: checks a "crct10dif" or "crc64-rocksoft" driver
 * through AF_ALG against a bitwise reference written from each CRC's
 * definition (and, optionally, against a second driver).
 *   crc_family_afalg [-l LEN] ALG DRIVER [OTHER_DRIVER]
 * ALG is crct10dif or crc64-rocksoft. Prints KTAP-style "# " diagnostics
 * and one summary line. Cases: the catalogue check value of "123456789";
 * every length 0..1100 at offset 0..3 in one send; the same lengths in
 * three sends (split at len/3 and 2*len/3, so the pieces cross the vector
 * thresholds, 16 and 32 bytes, differently); a 100,003-byte message, whole
 * (one send) and in 4,093-byte sends. Even the one send reaches the driver
 * in updates of at most one page: the crypto API's hash walk
 * (crypto/ahash.c, on 6.1 and 6.12) stops at every page boundary, so an
 * update is at most 4 KiB on 4K-page kernels and 64 KiB on 64K-page ones
 * (the first shorter by the buffer's offset in its page). The drivers'
 * 32 KiB chunk loop therefore runs at most once per update, and only on
 * 64K pages; single calls longer than 64 KiB are crc_vmx_bounds.sh's
 * (selftests/kmod/crc_vmx_bounds.c).
 * With -l LEN (at most 4096) the only case is ONE_COUNT messages of exactly
 * LEN bytes, each in one send from the start of a page-aligned buffer, so
 * that each reaches the driver as one update of LEN bytes: the callers
 * count which path took them (crc_family_vmx.sh, the vector thresholds).
 * Exit: 0 all agree, 1 a mismatch or an AF_ALG error, 2 bad usage.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"

#define MAX_LEN		1100
#define LONG_LEN	100003
#define LONG_PIECE	4093
#define ONE_MAX		4096
#define ONE_COUNT	16
#define USAGE		"[-l LEN] crct10dif|crc64-rocksoft DRIVER [DRIVER2]"

struct family_crc {
	const char *alg;
	size_t digestsize;
	uint64_t check;		/* CRC of "123456789" (CRC catalogue) */
	uint64_t (*ref)(const unsigned char *p, size_t len);
	/* The digest bytes as the kernel's generic driver writes them. */
	uint64_t (*value)(const unsigned char *digest);
};

/* CRC-T10DIF: polynomial 0x8bb7, MSB first, init 0, no final XOR. */
static uint64_t ref_t10dif(const unsigned char *p, size_t len)
{
	uint16_t crc = 0;
	int i;

	while (len--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (i = 0; i < 8; i++)
			crc = crc & 0x8000 ? (uint16_t)(crc << 1) ^ 0x8bb7 : (uint16_t)(crc << 1);
	}
	return crc;
}

/* crct10dif-generic stores the 16-bit CRC in CPU byte order. */
static uint64_t value_t10dif(const unsigned char *digest)
{
	uint16_t v;

	memcpy(&v, digest, sizeof(v));
	return v;
}

/*
 * CRC64-Rocksoft (CRC-64/NVME): polynomial 0xad93d23594c93659 reflected
 * (0x9a6c9329ac4bc9b5 LSB first), init and final XOR all ones.
 */
static uint64_t ref_crc64(const unsigned char *p, size_t len)
{
	uint64_t crc = ~(uint64_t)0;
	int i;

	while (len--) {
		crc ^= *p++;
		for (i = 0; i < 8; i++)
			crc = crc & 1 ? (crc >> 1) ^ 0x9a6c9329ac4bc9b5ULL : crc >> 1;
	}
	return ~crc;
}

/* crc64-rocksoft-generic stores the 64-bit CRC little-endian. */
static uint64_t value_crc64(const unsigned char *digest)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | digest[i];
	return v;
}

static const struct family_crc crcs[] = {
	{ "crct10dif", 2, 0xd0db, ref_t10dif, value_t10dif },
	{ "crc64-rocksoft", 8, 0xae8b14860a799888ULL, ref_crc64, value_crc64 },
};

static int failures;

/* Digest through driver h; compare with the reference; report a mismatch. */
static void check(const struct family_crc *c, struct afalg_hash *h, const char *driver,
		  const unsigned char *p, size_t len, const size_t *split, size_t nsplit,
		  const char *what)
{
	unsigned char out[8];
	uint64_t want = c->ref(p, len), got;
	int err;

	err = afalg_digest_bytes(h, p, len, split, nsplit, out, c->digestsize);
	if (err) {
		printf("# %s: %s, %zu bytes: AF_ALG error %s\n", driver, what, len, strerror(-err));
		failures++;
		return;
	}
	got = c->value(out);
	if (got != want) {
		if (failures < 10)
			printf("# %s: %s, %zu bytes: got %llx, want %llx\n", driver, what, len,
			       (unsigned long long)got, (unsigned long long)want);
		failures++;
	}
}

/* ONE_COUNT messages of one_len bytes through h, each from a page start. */
static void run_one_length(const struct family_crc *c, struct afalg_hash *h, const char *driver,
			   const unsigned char *buf, size_t one_len)
{
	static unsigned char page[ONE_MAX] __attribute__((aligned(65536)));
	int i;

	memcpy(page, buf, one_len);
	for (i = 0; i < ONE_COUNT; i++)
		check(c, h, driver, page, one_len, NULL, 0, "one send, page-aligned");
}

static void run_driver(const struct family_crc *c, const char *driver, unsigned char *buf,
		       long one_len)
{
	size_t len, off, split[3], n, i;
	struct afalg_hash h;
	int err;

	err = afalg_open(&h, driver);
	if (err) {
		printf("# cannot bind AF_ALG hash %s: %s\n", driver, strerror(-err));
		failures++;
		return;
	}
	if (one_len >= 0) {
		run_one_length(c, &h, driver, buf, one_len);
		afalg_close(&h);
		return;
	}
	check(c, &h, driver, (const unsigned char *)"123456789", 9, NULL, 0, "check string");
	for (off = 0; off < 4; off++)
		for (len = 0; len <= MAX_LEN; len++)
			check(c, &h, driver, buf + off, len, NULL, 0, "one send");
	for (len = 0; len <= MAX_LEN; len++) {
		split[0] = len / 3;
		split[1] = 2 * len / 3 - len / 3;
		check(c, &h, driver, buf + 1, len, split, 2, "three sends");
	}
	check(c, &h, driver, buf, LONG_LEN, NULL, 0, "long, one send");
	{
		size_t pieces[LONG_LEN / LONG_PIECE];

		n = sizeof(pieces) / sizeof(pieces[0]);
		for (i = 0; i < n; i++)
			pieces[i] = LONG_PIECE;
		check(c, &h, driver, buf, LONG_LEN, pieces, n, "long, 4093-byte sends");
	}
	afalg_close(&h);
}

int main(int argc, char **argv)
{
	const struct family_crc *c = NULL;
	unsigned char *buf;
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	long one_len = -1;
	char *end;
	size_t i;
	int a;

	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("Usage: %s " USAGE "\n", argv[0]);
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "-l")) {
		one_len = strtol(argv[2], &end, 10);
		if (*argv[2] == '\0' || *end || one_len < 0 || one_len > ONE_MAX) {
			fprintf(stderr, "%s: -l takes a length of 0 to %d bytes, not '%s'\n",
				argv[0], ONE_MAX, argv[2]);
			return 2;
		}
		argc -= 2;
		argv += 2;
	}
	for (i = 0; argc >= 3 && i < sizeof(crcs) / sizeof(crcs[0]); i++)
		if (!strcmp(argv[1], crcs[i].alg))
			c = &crcs[i];
	if (!c || argc > 4) {
		fprintf(stderr, "Usage: %s " USAGE " (try --help)\n", argv[0]);
		return 2;
	}
	if (c->ref((const unsigned char *)"123456789", 9) != c->check) {
		printf("# the %s reference misses the catalogue check value\n", c->alg);
		return 1;
	}
	buf = malloc(LONG_LEN + 8);
	if (!buf) {
		perror("crc_family_afalg: malloc");
		return 1;
	}
	for (i = 0; i < LONG_LEN + 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (unsigned char)(x >> 24);
	}
	for (a = 2; a < argc; a++)
		run_driver(c, argv[a], buf, one_len);
	printf("# %s: %d mismatch(es) or error(s) over %d driver(s)\n", c->alg, failures, argc - 2);
	free(buf);
	return failures ? 1 : 0;
}
