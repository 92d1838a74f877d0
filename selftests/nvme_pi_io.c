// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_pi_io: one O_DIRECT round trip on a block device, for
 * crc_family_vmx_nvme.sh.
 *   nvme_pi_io DEVICE OFFSET REQUEST_SIZE COUNT SEED
 * Writes COUNT requests of REQUEST_SIZE bytes at byte OFFSET with O_DIRECT
 * (data from a pseudo-random generator seeded with SEED and the offset),
 * then reads the same range back with O_DIRECT in requests of the same size
 * and compares it block by block (the device's logical block size). The
 * buffers are page-aligned: 6.1's bio_integrity_process() hands the
 * integrity functions one bio_vec at a time and they hash whole protection
 * intervals from it (read in block/bio-integrity.c and t10-pi.c, not
 * tried), so a buffer only as aligned as the NVMe queue requires (4 bytes)
 * could make an interval straddle two bio_vecs.
 * Prints "# " diagnostics: every failed write or read, the first 8
 * mismatching blocks and their count.
 * Exit: 0 intact, 1 an I/O error or a mismatch, 2 bad usage or setup.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define BUF_ALIGN	65536	/* the largest page size of ppc64 */
#define SHOW_MISMATCHES	8

/* xorshift64*: enough to make every block's content different. */
static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

static void fill(unsigned char *p, size_t len, uint64_t seed)
{
	uint64_t s = seed | 1, v;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		v = next_rand(&s);
		memcpy(p + i, &v, 8);
	}
	for (; i < len; i++)
		p[i] = (unsigned char)next_rand(&s);
}

/*
 * COUNT requests of RS bytes at OFF, written from buf (write) or read into
 * it; returns the number that failed.
 */
static long transfer(int fd, const char *dev, int write, unsigned char *buf,
		     unsigned long long off, unsigned long long rs, unsigned long long count)
{
	unsigned long long i, pos;
	long failed = 0;
	ssize_t n;

	for (i = 0; i < count; i++) {
		pos = off + i * rs;
		n = write ? pwrite(fd, buf + i * rs, rs, (off_t)pos) :
			    pread(fd, buf + i * rs, rs, (off_t)pos);
		if (n != (ssize_t)rs) {
			printf("# %s: %s of %llu bytes at %llu: %s\n", dev,
			       write ? "write" : "read", rs, pos,
			       n < 0 ? strerror(errno) : "fewer bytes than asked");
			failed++;
		}
	}
	return failed;
}

static int parse(const char *s, unsigned long long *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *s == '\0' || *end != '\0';
}

int main(int argc, char **argv)
{
	unsigned long long off, rs, count, seed;
	unsigned char *want, *got;
	size_t total, b;
	long bad = 0;
	int fd, lbs;

	if (argc != 6 || parse(argv[2], &off) || parse(argv[3], &rs) || parse(argv[4], &count) ||
	    parse(argv[5], &seed) || !rs || !count || rs * count / count != rs) {
		fprintf(stderr, "usage: %s DEVICE OFFSET REQUEST_SIZE COUNT SEED\n", argv[0]);
		return 2;
	}
	fd = open(argv[1], O_RDWR | O_DIRECT);
	if (fd < 0) {
		printf("# open %s with O_DIRECT: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (ioctl(fd, BLKSSZGET, &lbs) || lbs <= 0 || (rs | off) % (unsigned int)lbs) {
		printf("# %s: cannot use requests of %llu bytes at %llu (logical block size %d)\n",
		       argv[1], rs, off, lbs);
		return 2;
	}
	total = (size_t)(rs * count);
	if (posix_memalign((void **)&want, BUF_ALIGN, total) ||
	    posix_memalign((void **)&got, BUF_ALIGN, total)) {
		printf("# cannot allocate 2 x %zu bytes\n", total);
		return 2;
	}
	fill(want, total, seed ^ (off * 0x9e3779b97f4a7c15ULL));
	memset(got, 0, total);

	bad += transfer(fd, argv[1], 1, want, off, rs, count);
	bad += transfer(fd, argv[1], 0, got, off, rs, count);
	close(fd);
	for (b = 0; b < total; b += (size_t)lbs) {
		if (!memcmp(want + b, got + b, (size_t)lbs))
			continue;
		if (++bad <= SHOW_MISMATCHES)
			printf("# %s: block at byte %llu differs from what was written\n", argv[1],
			       off + (unsigned long long)b);
	}
	printf("# %s: %llu x %llu bytes at %llu, %d-byte blocks: %s (%ld failed requests and mismatching blocks)\n",
	       argv[1], count, rs, off, lbs, bad ? "FAILED" : "intact", bad);
	free(want);
	free(got);
	return bad ? 1 : 0;
}
