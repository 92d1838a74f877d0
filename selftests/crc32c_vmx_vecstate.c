// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c_vmx_vecstate: crc32c-vmx uses the vector unit in the kernel; it
 * must never show a user thread a changed VMX or VSX register, and must stay
 * correct while many threads use it at once.
 *
 * More hashing threads than CPUs hash through AF_ALG on crc32c-vmx, each
 * checking every digest against a value precomputed with a software CRC
 * (itself checked against crc32c-generic, or crc32c-lib from 6.17). The
 * hashing threads make their sendto()/recvfrom() system calls from inline
 * assembly with all 64 VSX registers (the 32 FP-overlapping ones and the 32
 * VMX ones) holding a pattern unique to the thread and the call, and check all 64 afterwards:
 * the system call ABI keeps them, so the kernel must save the caller's live
 * vector state before the driver's vector code runs. Meanwhile "holder"
 * threads load their own patterns into all 64 registers, spin and yield the
 * CPU (so they are switched out and in, and interrupted) and check them,
 * window after window, for a fixed time. Lengths span 0 bytes to 256 KiB and
 * more, so both the fallback and the vector path, with its 32 KiB chunks,
 * run. Output is KTAP; a wrong digest or a changed register is printed with
 * the thread, the call and the register.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "kselftest.h"
#include "afalg.h"
#include "crc32c_ksft.h"
#include "crc32c_ref.h"

#if !defined(__powerpc64__) || !defined(__VSX__)
#error "crc32c_vmx_vecstate is for 64-bit POWER with VSX (build with -mcpu=power8 or later)"
#endif

#define OFFSETS		16
#define MAX_REPORTS	20
/* The length of the run with CRC32C_VMX_DEPTH=quick (crc32c_ksft.h), seconds */
#define QUICK_SECONDS	6

/* Message lengths: around the vector threshold, the 16-byte folding, the
 * 32 KiB chunks and the 64 KiB pages that AF_ALG hands over at a time.
 */
static const size_t lengths[] = {
	0, 1, 3, 15, 16, 17, 63, 64, 65, 127, 128, 255, 511, 1000, 4095, 4103,
	32767, 32768, 32769, 65535, 65536, 65536 + 4097, 131072 + 63, 262144 + 5,
};
#define NLENGTHS	ARRAY_SIZE(lengths)
#define MAX_LENGTH	(262144 + 5)

/*
 * Every VSX register number. 0..31 overlap the FP registers f0..f31 (their
 * first doubleword); 32..63 are the VMX registers v0..v31.
 */
#define FOR_EACH_VSR(X)							\
	X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)				\
	X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)			\
	X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23)			\
	X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)			\
	X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39)			\
	X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47)			\
	X(48) X(49) X(50) X(51) X(52) X(53) X(54) X(55)			\
	X(56) X(57) X(58) X(59) X(60) X(61) X(62) X(63)
#define NR_VSR		64

/* Load VSR n from *%[p] and step p; store VSR n to *%[q] and step q. */
#define VSR_LOAD(n)	"lxvd2x " #n ",0,%[p]\n\taddi %[p],%[p],16\n\t"
#define VSR_STORE(n)	"stxvd2x " #n ",0,%[q]\n\taddi %[q],%[q],16\n\t"
#define VSR_CLOBBER(n)	"vs" #n,

/* What a system call may change (r0, r3-r12, cr0/1/5-7, ctr, xer). */
#define SYSCALL_CLOBBERS						\
	"r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", \
	"cr0", "cr1", "cr5", "cr6", "cr7", "ctr", "xer", "lr"

struct vsr_image {
	uint64_t dw[NR_VSR][2];
} __attribute__((aligned(16)));

struct options {
	const char *driver;
	const char *ref;
	unsigned int seconds;
	unsigned int hashers;
	unsigned int holders;
};

struct thread_state {
	pthread_t thread;
	unsigned int id;
	int err;		/* setup error (-errno) */
	unsigned long calls;	/* digests, or holder windows */
	unsigned long bytes;	/* bytes hashed */
	unsigned long long_bytes; /* bytes in messages of 4 KiB and more */
	unsigned long bad_crc;
	unsigned long bad_regs;
	unsigned long bad_syscall;
};

