// SPDX-License-Identifier: GPL-2.0-only
/*
 * /init of the big-endian test guest (tools/vm/bigendian-lane.sh). There is
 * no big-endian ppc64 userland in Debian, so this one static program does
 * what tools/vm/guest/init and a test set do on the little-endian guests:
 * mounts proc, sysfs, devtmpfs and a tmpfs, sends its output and the tests'
 * to the result channel (the second vty, /dev/hvc1: the console keeps only
 * the kernel's messages), loads the kernel's modules in the order the host
 * computed (/etc/modules.load, from modprobe --show-depends), then
 * crc32c_vmx.ko and crc_family_vmx.ko with finit_module(2), and runs the
 * tests below. It prints KTAP between the CRCVMX-BEGIN and CRCVMX-END
 * markers that tools/vm/run-guest.sh and tools/vm/ktap-check.py read: one
 * top-level result per test, the output of each test program nested as
 * "# " lines. A kernel warning, BUG or oops in the log fails the run
 * (CRCVMX-KERNEL-PROBLEM, as the other guests). Then it powers off.
 *
 * The top-level test names are the lane's contract: they are listed in
 * tools/vm/bigendian/bigendian.expect.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc_crypto.h"
#include "read_stat.h"

#define MODLIST		"/etc/modules.load"
#define TESTDIR		"/tests"
#define TEST_TIMEOUT	1200	/* seconds per test program */
#define MAX_IMPLS	16
#define PLAN		20	/* top-level results of run_tests() */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static char krel[128];
static int test_no;
static int failures;

