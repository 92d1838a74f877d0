// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c_vmx_livestate: crc32c-vmx's second threshold. A message shorter
 * than CRC32C_VMX_MIN_LEN_LIVE (192 bytes in module/crc32c_vmx_glue.c) but
 * not shorter than CRC32C_VMX_MIN_LEN (64), hashed in a system call of a
 * thread whose user vector registers are live, takes the kernel's software
 * CRC, because the vector path would first have to save those
 * registers; stats/live_state_bytes counts it. From 192 bytes the vector
 * path runs all the same. Both sides of that edge are measured: 191-byte
 * messages (the longest below it), 192-byte ones, and 4096-byte ones.
 * (crc32c_vmx_contexts.sh shows the other half: a kernel thread, with no
 * user state, hashes short messages on the vector path.)
 *
 * Before every digest the thread writes a vector register, so its VMX state
 * is live when it enters the kernel, unless the kernel switches the thread
 * out in between (preemption saves the state and clears it): at least half
 * of the bytes must therefore be counted. Every digest is checked against
 * the table-driven reference.
 *
 * Output is KTAP, four results.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kselftest.h"
#include "afalg.h"
#include "crc32c_ksft.h"
#include "crc32c_ref.h"

#if !defined(__powerpc64__) || !defined(__ALTIVEC__)
#error "crc32c_vmx_livestate is for 64-bit POWER with VMX (build with -mcpu=power8 or later)"
#endif

#define SHORT_LEN	191	/* the longest below CRC32C_VMX_MIN_LEN_LIVE */
#define EDGE_LEN	192	/* CRC32C_VMX_MIN_LEN_LIVE */
#define LONG_LEN	4096	/* above both thresholds */
#define ROUNDS		64

/* Make this thread's user VMX state live: write v31 (volatile for the compiler). */
static inline void touch_vector_unit(void)
{
	asm volatile("vspltisw 31, 7" : : : "v31");
}

/* ROUNDS digests of len bytes, each right after touching the vector unit. */
static int digests_with_live_state(struct afalg_hash *h, const uint8_t *data, size_t len,
				   unsigned int *wrong)
{
	uint32_t got, want = ~crc32c_ref(~0u, data, len);
	unsigned int i;
	int err;

	for (i = 0; i < ROUNDS; i++) {
		touch_vector_unit();
		err = afalg_digest(h, data, len, NULL, 0, &got);
		if (err)
			return err;
		if (got != want) {
			if (*wrong < 5)
				ksft_print_msg("length %zu: got %08x, expected %08x\n",
					       len, got, want);
			(*wrong)++;
		}
	}
	return 0;
}

int main(void)
{
	/* page-aligned: each message is one piece for the crypto API's page walk */
	static uint8_t data[LONG_LEN] __attribute__((aligned(LONG_LEN)));
	long long l0, l1, l2, l3, v0, v1, v2, v3;
	unsigned int wrong = 0, i;
	struct afalg_hash h;
	int err;

	ksft_print_header();
	ksft_set_plan(4);
	crc32c_ref_init();
	for (i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i * 131 + 7);
	crc32c_ksft_open_or_exit(&h, "crc32c-vmx");
	if (crc_vmx_read_stat(CRC32C_KSFT_LIVE_STATS) < 0)
		ksft_exit_fail_msg("cannot read %s: crc32c_vmx without the live-state rule?\n",
				   CRC32C_KSFT_LIVE_STATS);

	l0 = crc_vmx_read_stat(CRC32C_KSFT_LIVE_STATS);
	v0 = crc32c_ksft_vector_bytes();
	err = digests_with_live_state(&h, data, SHORT_LEN, &wrong);
	l1 = crc_vmx_read_stat(CRC32C_KSFT_LIVE_STATS);
	v1 = crc32c_ksft_vector_bytes();
	if (!err)
		err = digests_with_live_state(&h, data, EDGE_LEN, &wrong);
	l2 = crc_vmx_read_stat(CRC32C_KSFT_LIVE_STATS);
	v2 = crc32c_ksft_vector_bytes();
	if (!err)
		err = digests_with_live_state(&h, data, LONG_LEN, &wrong);
	l3 = crc_vmx_read_stat(CRC32C_KSFT_LIVE_STATS);
	v3 = crc32c_ksft_vector_bytes();
	afalg_close(&h);
	if (err)
		ksft_exit_fail_msg("AF_ALG digest failed: %s\n", strerror(-err));

	ksft_print_msg("%d x %d B: live_state_bytes %lld -> %lld, vector_bytes %lld -> %lld\n",
		       ROUNDS, SHORT_LEN, l0, l1, v0, v1);
	ksft_print_msg("%d x %d B: live_state_bytes %lld -> %lld, vector_bytes %lld -> %lld\n",
		       ROUNDS, EDGE_LEN, l1, l2, v1, v2);
	ksft_print_msg("%d x %d B: live_state_bytes %lld -> %lld, vector_bytes %lld -> %lld\n",
		       ROUNDS, LONG_LEN, l2, l3, v2, v3);
	ksft_test_result(!wrong, "every digest right with live vector registers (%u wrong)\n",
			 wrong);
	ksft_test_result(l1 - l0 >= ROUNDS * SHORT_LEN / 2,
			 "%d-byte messages from a thread with live vector registers took the fallback: live_state_bytes rose by %lld (need >= %d)\n",
			 SHORT_LEN, l1 - l0, ROUNDS * SHORT_LEN / 2);
	ksft_test_result(l2 == l1 && v2 - v1 >= ROUNDS * EDGE_LEN,
			 "%d-byte messages took the vector path all the same: vector_bytes rose by %lld (need >= %d), live_state_bytes by %lld (need 0)\n",
			 EDGE_LEN, v2 - v1, ROUNDS * EDGE_LEN, l2 - l1);
	ksft_test_result(l3 == l2 && v3 - v2 >= ROUNDS * LONG_LEN,
			 "%d-byte messages took the vector path all the same: vector_bytes rose by %lld (need >= %d), live_state_bytes by %lld (need 0)\n",
			 LONG_LEN, v3 - v2, ROUNDS * LONG_LEN, l3 - l2);
	ksft_finished();
}