static struct options opt;
static unsigned char *data;			/* MAX_LENGTH + OFFSETS bytes */
static uint32_t expected[NLENGTHS][OFFSETS];	/* default-seed digests */
static atomic_int stop;
static int reports;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

/* splitmix64: distinct, well-mixed register patterns from a counter. */
static uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* A pattern unique to (kind of thread, thread, call). */
static void fill_pattern(struct vsr_image *img, unsigned int kind, unsigned int id,
			 unsigned long call)
{
	uint64_t tag = (uint64_t)kind << 60 ^ (uint64_t)id << 44 ^ (uint64_t)call << 8;
	int r;

	for (r = 0; r < NR_VSR; r++) {
		img->dw[r][0] = mix64(tag + 2 * r);
		img->dw[r][1] = mix64(tag + 2 * r + 1);
	}
}

static void vsr_name(int r, char *buf, size_t size)
{
	if (r < 32)
		snprintf(buf, size, "vs%d (f%d)", r, r);
	else
		snprintf(buf, size, "vs%d (v%d)", r, r - 32);
}

/* Compare; print at most 4 changed registers (and MAX_REPORTS in all). */
static int check_image(const struct vsr_image *want, const struct vsr_image *got,
		       const char *who, unsigned int id, unsigned long call, const char *what)
{
	int r, bad = 0;
	char name[24];

	for (r = 0; r < NR_VSR; r++) {
		if (want->dw[r][0] == got->dw[r][0] && want->dw[r][1] == got->dw[r][1])
			continue;
		pthread_mutex_lock(&report_lock);
		if (bad < 4 && reports < MAX_REPORTS) {
			reports++;
			vsr_name(r, name, sizeof(name));
			ksft_print_msg("REGISTER CHANGED: %s %u call %lu (%s): %s expected %016llx:%016llx got %016llx:%016llx\n",
				       who, id, call, what, name,
				       (unsigned long long)want->dw[r][0],
				       (unsigned long long)want->dw[r][1],
				       (unsigned long long)got->dw[r][0],
				       (unsigned long long)got->dw[r][1]);
		}
		pthread_mutex_unlock(&report_lock);
		bad++;
	}
	return bad;
}

/*
 * One digest through AF_ALG with all 64 VSX registers live across both system
 * calls: load them from *in, sendto(fd, buf, len, 0) (ends the message),
 * recvfrom(fd, digest, 4, 0), store them to *out. Returns the two system
 * call results (-errno on error) in *sret and *rret.
 */
static void digest_with_live_vsrs(const struct vsr_image *in, struct vsr_image *out, int fd,
				  const void *buf, size_t len, unsigned char *digest,
				  long *sret, long *rret)
{
	const struct vsr_image *p = in;
	struct vsr_image *q = out;
	long s, r;

	asm volatile(FOR_EACH_VSR(VSR_LOAD)
		     "li 0,%[nr_sendto]\n\t"
		     "mr 3,%[fd]\n\t"
		     "mr 4,%[buf]\n\t"
		     "mr 5,%[len]\n\t"
		     "li 6,0\n\t"
		     "li 7,0\n\t"
		     "li 8,0\n\t"
		     "sc\n\t"
		     "bns+ 1f\n\t"
		     "neg 3,3\n"
		     "1:\n\t"
		     "mr %[s],3\n\t"
		     "li 0,%[nr_recvfrom]\n\t"
		     "mr 3,%[fd]\n\t"
		     "mr 4,%[digest]\n\t"
		     "li 5,4\n\t"
		     "li 6,0\n\t"
		     "li 7,0\n\t"
		     "li 8,0\n\t"
		     "sc\n\t"
		     "bns+ 2f\n\t"
		     "neg 3,3\n"
		     "2:\n\t"
		     "mr %[r],3\n\t"
		     FOR_EACH_VSR(VSR_STORE)
		     : [p] "+&b" (p), [q] "+&b" (q), [s] "=&r" (s), [r] "=&r" (r)
		     : [fd] "r" ((long)fd), [buf] "r" (buf), [len] "r" (len),
		       [digest] "r" (digest),
		       [nr_sendto] "i" (__NR_sendto), [nr_recvfrom] "i" (__NR_recvfrom)
		     : FOR_EACH_VSR(VSR_CLOBBER) SYSCALL_CLOBBERS, "memory");
	*sret = s;
	*rret = r;
}