/* One top-level KTAP result. */
static void result(int ok, const char *fmt, ...)
{
	va_list ap;

	test_no++;
	if (!ok)
		failures++;
	printf("%s %d - ", ok ? "ok" : "not ok", test_no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* The value of KEY=... on the kernel command line, or "" . */
static void cmdline_value(const char *key, char *out, size_t outlen)
{
	char line[1024], *p, *end;
	FILE *f = fopen("/proc/cmdline", "r");
	size_t klen = strlen(key);

	out[0] = '\0';
	if (!f)
		return;
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	for (p = line; (p = strstr(p, key)); p += klen) {
		if ((p == line || p[-1] == ' ') && p[klen] == '=') {
			p += klen + 1;
			end = p + strcspn(p, "\n\t ");
			snprintf(out, outlen, "%.*s", (int)(end - p), p);
			return;
		}
	}
}

/* finit_module(2) of PATH; 0, or the errno. Already loaded counts as done. */
static int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return errno;
	if (syscall(__NR_finit_module, fd, "", 0) && errno != EEXIST)
		err = errno;
	close(fd);
	return err;
}

/* Every module of /etc/modules.load (paths below /lib/modules/KREL/). */
static void load_tree_modules(void)
{
	char line[512], path[768];
	int n = 0, bad = 0, err;
	FILE *f = fopen(MODLIST, "r");

	if (!f) {
		result(0, "in-tree modules load (%s: %s)", MODLIST, strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		snprintf(path, sizeof(path), "/lib/modules/%s/%s", krel, line);
		err = load_module(path);
		n++;
		if (err) {
			bad++;
			diag("cannot load %s: %s", line, strerror(err));
		}
	}
	fclose(f);
	diag("loaded %d in-tree module(s) from %s, %d failed", n, MODLIST, bad);
	result(n > 0 && !bad, "in-tree modules load");
}

static int load_ours(const char *name)
{
	char path[256];
	int err;

	snprintf(path, sizeof(path), "/lib/modules/%s/extra/%s.ko", krel, name);
	err = load_module(path);
	if (err)
		diag("finit_module(%s): %s", path, strerror(err));
	result(!err, "%s.ko loads", name);
	return err;
}

/* The /proc/crypto entry of DRIVER (an implementation of ALG), or NULL. */
static const struct crypto_impl *find_driver(const char *alg, const char *driver,
					     struct crypto_impl *impls, int *n)
{
	int i;

	*n = proc_crypto_find(alg, impls, MAX_IMPLS);
	if (*n > MAX_IMPLS)
		*n = MAX_IMPLS;
	for (i = 0; i < *n; i++)
		if (!strcmp(impls[i].driver, driver))
			return &impls[i];
	return NULL;
}

/* testmgr's verdict on DRIVER and whether ALG resolves to it. */
static void check_registration(const char *alg, const char *driver, const char *module)
{
	struct crypto_impl impls[MAX_IMPLS];
	const struct crypto_impl *d, *best;
	int n, i;

	d = find_driver(alg, driver, impls, &n);
	for (i = 0; i < n; i++)
		diag("%s: driver %s, module %s, priority %d, selftest %s", alg, impls[i].driver,
		     impls[i].module, impls[i].priority,
		     impls[i].selftest_passed ? "passed" : "not passed");
	result(d && d->selftest_passed && !strcmp(d->module, module),
	       "%s (module %s) is in /proc/crypto with selftest: passed", driver, module);
	best = n > 0 ? proc_crypto_resolve(impls, n) : NULL;
	result(best && !strcmp(best->driver, driver), "\"%s\" resolves to %s", alg, driver);
}

/* The kernel log, NUL-terminated, malloc'ed (NULL if it cannot be read). */
static char *kernel_log(void)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0), n;
	char *buf;

	if (size <= 0)
		size = 1 << 20;
	buf = malloc(size + 1);
	if (!buf)
		return NULL;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

/*
 * Lines of the kernel log that match: any of the WORDS (NULL-terminated),
 * and, when ALSO is not NULL, ALSO as well. Printed, each after TAG,
 * unless TAG is NULL; the number of matches is returned (-1 if the log
 * cannot be read).
 */
static int grep_log(const char *const *words, const char *also, const char *tag)
{
	char *log = kernel_log(), *line, *next;
	int hits = 0, i, m;

	if (!log)
		return -1;
	for (line = log; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		for (m = 0, i = 0; words[i] && !m; i++)
			m = !!strstr(line, words[i]);
		if (m && (!also || strstr(line, also))) {
			if (tag && hits < 20)
				printf("%s%s\n", tag, line);
			hits++;
		}
	}
	fflush(stdout);
	free(log);
	return hits;
}

static void check_testmgr_log(void)
{
	static const char *const alg[] = { "alg: ", NULL };
	int hits = grep_log(alg, "fail", "# dmesg: ");

	result(hits == 0, "no crypto self-test failure (\"alg: ... failed\") in the kernel log");
}

static void read_text(const char *path, char *out, size_t outlen)
{
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (f) {
		if (!fgets(out, outlen, f))
			out[0] = '\0';
		fclose(f);
	}
	out[strcspn(out, "\n")] = '\0';
}

/*
 * Run a test program (argv[0] below /tests), its output nested as "# "
 * lines; killed after TEST_TIMEOUT seconds. Returns its exit status (4 is
 * kselftest's skip), or -1 if it could not run or was killed.
 */
static int run_program(char *const argv[])
{
	char path[256], buf[4096], line[4096];
	size_t used = 0;
	int pipefd[2], status, rc;
	time_t deadline = time(NULL) + TEST_TIMEOUT;
	struct pollfd pfd;
	pid_t pid;
	ssize_t n;

	snprintf(path, sizeof(path), TESTDIR "/%s", argv[0]);
	if (pipe2(pipefd, O_CLOEXEC)) {
		diag("pipe: %s", strerror(errno));
		return -1;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		diag("fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		if (chdir(TESTDIR))
			printf("chdir %s: %s\n", TESTDIR, strerror(errno));
		execv(path, argv);
		printf("cannot run %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	pfd.fd = pipefd[0];
	pfd.events = POLLIN;
	for (;;) {
		int left = (int)(deadline - time(NULL));

		if (left <= 0) {
			diag("%s: no end after %d s: killed", argv[0], TEST_TIMEOUT);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			close(pipefd[0]);
			return -1;
		}
		if (poll(&pfd, 1, left * 1000) <= 0)
			continue;
		n = read(pipefd[0], buf, sizeof(buf));
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n' || used == sizeof(line) - 1) {
				line[used] = '\0';
				printf("# %s\n", line);
				used = 0;
				if (buf[i] == '\n')
					continue;
			}
			line[used++] = buf[i];
		}
		fflush(stdout);
	}
	if (used) {
		line[used] = '\0';
		printf("# %s\n", line);
	}
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	if (WIFEXITED(status)) {
		rc = WEXITSTATUS(status);
	} else {
		diag("%s: killed by signal %d", argv[0], WTERMSIG(status));
		rc = -1;
	}
	return rc;
}

/* A test program as one top-level result named NAME. */
static void test_program(const char *name, char *const argv[])
{
	int rc = run_program(argv);

	if (rc == 4) {
		test_no++;
		printf("ok %d - %s # SKIP (the program skipped)\n", test_no, name);
		fflush(stdout);
		return;
	}
	if (rc)
		diag("%s exited %d", argv[0], rc);
	result(rc == 0, "%s", name);
}

/* The CRC libraries rebind to our drivers when they register. */
static void check_library(const char *lib, const char *driver)
{
	char path[128], t[128];

	snprintf(path, sizeof(path), "/sys/module/%s/parameters/transform", lib);
	read_text(path, t, sizeof(t));
	diag("%s: %s", path, t[0] ? t : "(unreadable)");
	result(!strcmp(t, driver), "the %s library uses %s", lib, driver);
}

#define FAMILY_STATS "/sys/module/crc_family_vmx/stats/"

/* The crc32c_vmx kselftest programs, each one result. */
static char *const afalg[] = { "crc32c_vmx_afalg", NULL };
static char *const vecstate[] = { "crc32c_vmx_vecstate", NULL };
static char *const livestate[] = { "crc32c_vmx_livestate", NULL };
static char *const badinput[] = { "crc32c_vmx_badinput", NULL };
static const struct {
	const char *name;
	char *const *argv;
} crc32c_programs[] = {
	{ "crc32c_vmx_afalg: crc32c-vmx == crc32c-generic over AF_ALG", afalg },
	{ "crc32c_vmx_vecstate: user vector registers survive, digests right under load",
	  vecstate },
	{ "crc32c_vmx_livestate: live user vector state takes the fallback, digests right",
	  livestate },
	{ "crc32c_vmx_badinput: bad keys, empty and huge messages, clones, unprivileged user",
	  badinput },
};

/* The family drivers against the generic ones and a bitwise reference. */
static char *const t10dif[] = { "crc_family_afalg", "crct10dif", "crct10dif-vmx",
				"crct10dif-generic", NULL };
static char *const crc64[] = { "crc_family_afalg", "crc64-rocksoft", "crc64-rocksoft-vmx",
			       "crc64-rocksoft-generic", NULL };
#define T10DIF_TEST \
	"crc_family_afalg crct10dif: crct10dif-vmx == crct10dif-generic == bitwise reference"
#define CRC64_TEST \
	"crc_family_afalg crc64-rocksoft: crc64-rocksoft-vmx == crc64-rocksoft-generic == bitwise reference"

static void run_tests(void)
{
	long long t0, t1, c0, c1;
	size_t i;
	int have_vmx;

	load_tree_modules();
	have_vmx = !load_ours("crc32c_vmx");
	load_ours("crc_family_vmx");

	check_registration("crc32c", "crc32c-vmx", "crc32c_vmx");
	check_registration("crct10dif", "crct10dif-vmx", "crc_family_vmx");
	check_registration("crc64-rocksoft", "crc64-rocksoft-vmx", "crc_family_vmx");
	check_testmgr_log();

	for (i = 0; i < ARRAY_SIZE(crc32c_programs); i++)
		test_program(crc32c_programs[i].name, crc32c_programs[i].argv);

	check_library("crc_t10dif", "crct10dif-vmx");
	check_library("crc64_rocksoft", "crc64-rocksoft-vmx");
	t0 = crc_vmx_read_stat(FAMILY_STATS "crct10dif_vector_bytes");
	c0 = crc_vmx_read_stat(FAMILY_STATS "crc64_rocksoft_vector_bytes");
	test_program(T10DIF_TEST, t10dif);
	test_program(CRC64_TEST, crc64);
	t1 = crc_vmx_read_stat(FAMILY_STATS "crct10dif_vector_bytes");
	c1 = crc_vmx_read_stat(FAMILY_STATS "crc64_rocksoft_vector_bytes");
	diag("crct10dif_vector_bytes %lld -> %lld, crc64_rocksoft_vector_bytes %lld -> %lld",
	     t0, t1, c0, c1);
	result(t0 >= 0 && t1 - t0 >= 150000 && c0 >= 0 && c1 - c0 >= 150000,
	       "crc_family_vmx counted vector bytes for both CRCs");

	/* Nothing holds crc32c-vmx now: it must unload and leave /proc/crypto. */
	if (have_vmx) {
		struct crypto_impl impls[MAX_IMPLS];
		int n, err = 0;

		if (syscall(__NR_delete_module, "crc32c_vmx", O_NONBLOCK))
			err = errno;
		if (err)
			diag("delete_module(crc32c_vmx): %s", strerror(err));
		result(!err && !find_driver("crc32c", "crc32c-vmx", impls, &n),
		       "crc32c_vmx unloads and crc32c-vmx leaves /proc/crypto");
	} else {
		result(0, "crc32c_vmx unloads and crc32c-vmx leaves /proc/crypto");
	}
}

static void setup(void)
{
	int fd;

	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/dev", 0755);
	mkdir("/tmp", 01777);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, NULL);
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0)
		dup2(fd, 0);
	fd = open("/dev/hvc1", O_WRONLY | O_NOCTTY);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	} else {
		fd = open("/dev/console", O_WRONLY | O_NOCTTY);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		puts("CRCVMX-NO-RESULT-CHANNEL: /dev/hvc1 is missing; results go to the console");
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	setenv("PATH", "/tests", 1);
	setenv("HOME", "/", 1);
}

