// SPDX-License-Identifier: GPL-2.0-only
/*
 * Integer-only code for tools/check-objects.sh --self-test: it must pass as
 * glue. The function and variable names look like register names (v1, f2,
 * vs3) and appear in objdump's <symbol> annotations; rotates, xors and a
 * struct copy give the mnemonics that start like vector ones (xor, xori).
 * branch_asm.S adds branches to targets whose hex address looks like an FP
 * register ("bl f0"), as in the real glue object.
 */
struct pair {
	unsigned long a, b, c, d;
};

unsigned long vs3;
struct pair f2_src, f2_dst;

__attribute__((noinline)) unsigned long v1(unsigned long x)
{
	return (x << 7 | x >> 57) ^ 0x5a5a;
}

__attribute__((noinline)) void f2(void)
{
	f2_dst = f2_src;
}

unsigned long scalar_entry(unsigned long x)
{
	f2();
	vs3 += v1(x) ^ (x >> 3);
	return vs3 ^ 0x1234;
}