/*
 * Hold *in in all 64 VSX registers for `rounds` rounds of a `spins`-long
 * busy loop followed by sched_yield(), then store them to *out.
 */
static void hold_vsrs(const struct vsr_image *in, struct vsr_image *out, unsigned long rounds,
		      unsigned long spins)
{
	const struct vsr_image *p = in;
	struct vsr_image *q = out;

	asm volatile(FOR_EACH_VSR(VSR_LOAD)
		     "1:\n\t"
		     "mtctr %[spins]\n"
		     "2:\n\t"
		     "bdnz 2b\n\t"
		     "li 0,%[nr_yield]\n\t"
		     "sc\n\t"
		     "addic. %[rounds],%[rounds],-1\n\t"
		     "bne 1b\n\t"
		     FOR_EACH_VSR(VSR_STORE)
		     : [p] "+&b" (p), [q] "+&b" (q), [rounds] "+&r" (rounds)
		     : [spins] "r" (spins), [nr_yield] "i" (__NR_sched_yield)
		     : FOR_EACH_VSR(VSR_CLOBBER) SYSCALL_CLOBBERS, "memory");
}

static void *hasher(void *arg)
{
	struct thread_state *t = arg;
	struct vsr_image in, out;
	struct afalg_hash h;
	unsigned char dig[4];
	unsigned long i;
	long sret, rret;
	uint32_t got, want;
	size_t len, off, n;

	t->err = afalg_open(&h, opt.driver);
	if (t->err)
		return NULL;
	for (i = 0; !atomic_load(&stop); i++) {
		n = (t->id + i) % NLENGTHS;
		len = lengths[n];
		off = (t->id * 5 + i) % OFFSETS;
		want = expected[n][off];
		fill_pattern(&in, 1, t->id, i);
		memset(dig, 0, sizeof(dig));
		digest_with_live_vsrs(&in, &out, h.op, data + off, len, dig, &sret, &rret);
		t->calls++;
		t->bytes += len;
		if (len >= 4096)
			t->long_bytes += len;
		if (sret != (long)len || rret != (long)sizeof(dig)) {
			t->bad_syscall++;
			pthread_mutex_lock(&report_lock);
			if (reports++ < MAX_REPORTS)
				ksft_print_msg("AF_ALG ERROR: hasher %u call %lu len=%zu: sendto=%ld recvfrom=%ld\n",
					       t->id, i, len, sret, rret);
			pthread_mutex_unlock(&report_lock);
			break;
		}
		got = dig[0] | dig[1] << 8 | dig[2] << 16 | (uint32_t)dig[3] << 24;
		if (got != want) {
			t->bad_crc++;
			pthread_mutex_lock(&report_lock);
			if (reports++ < MAX_REPORTS)
				ksft_print_msg("WRONG CRC: hasher %u call %lu driver=%s len=%zu offset=%zu expected=0x%08x got=0x%08x\n",
					       t->id, i, opt.driver, len, off, want, got);
			pthread_mutex_unlock(&report_lock);
		}
		if (check_image(&in, &out, "hasher", t->id, i, "across sendto/recvfrom"))
			t->bad_regs++;
	}
	afalg_close(&h);
	return NULL;
}

static void *holder(void *arg)
{
	struct thread_state *t = arg;
	struct vsr_image in, out;
	unsigned long i;

	for (i = 0; !atomic_load(&stop); i++) {
		fill_pattern(&in, 2, t->id, i);
		hold_vsrs(&in, &out, 4, 100000);
		t->calls++;
		if (check_image(&in, &out, "holder", t->id, i, "spin and sched_yield"))
			t->bad_regs++;
	}
	return NULL;
}

