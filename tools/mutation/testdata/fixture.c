// SPDX-License-Identifier: GPL-2.0-only
/* The generator's fixture: one line per rule, and lines it must leave alone. */
#include <stdio.h>
#include <stdlib.h>

#define FIXTURE_LIMIT	4	/* a constant at 7 in a comment stays */

static int total;

static int clamp(int lo, int hi, int v)
{
	if (v < lo)
		return lo;
	if (v >= hi && hi > 0)
		return hi;
	return v;
}

static int walk(int n, int step)
{
	int i, sum = 0;

	for (i = 0; i < n; i += step)
		sum += clamp(2, FIXTURE_LIMIT, i);
	total += sum;
	puts("count 3 in a string stays");
	return sum || n > 9;
}

int main(int argc, char **argv)
{
	int a = argc > 1 ? atoi(argv[1]) : 5;

	printf("%d %d %d\n", walk(a, 1), clamp(1, 6, a), total);
	return 0;
}
