/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Read one of the modules' counters (a file holding a decimal number, such
 * as /sys/module/crc32c_vmx/stats/vector_bytes). libc only: the kselftest
 * programs and the big-endian lane's /init (tools/vm/bigendian) share it.
 */
#ifndef CRC_VMX_READ_STAT_H
#define CRC_VMX_READ_STAT_H

#include <stdio.h>

/* The number in the file at path, or -1 if it cannot be read. */
static inline long long crc_vmx_read_stat(const char *path)
{
	FILE *f = fopen(path, "r");
	long long v = -1;

	if (f) {
		if (fscanf(f, "%lld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

#endif
