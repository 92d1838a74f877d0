// SPDX-License-Identifier: GPL-2.0-only
#include "harness_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

uint8_t *harness_guarded_page(size_t *page)
{
	long size = sysconf(_SC_PAGESIZE);
	uint8_t *map;

	if (size <= 0)
		size = 65536;
	*page = (size_t)size;
	map = mmap(NULL, 3 * *page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		printf("guard pages: mmap failed: %s\n", strerror(errno));
		return NULL;
	}
	if (mprotect(map, *page, PROT_NONE) || mprotect(map + 2 * *page, *page, PROT_NONE)) {
		printf("guard pages: mprotect failed: %s\n", strerror(errno));
		munmap(map, 3 * *page);
		return NULL;
	}
	return map + *page;
}

void harness_guarded_free(uint8_t *mid, size_t page)
{
	munmap(mid - page, 3 * page);
}
