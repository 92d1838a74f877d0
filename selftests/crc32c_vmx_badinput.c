// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c_vmx_badinput: what a user can throw at crc32c-vmx through AF_ALG.
 *
 *  - setkey with a wrong key length (0, 1, 3, 5, 8, 64 bytes) fails with
 *    EINVAL and changes nothing: the next digest still uses the seed set
 *    before (or the default seed if none was set);
 *  - zero-length messages (one empty send, empty MSG_MORE sends, a recv with
 *    no send at all) give the digest of nothing: 0x00000000 with the default
 *    seed, ~seed with a seed;
 *  - one message larger than 64 MiB, sent in many MSG_MORE pieces of mixed
 *    sizes, gives the digest of the whole;
 *  - an operation socket cloned with accept() in the middle of a message
 *    carries the partial state, and only its own: clone, original and a
 *    clone of the clone, fed interleaved, each finish to the digest of what
 *    they were sent;
 *  - an unprivileged user (uid/gid 65534) can hash, and gets EPERM from
 *    delete_module("crc32c_vmx") and from finit_module() of its .ko.
 *
 * Expected digests come from a table-driven software CRC in the test.
 * Output is KTAP, one result per property (and per bad key length).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "kselftest.h"
#include "afalg.h"
#include "crc32c_ksft.h"
#include "crc32c_ref.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define MODULE_NAME	"crc32c_vmx"
#define NOBODY		65534
#define TEST_SEED	0x5eed1234u
#define MSG_LEN		(200000 + 7)
#define BIG_PATTERN	((1 << 20) + 4097)

static const unsigned int bad_key_lengths[] = { 0, 1, 3, 5, 8, 64 };

struct options {
	const char *driver;
	unsigned long long big_len;
	const char *ko;
};

static struct options opt;
static unsigned char *msg;	/* MSG_LEN random bytes */
static unsigned char *alt;	/* a different MSG_LEN random bytes */

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Digest of data with a seed (the raw state before the first byte). */
static uint32_t ref_digest(uint32_t seed, const void *data, size_t len)
{
	return ~crc32c_ref(seed, data, len);
}