static void usage(FILE *out, const char *prog)
{
	fprintf(out,
		"Usage: %s [-d DRIVER] [-r REF] [-t SECONDS] [-H HASHERS] [-k HOLDERS] [-h]\n"
		"  -d DRIVER   driver under test (default crc32c-vmx)\n"
		"  -r REF      driver that checks the software reference (default crc32c-generic,\n"
		"              crc32c-lib from 6.17)\n"
		"  -t SECONDS  length of the run (default 15; %u with CRC32C_VMX_DEPTH=quick)\n"
		"  -H HASHERS  hashing threads (default 2 * online CPUs + 1)\n"
		"  -k HOLDERS  register-holding threads (default online CPUs)\n"
		"Exit: 0 all passed, 1 a test failed, 4 skipped (no AF_ALG or driver).\n",
		prog, QUICK_SECONDS);
}

static void parse_options(int argc, char **argv)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int c;

	if (cpus < 1)
		cpus = 1;
	opt = (struct options){ "crc32c-vmx", afalg_crc32c_reference(),
				crc32c_ksft_quick() ? QUICK_SECONDS : 15, 2 * cpus + 1, cpus };
	while ((c = getopt(argc, argv, "d:r:t:H:k:h")) != -1) {
		switch (c) {
		case 'd': opt.driver = optarg; break;
		case 'r': opt.ref = optarg; break;
		case 't': opt.seconds = strtoul(optarg, NULL, 0); break;
		case 'H': opt.hashers = strtoul(optarg, NULL, 0); break;
		case 'k': opt.holders = strtoul(optarg, NULL, 0); break;
		case 'h': usage(stdout, argv[0]); exit(0);
		default: usage(stderr, argv[0]); exit(KSFT_FAIL);
		}
	}
	if (!opt.hashers)
		opt.hashers = 1;
}

/* Expected digests from the software CRC; 0 if the reference driver agrees. */
static int compute_expected(void)
{
	struct afalg_hash ref;
	uint32_t got;
	size_t n, off;
	int err, bad = 0;

	for (n = 0; n < NLENGTHS; n++)
		for (off = 0; off < OFFSETS; off++)
			expected[n][off] = ~crc32c_ref(~0u, data + off, lengths[n]);
	err = afalg_open(&ref, opt.ref);
	if (err) {
		ksft_print_msg("cannot bind AF_ALG hash %s: %s\n", opt.ref, strerror(-err));
		return -1;
	}
	for (n = 0; n < NLENGTHS; n++) {
		for (off = 0; off < OFFSETS; off++) {
			err = afalg_digest(&ref, data + off, lengths[n], NULL, 0, &got);
			if (err || got != expected[n][off]) {
				ksft_print_msg("reference disagrees: %s len=%zu offset=%zu: software 0x%08x, %s 0x%08x (%s)\n",
					       opt.ref, lengths[n], off, expected[n][off], opt.ref,
					       got, err ? strerror(-err) : "no error");
				bad = 1;
			}
		}
	}
	afalg_close(&ref);
	return bad ? -1 : 0;
}

static int start_threads(struct thread_state *ts, unsigned int n, void *(*fn)(void *))
{
	unsigned int i;
	int err;

	for (i = 0; i < n; i++) {
		ts[i].id = i;
		err = pthread_create(&ts[i].thread, NULL, fn, &ts[i]);
		if (err) {
			atomic_store(&stop, 1);
			while (i--)
				pthread_join(ts[i].thread, NULL);
			return -err;
		}
	}
	return 0;
}

static void join_threads(struct thread_state *ts, unsigned int n, struct thread_state *sum)
{
	unsigned int i;

	memset(sum, 0, sizeof(*sum));
	for (i = 0; i < n; i++) {
		pthread_join(ts[i].thread, NULL);
		if (ts[i].err && !sum->err) {
			sum->err = ts[i].err;
			ksft_print_msg("thread %u: setup failed: %s\n", i, strerror(-ts[i].err));
		}
		sum->calls += ts[i].calls;
		sum->bytes += ts[i].bytes;
		sum->long_bytes += ts[i].long_bytes;
		sum->bad_crc += ts[i].bad_crc;
		sum->bad_regs += ts[i].bad_regs;
		sum->bad_syscall += ts[i].bad_syscall;
	}
}

