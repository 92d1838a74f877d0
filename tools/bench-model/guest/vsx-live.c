// SPDX-License-Identifier: GPL-2.0-only
/*
 * vsx-live: guest program of tools/bench-model. Measures, with the
 * insn-interval plugin, what a kernel vector section costs when the calling
 * thread has live vector registers (the allowance instruction counts of a
 * loop of calls cannot see, because only the first section after a kernel
 * entry pays it).
 *
 * Usage: vsx-live ROUNDS
 *
 * Each round, after touching a VSX register (so the kernel must save this
 * thread's FP, VMX and VSX state before it may use them itself):
 *   1. writes "entry" to the benchmark module's probe parameter: the kernel
 *      runs two 256-byte vector sections, each between markers, and logs
 *      them as live-entry-first and live-entry-second;
 *   2. runs BEGIN, write("vector"), touch VSX again, END and logs it as
 *      live-roundtrip-vector: the system call with one vector section,
 *      the state saved on entry and brought back for this thread's next
 *      vector instruction;
 *   3. the same with "none" (no vector section): live-roundtrip-none.
 * Labels go to /dev/kmsg after each interval, so the kernel log lists every
 * interval in execution order. Exit codes: 0 ok, 1 error, 2 bad usage.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROBE "/sys/module/crc32c_vmx_bench/parameters/probe"
#define PROBE_SIZE 256

/* The insn-interval plugin's default markers. */
#define mark_begin() asm volatile("ori 0, 0, 0xb501" : : : "r0", "memory")
#define mark_end() asm volatile("ori 0, 0, 0xb502" : : : "r0", "memory")

/* Use a VSX register (vs0, which is also f0) and a VMX one (v0 = vs32). */
static void touch_vsx(void)
{
	asm volatile("xxlor 0, 0, 0\n\txxlor 32, 32, 32" : : : "vs0", "vs32");
}

static int label(const char *subject)
{
	char line[128];
	int fd, n, ok;

	n = snprintf(line, sizeof(line), "<6>crc32c_vmx_bench: interval subject=%s size=%d n=1\n",
		     subject, PROBE_SIZE);
	/* a fresh open each time: /dev/kmsg rate-limits each open file */
	fd = open("/dev/kmsg", O_WRONLY);
	if (fd < 0) {
		perror("vsx-live: /dev/kmsg");
		return -1;
	}
	ok = write(fd, line, n) == n;
	close(fd);
	return ok ? 0 : -1;
}

static int probe(int fd, const char *what, int bracket)
{
	ssize_t n = (ssize_t)strlen(what), got;

	touch_vsx();
	if (bracket)
		mark_begin();
	got = pwrite(fd, what, n, 0);
	if (bracket) {
		touch_vsx();
		mark_end();
	}
	if (got != n) {
		fprintf(stderr, "vsx-live: writing '%s' to %s failed\n", what, PROBE);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int rounds, fd, r;

	if (argc != 2 || atoi(argv[1]) < 1) {
		fprintf(stderr, "usage: vsx-live ROUNDS\n");
		return 2;
	}
	rounds = atoi(argv[1]);
	fd = open(PROBE, O_WRONLY);
	if (fd < 0) {
		perror("vsx-live: " PROBE " (is crc32c_vmx_bench loaded?)");
		return 1;
	}
	for (r = 0; r < rounds; r++) {
		if (probe(fd, "entry", 0) ||
		    probe(fd, "vector", 1) || label("live-roundtrip-vector") ||
		    probe(fd, "none", 1) || label("live-roundtrip-none")) {
			close(fd);
			return 1;
		}
	}
	close(fd);
	return 0;
}