int main(void)
{
	static const char *const problems[] = {
		"WARNING:", "BUG:", "Oops", "Kernel panic", "Call Trace:", NULL
	};
	char set[64], depth[16];
	struct utsname u;
	int rc, bad;

	setup();
	if (!uname(&u))
		snprintf(krel, sizeof(krel), "%s", u.release);
	cmdline_value("crcvmx.set", set, sizeof(set));
	cmdline_value("crcvmx.depth", depth, sizeof(depth));
	setenv("CRC32C_VMX_DEPTH", depth[0] ? depth : "full", 1);
	printf("CRCVMX-BEGIN set=%s kernel=%s cpus=%ld depth=%s\n", set, krel,
	       sysconf(_SC_NPROCESSORS_ONLN), getenv("CRC32C_VMX_DEPTH"));
	if (strcmp(set, "bigendian")) {
		printf("no such test set: '%s' (this /init runs only 'bigendian')\n", set);
		rc = 2;
	} else {
		printf("TAP version 13\n");
		printf("1..%d\n", PLAN);
		run_tests();
		if (test_no != PLAN)
			printf("# the plan said %d tests, %d ran\n", PLAN, test_no);
		rc = failures ? 1 : 0;
	}
	bad = grep_log(problems, NULL, NULL);
	if (bad) {
		printf("CRCVMX-KERNEL-PROBLEM: the kernel log has warnings or errors%s\n",
		       bad < 0 ? " (or cannot be read)" : ":");
		grep_log(problems, NULL, "  dmesg: ");
		if (!rc)
			rc = 3;
	}
	printf("CRCVMX-END rc=%d\n", rc);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
