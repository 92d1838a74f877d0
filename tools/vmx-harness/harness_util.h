/* SPDX-License-Identifier: GPL-2.0-only */
/* What the qemu-user harnesses (vmx_harness.c, family_harness.c) share. */
#ifndef HARNESS_UTIL_H
#define HARNESS_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* splitmix64: small, good enough, and the same on every host. */
uint64_t harness_rand(uint64_t *s);

/* A whole unsigned number (any base strtoull takes): 0, or -1 if not one. */
int harness_parse_u64(const char *s, uint64_t *out);

/*
 * One read-write page between two inaccessible ones, so that any read
 * outside a buffer at its start or end faults. Returns the page and sets
 * *page to its size, or prints why and returns NULL.
 */
uint8_t *harness_guarded_page(size_t *page);
void harness_guarded_free(uint8_t *mid, size_t page);

#endif /* HARNESS_UTIL_H */
