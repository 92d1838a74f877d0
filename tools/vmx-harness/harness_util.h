/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the qemu-user harnesses (vmx_harness.c, family_harness.c) share;
 * the guard-page sweep is harness_guard.h.
 */
#ifndef HARNESS_UTIL_H
#define HARNESS_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* The shortest input every core takes: its first load is a whole block. */
#define HARNESS_CORE_MIN_LEN	16

/* splitmix64: small, good enough, and the same on every host. */
uint64_t harness_rand(uint64_t *s);

/* A whole unsigned number (any base strtoull takes): 0, or -1 if not one. */
int harness_parse_u64(const char *s, uint64_t *out);

/*
 * The watchdog: a core call that never returns is reported as a failure
 * naming the call, rather than left to the test's timeout. Every
 * HARNESS_WATCH_SECONDS of the harness's CPU time (ITIMER_VIRTUAL: a busy
 * host does not make it fire sooner) it looks at the call in progress; if
 * that call was already in progress at its previous look, the harness
 * prints "HANG [section] length=N offset=N: ..." (m=N for a guard case)
 * and exits 1.
 * harness_watch_start() starts it; harness_watch_call() and
 * harness_watch_return() go around each watched call of a core.
 */
#define HARNESS_WATCH_SECONDS	10

int harness_watch_start(void);
void harness_watch_call(const char *section, size_t len, const char *at_name, size_t at);
void harness_watch_return(void);

#endif /* HARNESS_UTIL_H */
