// SPDX-License-Identifier: GPL-2.0-only
/*
 * /init of the no-VSX lane (tools/vm/novsx-lane.sh): a POWER10 guest whose
 * VSX is turned off (QEMU's cap-vsx=off), the one CPU where crc32c_vmx
 * must pick its POWER8 core on an ISA 3.1 machine for a reason of the CPU.
 * Debian's userland needs VSX, so this program is freestanding: no libc,
 * built with -mno-vsx -mno-altivec, system calls only. It loads
 * /af_alg.ko, /algif_hash.ko, /crc32c_generic.ko and /crc32c_vmx.ko, hashes
 * a message through crc32c-vmx and crc32c-generic over AF_ALG, and reports
 * on the result channel /dev/hvc1, between run-guest.sh's markers
 * CRCVMX-BEGIN and CRCVMX-END rc=0:
 *   NOVSX-HWCAP <AT_HWCAP> <AT_HWCAP2>   (hex, from /proc/self/auxv)
 *   NOVSX-LOAD <module> <0, or the negative errno of finit_module()>
 *   NOVSX-DIGEST <driver> <length> <the digest in hex, or the negative errno>
 *   NOVSX-STAT <name> <the driver's stats file of that name>
 *   NOVSX-KLOG <each kernel log line that names crc32c_vmx>
 *   NOVSX-CRYPTO <each line of the crc32c-vmx entry of /proc/crypto>
 * and powers off. The message is MSG_LEN bytes, byte i = (i * 7 + 3) mod
 * 256. The lane's script judges all of it.
 */
#include <asm/unistd.h>
#include <linux/auxvec.h>
#include <linux/fcntl.h>
#include <linux/if_alg.h>
#include <linux/reboot.h>

#define SYSLOG_READ_ALL	3
#define AF_ALG_FAMILY	38	/* AF_ALG */
#define SEQPACKET	5	/* SOCK_SEQPACKET */
#define MSG_LEN		100003	/* two vector sections and a tail */

static char buf[1 << 17];
static int out = -1;

static long sys(long n, long a, long b, long c, long d, long e)
{
	register long r0 asm("r0") = n;
	register long r3 asm("r3") = a;
	register long r4 asm("r4") = b;
	register long r5 asm("r5") = c;
	register long r6 asm("r6") = d;
	register long r7 asm("r7") = e;

	/* the kernel sets cr0.SO on failure, with the errno in r3 */
	asm volatile("sc\n\tbns+ 1f\n\tneg %1, %1\n1:"
		     : "+r" (r0), "+r" (r3), "+r" (r4), "+r" (r5), "+r" (r6), "+r" (r7)
		     :
		     : "r8", "r9", "r10", "r11", "r12", "cr0", "ctr", "xer", "memory");
	return r3;
}

