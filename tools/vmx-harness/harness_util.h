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

#endif /* HARNESS_UTIL_H */