static double elapsed(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Send all of len bytes with the given flags (0 ends the message). */
static int send_all(int fd, const void *buf, size_t len, int flags)
{
	const unsigned char *p = buf;

	do {
		ssize_t n = send(fd, p, len, flags);

		if (n < 0)
			return -errno;
		if (n == 0 && len)
			return -EIO;
		p += n;
		len -= n;
	} while (len);
	return 0;
}

static int recv_digest(int fd, uint32_t *digest)
{
	unsigned char out[4];
	ssize_t n = recv(fd, out, sizeof(out), 0);

	if (n < 0)
		return -errno;
	if (n != sizeof(out))
		return -EIO;
	*digest = le32(out);
	return 0;
}

/*
 * setkey with keylen bytes must fail with EINVAL and leave the seed alone.
 * Checked twice: on a fresh transform (default seed) and after a valid seed.
 */
static void test_bad_key(unsigned int keylen)
{
	unsigned char key[64];
	struct afalg_hash h;
	uint32_t want, got;
	int pass, ok = 1, err, ret, saved;

	memset(key, 0xa5, sizeof(key));
	for (pass = 0; pass < 2 && ok; pass++) {
		uint32_t seed = pass ? TEST_SEED : ~0u;

		err = afalg_open(&h, opt.driver);
		if (!err && pass)
			err = afalg_set_seed(&h, seed);
		if (err) {
			ksft_print_msg("AF_ALG setup: %s\n", strerror(-err));
			ok = 0;
			break;
		}
		/* AF_ALG refuses setkey while an operation socket exists. */
		close(h.op);
		h.op = -1;
		ret = setsockopt(h.tfm, SOL_ALG, ALG_SET_KEY, key, keylen);
		saved = errno;
		if (ret != -1 || saved != EINVAL) {
			ksft_print_msg("setkey(%u bytes) after %s: returned %d (%s), expected EINVAL\n",
				       keylen, pass ? "a valid seed" : "no seed", ret,
				       ret ? strerror(saved) : "success");
			ok = 0;
		}
		h.op = accept(h.tfm, NULL, 0);
		if (h.op < 0) {
			ksft_print_msg("accept after failed setkey: %s\n", strerror(errno));
			ok = 0;
		} else {
			want = ref_digest(seed, msg, 1000);
			err = afalg_digest(&h, msg, 1000, NULL, 0, &got);
			if (err) {
				ksft_print_msg("after setkey(%u bytes) failed: AF_ALG: %s\n", keylen,
					       strerror(-err));
				ok = 0;
			} else if (got != want) {
				ksft_print_msg("after setkey(%u bytes) failed: digest 0x%08x, expected 0x%08x (seed 0x%08x unchanged)\n",
					       keylen, got, want, seed);
				ok = 0;
			}
		}
		afalg_close(&h);
	}
	ksft_test_result(ok, "setkey with a %u-byte key fails with EINVAL and keeps the seed\n",
			 keylen);
}

/* One zero-length case: how the empty message is sent, then its digest. */
static int zero_case(struct afalg_hash *h, int how, uint32_t want, uint32_t seed)
{
	static const char *const what[] = {
		"send(0 bytes)", "recv with no send", "send(0, MSG_MORE) x3 + send(0)",
	};
	uint32_t got = 0;
	int err = 0, i;

	switch (how) {
	case 0:
		err = send_all(h->op, msg, 0, 0);
		break;
	case 1:
		break;
	case 2:
		for (i = 0; i < 3 && !err; i++)
			err = send_all(h->op, msg, 0, MSG_MORE);
		if (!err)
			err = send_all(h->op, msg, 0, 0);
		break;
	}
	if (!err)
		err = recv_digest(h->op, &got);
	if (err || got != want) {
		ksft_print_msg("zero-length, %s, seed 0x%08x: digest 0x%08x, expected 0x%08x%s%s\n",
			       what[how], seed, got, want, err ? ": " : "", err ? strerror(-err) : "");
		return -1;
	}
	return 0;
}

static void test_zero_length(void)
{
	static const uint32_t seeds[] = { ~0u, TEST_SEED, 0 };
	struct afalg_hash h;
	int s, how, bad = 0, err;

	err = afalg_open(&h, opt.driver);
	for (s = 0; s < 3 && !err; s++) {
		if (s)
			err = afalg_set_seed(&h, seeds[s]);
		for (how = 0; how < 3 && !err; how++)
			bad |= zero_case(&h, how, ~seeds[s], seeds[s]);
	}
	if (err)
		ksft_print_msg("AF_ALG: %s\n", strerror(-err));
	afalg_close(&h);
	ksft_test_result(!err && !bad,
			 "zero-length messages: 0x00000000 with the default seed, ~seed with seeds 0x%08x and 0\n",
			 TEST_SEED);
}

/* One message of opt.big_len bytes in pieces of cycling sizes. */
static void test_big_message(void)
{
	static const size_t piece[] = {
		1, 7, 64, 4093, 65536, 66536, 1 << 20, 3, 32768 + 17, 300000,
	};
	unsigned long long left = opt.big_len, sends = 0;
	unsigned char *pat = malloc(BIG_PATTERN);
	struct afalg_hash h;
	struct timespec t0;
	uint32_t crc = ~0u, want, got = 0;
	size_t off = 0, n, i = 0;
	int err;

	if (!pat)
		ksft_exit_fail_msg("out of memory\n");
	for (n = 0; n < BIG_PATTERN; n++)
		pat[n] = random();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	err = afalg_open(&h, opt.driver);
	while (!err && left) {
		n = piece[i++ % ARRAY_SIZE(piece)];
		if (n > left)
			n = left;
		/* Take the piece from a moving position in the pattern. */
		off = (off + 4099) % (BIG_PATTERN - (1 << 20) - 1);
		crc = crc32c_ref(crc, pat + off, n);
		left -= n;
		err = send_all(h.op, pat + off, n, left ? MSG_MORE : 0);
		sends++;
	}
	if (!err)
		err = recv_digest(h.op, &got);
	want = ~crc;
	ksft_print_msg("%llu bytes in %llu sends: %s 0x%08x, reference 0x%08x (%.1f s)\n",
		       opt.big_len, sends, opt.driver, got, want, elapsed(&t0));
	if (err)
		ksft_print_msg("AF_ALG: %s\n", strerror(-err));
	afalg_close(&h);
	free(pat);
	ksft_test_result(!err && got == want,
			 "one %llu-byte message (> 64 MiB) in %llu MSG_MORE sends equals the reference\n",
			 opt.big_len, sends);
}

/*
 * Clone the operation socket after the first p bytes of msg, and clone the
 * clone after the next (MSG_LEN - p) / 2 bytes. Then, interleaved: the
 * clone and its clone are sent the rest of msg, the original is sent alt's
 * bytes instead, all with MSG_MORE; only then does each get an empty final
 * send. The clones must give msg's digest and the original that of the mix.
 */
static int clone_case(struct afalg_hash *h, uint32_t seed, size_t p)
{
	size_t q = p + (MSG_LEN - p) / 2;
	uint32_t full = ref_digest(seed, msg, MSG_LEN);
	uint32_t mixed = ~crc32c_ref(crc32c_ref(seed, msg, p), alt + p, MSG_LEN - p);
	uint32_t got1 = 0, got2 = 0, got0 = 0;
	int c1 = -1, c2 = -1, err;

	err = send_all(h->op, msg, p, MSG_MORE);
	if (!err) {
		c1 = accept(h->op, NULL, 0);
		err = c1 < 0 ? -errno : send_all(c1, msg + p, q - p, MSG_MORE);
	}
	if (!err) {
		c2 = accept(c1, NULL, 0);
		err = c2 < 0 ? -errno : 0;
	}
	err = err ?: send_all(h->op, alt + p, MSG_LEN - p, MSG_MORE);
	err = err ?: send_all(c2, msg + q, MSG_LEN - q, MSG_MORE);
	err = err ?: send_all(c1, msg + q, MSG_LEN - q, MSG_MORE);
	err = err ?: send_all(c2, NULL, 0, 0) ?: recv_digest(c2, &got2);
	err = err ?: send_all(c1, NULL, 0, 0) ?: recv_digest(c1, &got1);
	err = err ?: send_all(h->op, NULL, 0, 0) ?: recv_digest(h->op, &got0);
	if (c1 >= 0)
		close(c1);
	if (c2 >= 0)
		close(c2);
	if (err || got1 != full || got2 != full || got0 != mixed) {
		ksft_print_msg("clone at %zu (and at %zu), seed 0x%08x: clone 0x%08x, clone of clone 0x%08x (expected 0x%08x), original 0x%08x (expected 0x%08x)%s%s\n",
			       p, q, seed, got1, got2, full, got0, mixed,
			       err ? ": " : "", err ? strerror(-err) : "");
		return -1;
	}
	return 0;
}

/* A clone taken between messages starts a fresh message. */
static int clone_idle(struct afalg_hash *h, uint32_t seed)
{
	uint32_t want = ref_digest(seed, msg, 5000), got = 0;
	int c, err;

	c = accept(h->op, NULL, 0);
	if (c < 0)
		return -errno;
	err = send_all(c, msg, 5000, 0) ?: recv_digest(c, &got);
	close(c);
	if (err || got != want) {
		ksft_print_msg("clone between messages, seed 0x%08x: 0x%08x, expected 0x%08x%s%s\n",
			       seed, got, want, err ? ": " : "", err ? strerror(-err) : "");
		return -1;
	}
	return 0;
}

static void test_clones(void)
{
	static const size_t split[] = { 0, 1, 63, 64, 4095, 32768 + 3, 100001, MSG_LEN };
	static const uint32_t seeds[] = { ~0u, TEST_SEED };
	struct afalg_hash h;
	unsigned int s, i, cases = 0;
	int bad = 0, err;

	err = afalg_open(&h, opt.driver);
	for (s = 0; s < ARRAY_SIZE(seeds) && !err; s++) {
		if (s)
			err = afalg_set_seed(&h, seeds[s]);
		for (i = 0; i < ARRAY_SIZE(split) && !err; i++, cases++)
			bad |= clone_case(&h, seeds[s], split[i]);
		if (!err)
			bad |= clone_idle(&h, seeds[s]);
	}
	if (err)
		ksft_print_msg("AF_ALG: %s\n", strerror(-err));
	afalg_close(&h);
	ksft_test_result(!err && !bad,
			 "accept() clones of an operation socket mid-message (%u split points, 2 seeds) finish like the unbroken message\n",
			 cases / 2);
}

/* What the unprivileged child found, sent to the parent through a pipe. */
struct unpriv_result {
	int setup_err;		/* errno of setgroups/setgid/setuid, or 0 */
	int hash_ok;
	int hash_err;
	int del_ret, del_errno;
	int fin_ret, fin_errno;
	int ko_errno;		/* errno of opening the .ko (as root), or 0 */
};

static void unpriv_child(int wfd)
{
	struct unpriv_result r = { 0 };
	struct afalg_hash h;
	uint32_t got1 = 0, got2 = 0;
	int ko;

	/* The file is opened as root: only the load is to be refused. */
	ko = open(opt.ko, O_RDONLY | O_CLOEXEC);
	if (ko < 0)
		r.ko_errno = errno;
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY) ||
	    getuid() != NOBODY || geteuid() != NOBODY || getegid() != NOBODY)
		r.setup_err = errno ? errno : EPERM;
	if (!r.setup_err) {
		r.hash_err = -afalg_open(&h, opt.driver);
		if (!r.hash_err) {
			r.hash_err = -afalg_digest(&h, "123456789", 9, NULL, 0, &got1);
			if (!r.hash_err)
				r.hash_err = -afalg_digest(&h, msg, MSG_LEN, NULL, 0, &got2);
			afalg_close(&h);
		}
		r.hash_ok = !r.hash_err && got1 == 0xe3069283 &&
			    got2 == ref_digest(~0u, msg, MSG_LEN);
		errno = 0;
		r.del_ret = syscall(__NR_delete_module, MODULE_NAME, O_NONBLOCK);
		r.del_errno = errno;
		if (ko >= 0) {
			errno = 0;
			r.fin_ret = syscall(__NR_finit_module, ko, "", 0);
			r.fin_errno = errno;
		}
	}
	if (write(wfd, &r, sizeof(r)) != sizeof(r))
		_exit(2);
	_exit(0);
}