int main(int argc, char **argv)
{
	struct thread_state *hs, *ks, hsum, ksum;
	struct afalg_hash probe;
	long long vec_before, vec_after;
	struct timespec t0, t1;
	unsigned int i;
	int err;

	parse_options(argc, argv);
	ksft_print_header();
	crc32c_ksft_open_or_exit(&probe, opt.driver);
	afalg_close(&probe);
	ksft_set_plan(5);
	ksft_print_msg("driver=%s cpus=%ld hashers=%u holders=%u seconds=%u lengths=0..%d depth=%s\n",
		       opt.driver, sysconf(_SC_NPROCESSORS_ONLN), opt.hashers, opt.holders,
		       opt.seconds, MAX_LENGTH, crc32c_ksft_quick() ? "quick" : "full");

	crc32c_ref_init();
	data = malloc(MAX_LENGTH + OFFSETS);
	hs = calloc(opt.hashers, sizeof(*hs));
	ks = calloc(opt.holders ? opt.holders : 1, sizeof(*ks));
	if (!data || !hs || !ks)
		ksft_exit_fail_msg("out of memory\n");
	srandom(12345);
	for (i = 0; i < MAX_LENGTH + OFFSETS; i++)
		data[i] = random();

	ksft_test_result(!compute_expected(), "software CRC32C agrees with %s on all %zu lengths x %d offsets\n",
			 opt.ref, NLENGTHS, OFFSETS);

	vec_before = crc32c_ksft_vector_bytes();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	err = start_threads(ks, opt.holders, holder);
	if (!err) {
		err = start_threads(hs, opt.hashers, hasher);
		if (err) {
			join_threads(ks, opt.holders, &ksum);
		} else {
			sleep(opt.seconds);
			atomic_store(&stop, 1);
			join_threads(hs, opt.hashers, &hsum);
			join_threads(ks, opt.holders, &ksum);
		}
	}
	if (err)
		ksft_exit_fail_msg("pthread_create: %s\n", strerror(-err));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	vec_after = crc32c_ksft_vector_bytes();
	ksft_print_msg("ran %.1f s: %lu digests (%lu bytes) by %u hashers, %lu windows by %u holders\n",
		       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
		       hsum.calls, hsum.bytes, opt.hashers, ksum.calls, opt.holders);

	ksft_test_result(!hsum.err && !hsum.bad_syscall && !hsum.bad_crc &&
			 hsum.calls >= opt.hashers * NLENGTHS,
			 "%u hashing threads: %lu digests, %lu wrong, %lu failed calls (need >= %zu digests)\n",
			 opt.hashers, hsum.calls, hsum.bad_crc, hsum.bad_syscall,
			 opt.hashers * NLENGTHS);
	ksft_test_result(!hsum.err && hsum.calls && !hsum.bad_regs,
			 "hashing threads: all 64 VSX registers kept across %lu AF_ALG sendto/recvfrom pairs (%lu changed)\n",
			 hsum.calls, hsum.bad_regs);
	if (opt.holders)
		ksft_test_result(ksum.calls >= opt.holders && !ksum.bad_regs,
				 "%u holder threads: all 64 VSX registers kept over %lu windows (%lu changed)\n",
				 opt.holders, ksum.calls, ksum.bad_regs);
	else
		ksft_test_result_skip("no holder threads (-k 0)\n");
	if (!strcmp(opt.driver, "crc32c-vmx")) {
		/* Pieces under the vector threshold at 64 KiB page boundaries
		 * may take the fallback, so ask for half of the long bytes.
		 */
		ksft_print_msg("%s: %lld -> %lld (%lu bytes in messages >= 4 KiB)\n", CRC32C_KSFT_VECTOR_STATS,
			       vec_before, vec_after, hsum.long_bytes);
		ksft_test_result(vec_before >= 0 && hsum.long_bytes &&
				 (unsigned long long)(vec_after - vec_before) >= hsum.long_bytes / 2,
				 "crc32c-vmx vector path ran (vector_bytes rose by %lld)\n",
				 vec_after - vec_before);
	} else {
		ksft_test_result_skip("vector path counter: driver is not crc32c-vmx\n");
	}
	free(data);
	free(hs);
	free(ks);
	ksft_finished();
}
