// SPDX-License-Identifier: GPL-2.0-only
#include "harness_util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

uint64_t harness_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int harness_parse_u64(const char *s, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 0);
	return errno || end == s || *end || s[0] == '-' ? -1 : 0;
}

/* The call in progress (section NULL: none), and how many have started. */
static const char *volatile watch_section;
static const char *volatile watch_at_name;
static volatile size_t watch_len, watch_at;
static volatile unsigned long watch_calls;
static unsigned long watch_seen;

void harness_watch_call(const char *section, size_t len, const char *at_name, size_t at)
{
	watch_len = len;
	watch_at_name = at_name;
	watch_at = at;
	watch_calls++;
	watch_section = section;
}

void harness_watch_return(void)
{
	watch_section = NULL;
}

/* The handler's formatting: write(2) only, no stdio. */
static char *put_str(char *o, const char *s)
{
	while (*s)
		*o++ = *s++;
	return o;
}

static char *put_size(char *o, size_t v)
{
	char digits[24];
	int n = 0;

	do
		digits[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*o++ = digits[--n];
	return o;
}

static void on_watch(int sig)
{
	const char *section = watch_section;
	char msg[200], *o = msg;

	(void)sig;
	if (!section || watch_calls != watch_seen) {
		watch_seen = watch_calls;
		return;
	}
	o = put_str(o, "HANG [");
	o = put_str(o, section);
	o = put_str(o, "] length=");
	o = put_size(o, watch_len);
	o = put_str(o, " ");
	o = put_str(o, watch_at_name);
	o = put_str(o, "=");
	o = put_size(o, watch_at);
	o = put_str(o, ": the core has not returned after ");
	o = put_size(o, HARNESS_WATCH_SECONDS);
	o = put_str(o, " s of CPU time\n");
	if (write(STDOUT_FILENO, msg, (size_t)(o - msg)) < 0)
		_exit(2);
	_exit(1);
}

int harness_watch_start(void)
{
	struct itimerval every = { { HARNESS_WATCH_SECONDS, 0 }, { HARNESS_WATCH_SECONDS, 0 } };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_watch;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGVTALRM, &sa, NULL) || setitimer(ITIMER_VIRTUAL, &every, NULL)) {
		perror("harness watchdog");
		return -1;
	}
	return 0;
}