static int module_live(void)
{
	char state[16] = "";
	FILE *f = fopen("/sys/module/" MODULE_NAME "/initstate", "r");

	if (!f)
		return 0;
	if (!fgets(state, sizeof(state), f))
		state[0] = 0;
	fclose(f);
	return !strncmp(state, "live", 4);
}

static void test_unprivileged(void)
{
	struct unpriv_result r;
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (getuid() != 0) {
		ksft_test_result_skip("unprivileged user can hash through AF_ALG (test not run as root)\n");
		ksft_test_result_skip("unprivileged delete_module(\"%s\") fails with EPERM\n", MODULE_NAME);
		ksft_test_result_skip("unprivileged finit_module(%s) fails with EPERM\n", opt.ko);
		return;
	}
	if (pipe(fds))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (pid == 0) {
		close(fds[0]);
		unpriv_child(fds[1]);
	}
	close(fds[1]);
	memset(&r, 0, sizeof(r));
	n = read(fds[0], &r, sizeof(r));
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (n != sizeof(r))
		r.setup_err = EPIPE;
	if (r.setup_err)
		ksft_print_msg("cannot become uid/gid %d: %s\n", NOBODY, strerror(r.setup_err));
	else if (r.hash_err)
		ksft_print_msg("uid %d: AF_ALG: %s\n", NOBODY, strerror(r.hash_err));
	ksft_test_result(!r.setup_err && r.hash_ok,
			 "uid/gid %d can hash through AF_ALG on %s\n", NOBODY, opt.driver);

	if (!r.setup_err && (r.del_ret != -1 || r.del_errno != EPERM))
		ksft_print_msg("uid %d: delete_module returned %d (%s)\n", NOBODY, r.del_ret,
			       r.del_ret ? strerror(r.del_errno) : "success");
	ksft_test_result(!r.setup_err && r.del_ret == -1 && r.del_errno == EPERM && module_live(),
			 "uid %d: delete_module(\"%s\") fails with EPERM, module still live\n",
			 NOBODY, MODULE_NAME);

	if (r.ko_errno) {
		ksft_test_result_skip("uid %d: finit_module: cannot open %s: %s\n", NOBODY, opt.ko,
				      strerror(r.ko_errno));
		return;
	}
	if (!r.setup_err && (r.fin_ret != -1 || r.fin_errno != EPERM))
		ksft_print_msg("uid %d: finit_module returned %d (%s)\n", NOBODY, r.fin_ret,
			       r.fin_ret ? strerror(r.fin_errno) : "success");
	ksft_test_result(!r.setup_err && r.fin_ret == -1 && r.fin_errno == EPERM,
			 "uid %d: finit_module(%s) fails with EPERM\n", NOBODY, opt.ko);
}

