// SPDX-License-Identifier: GPL-2.0-only
/*
 * The runtime selector of the mutant schemata (tools/mutation/schema.py):
 * the harness binary built from a schema runs the mutant numbered by
 * CRC_VMX_MUTANT, or the unchanged core when it is unset or 0. It is read
 * before main() so that the harness itself needs no change.
 */
#include <stdlib.h>

int crc_vmx_mutant;

__attribute__((constructor)) static void crc_vmx_mutant_select(void)
{
	const char *s = getenv("CRC_VMX_MUTANT");

	crc_vmx_mutant = s ? atoi(s) : 0;
}