static unsigned long length(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

static void put(const char *s, unsigned long n)
{
	sys(__NR_write, out, (long)s, (long)n, 0, 0);
}

static void put_str(const char *s)
{
	put(s, length(s));
}

static void put_num(long v, int base)
{
	char d[24];
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
	int n = 0;

	do
		d[n++] = "0123456789abcdef"[u % base];
	while (u /= base);
	if (base == 16)
		put_str("0x");
	else if (v < 0)
		put_str("-");
	while (n)
		put(&d[--n], 1);
}

static int has(const char *line, unsigned long n, const char *word)
{
	unsigned long w = length(word), i, j;

	for (i = 0; i + w <= n; i++) {
		for (j = 0; j < w && line[i + j] == word[j]; j++)
			;
		if (j == w)
			return 1;
	}
	return 0;
}

/* The whole of a file into buf (NUL-terminated): its length, or -errno. */
static long slurp(const char *path)
{
	long fd = sys(__NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0, 0), n = 0, r;

	if (fd < 0)
		return fd;
	while ((r = sys(__NR_read, fd, (long)buf + n, sizeof(buf) - 1 - n, 0, 0)) > 0)
		n += r;
	sys(__NR_close, fd, 0, 0, 0, 0);
	buf[n] = 0;
	return r < 0 ? r : n;
}

static void hwcaps(void)
{
	long n = slurp("/proc/self/auxv"), i;
	unsigned long hw = 0, hw2 = 0;
	const unsigned long *v = (const unsigned long *)buf;

	for (i = 0; i + 1 < n / 8; i += 2) {
		if (v[i] == AT_HWCAP)
			hw = v[i + 1];
		else if (v[i] == AT_HWCAP2)
			hw2 = v[i + 1];
	}
	put_str("NOVSX-HWCAP ");
	put_num(hw, 16);
	put_str(" ");
	put_num(hw2, 16);
	put_str("\n");
}

/* Each line of text[0, n) after prefix. */
static void put_lines(const char *text, long n, const char *prefix)
{
	long start, end;

	for (start = 0; start < n; start = end + 1) {
		for (end = start; end < n && text[end] != '\n'; end++)
			;
		put_str(prefix);
		put(text + start, end - start);
		put_str("\n");
	}
}

/*
 * The parts of buf[0, n) that contain word, each after prefix: its lines
 * (sep '\n'), or its blank-line-separated blocks (sep 0).
 */
static void parts_with(long n, const char *word, const char *prefix, int sep)
{
	long start, end;

	for (start = 0; start < n; start = end + 1) {
		for (end = start; end < n; end++)
			if (buf[end] == '\n' && (sep || (end + 1 < n && buf[end + 1] == '\n')))
				break;
		if (has(buf + start, end - start, word))
			put_lines(buf + start, end - start, prefix);
		if (!sep)
			end++;
	}
}

static void load(const char *path)
{
	long fd = sys(__NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0, 0);
	long rc = fd < 0 ? fd : sys(__NR_finit_module, fd, (long)"", 0, 0, 0);

	if (fd >= 0)
		sys(__NR_close, fd, 0, 0, 0, 0);
	put_str("NOVSX-LOAD ");
	put_str(path + 1);
	put_str(" ");
	put_num(rc, 10);
	put_str("\n");
}

/* A driver's digest of the message, through AF_ALG. */
static void digest(const char *driver)
{
	static struct sockaddr_alg sa = { .salg_family = AF_ALG_FAMILY, .salg_type = "hash" };
	unsigned char d[4];
	long tfm, op = -1, rc, i;

	for (i = 0; driver[i] && i + 1 < (long)sizeof(sa.salg_name); i++)
		sa.salg_name[i] = driver[i];
	sa.salg_name[i] = 0;
	for (i = 0; i < MSG_LEN; i++)
		buf[i] = (char)(i * 7 + 3);
	tfm = sys(__NR_socket, AF_ALG_FAMILY, SEQPACKET, 0, 0, 0);
	rc = tfm;
	if (tfm >= 0)
		rc = sys(__NR_bind, tfm, (long)&sa, sizeof(sa), 0, 0);
	if (rc >= 0) {
		op = sys(__NR_accept, tfm, 0, 0, 0, 0);
		rc = op;
	}
	if (rc >= 0)
		rc = sys(__NR_write, op, (long)buf, MSG_LEN, 0, 0);
	if (rc == MSG_LEN)
		rc = sys(__NR_read, op, (long)d, sizeof(d), 0, 0);
	put_str("NOVSX-DIGEST ");
	put_str(driver);
	put_str(" ");
	put_num(MSG_LEN, 10);
	put_str(" ");
	if (rc == sizeof(d)) {
		for (i = 0; i < 4; i++) {
			put(&"0123456789abcdef"[d[i] >> 4], 1);
			put(&"0123456789abcdef"[d[i] & 15], 1);
		}
	} else {
		put_num(rc < 0 ? rc : -1, 10);
	}
	put_str("\n");
}

static void show_stat(const char *name)
{
	static char path[96] = "/sys/module/crc32c_vmx/stats/";
	unsigned long at = length("/sys/module/crc32c_vmx/stats/"), i;
	long n;

	for (i = 0; name[i] && at + i + 1 < sizeof(path); i++)
		path[at + i] = name[i];
	path[at + i] = 0;
	n = slurp(path);
	put_str("NOVSX-STAT ");
	put_str(name);
	put_str(" ");
	if (n > 0)
		put(buf, buf[n - 1] == '\n' ? n - 1 : n);
	else
		put_num(n, 10);
	put_str("\n");
}

void _start(void)
{
	long n;

	sys(__NR_mount, (long)"proc", (long)"/proc", (long)"proc", 0, 0);
	sys(__NR_mount, (long)"sysfs", (long)"/sys", (long)"sysfs", 0, 0);
	sys(__NR_mount, (long)"devtmpfs", (long)"/dev", (long)"devtmpfs", 0, 0);
	out = sys(__NR_openat, AT_FDCWD, (long)"/dev/hvc1", O_WRONLY, 0, 0);
	put_str("CRCVMX-BEGIN\n");
	hwcaps();
	load("/af_alg.ko");
	load("/algif_hash.ko");
	load("/crc32c_generic.ko");
	load("/crc32c_vmx.ko");
	digest("crc32c-vmx");
	digest("crc32c-generic");
	show_stat("vector_bytes");
	show_stat("isa31_bytes");
	n = sys(__NR_syslog, SYSLOG_READ_ALL, (long)buf, sizeof(buf) - 1, 0, 0);
	parts_with(n, "crc32c_vmx", "NOVSX-KLOG ", '\n');
	n = slurp("/proc/crypto");
	parts_with(n, "crc32c-vmx", "NOVSX-CRYPTO ", 0);
	put_str("CRCVMX-END rc=0\n");
	sys(__NR_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_POWER_OFF,
	    0, 0);
	for (;;)
		;
}