static void usage(FILE *out, const char *prog)
{
	fprintf(out,
		"Usage: %s [-d DRIVER] [-b BYTES] [-m KO] [-h]\n"
		"  -d DRIVER  driver under test (default crc32c-vmx)\n"
		"  -b BYTES   length of the big message (default 64 MiB + 12359)\n"
		"  -m KO      module file for finit_module\n"
		"             (default /lib/modules/$(uname -r)/extra/crc32c_vmx.ko)\n"
		"Exit: 0 all passed, 1 a test failed, 4 skipped (no AF_ALG or driver).\n",
		prog);
}

static void parse_options(int argc, char **argv)
{
	static char ko[512];
	struct utsname u;
	int c;

	opt = (struct options){ "crc32c-vmx", (64ULL << 20) + 12359, NULL };
	if (!uname(&u)) {
		snprintf(ko, sizeof(ko), "/lib/modules/%s/extra/" MODULE_NAME ".ko", u.release);
		opt.ko = ko;
	}
	while ((c = getopt(argc, argv, "d:b:m:h")) != -1) {
		switch (c) {
		case 'd': opt.driver = optarg; break;
		case 'b': opt.big_len = strtoull(optarg, NULL, 0); break;
		case 'm': opt.ko = optarg; break;
		case 'h': usage(stdout, argv[0]); exit(0);
		default: usage(stderr, argv[0]); exit(KSFT_FAIL);
		}
	}
	if (!opt.ko)
		opt.ko = "crc32c_vmx.ko";
}

int main(int argc, char **argv)
{
	struct afalg_hash probe;
	unsigned int i;

	parse_options(argc, argv);
	ksft_print_header();
	crc32c_ksft_open_or_exit(&probe, opt.driver);
	afalg_close(&probe);
	ksft_set_plan(ARRAY_SIZE(bad_key_lengths) + 6);

	crc32c_ref_init();
	srandom(4242);
	msg = malloc(MSG_LEN);
	alt = malloc(MSG_LEN);
	if (!msg || !alt)
		ksft_exit_fail_msg("out of memory\n");
	for (i = 0; i < MSG_LEN; i++) {
		msg[i] = random();
		alt[i] = random();
	}

	for (i = 0; i < ARRAY_SIZE(bad_key_lengths); i++)
		test_bad_key(bad_key_lengths[i]);
	test_zero_length();
	test_big_message();
	test_clones();
	test_unprivileged();

	free(msg);
	free(alt);
	ksft_finished();
}
