// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/crypto parser: blocks of "key : value" lines separated by blank lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proc_crypto.h"

struct block {
	char name[128];
	struct crypto_impl impl;
};

static void set_field(struct block *b, const char *key, const char *val)
{
	if (!strcmp(key, "name"))
		snprintf(b->name, sizeof(b->name), "%s", val);
	else if (!strcmp(key, "driver"))
		snprintf(b->impl.driver, sizeof(b->impl.driver), "%s", val);
	else if (!strcmp(key, "module"))
		snprintf(b->impl.module, sizeof(b->impl.module), "%s", val);
	else if (!strcmp(key, "priority"))
		b->impl.priority = atoi(val);
	else if (!strcmp(key, "blocksize"))
		b->impl.blocksize = atoi(val);
	else if (!strcmp(key, "digestsize"))
		b->impl.digestsize = atoi(val);
	else if (!strcmp(key, "selftest"))
		b->impl.selftest_passed = !strcmp(val, "passed");
	else if (!strcmp(key, "internal"))
		b->impl.internal = !strcmp(val, "yes");
}

static void clear_block(struct block *b)
{
	memset(b, 0, sizeof(*b));
	b->impl.blocksize = -1;
	b->impl.digestsize = -1;
}

static void trim(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		s[--n] = '\0';
}

int proc_crypto_find(const char *name, struct crypto_impl *impls, size_t max)
{
	FILE *f = fopen("/proc/crypto", "r");
	struct block b;
	char line[256];
	int found = 0;
	int eof = 0;

	if (!f)
		return -errno;
	clear_block(&b);
	while (!eof) {
		char *colon;

		eof = !fgets(line, sizeof(line), f);
		if (eof || line[0] == '\n') {
			if (b.name[0] && !strcmp(b.name, name)) {
				if ((size_t)found < max)
					impls[found] = b.impl;
				found++;
			}
			clear_block(&b);
			continue;
		}
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		trim(line);
		trim(colon + 1);
		set_field(&b, line, colon + 1 + strspn(colon + 1, " \t"));
	}
	fclose(f);
	return found;
}

const struct crypto_impl *proc_crypto_resolve(const struct crypto_impl *impls, size_t n)
{
	const struct crypto_impl *best = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!impls[i].selftest_passed || impls[i].internal)
			continue;
		if (!best || impls[i].priority > best->priority)
			best = &impls[i];
	}
	return best;
}
