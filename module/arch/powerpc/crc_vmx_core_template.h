/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vpmsumd folding core as a template for the CRC family: included once
 * by each per-CRC file (crct10dif_vmx_core.c, crc64_rocksoft_vmx_core.c),
 * which defines first
 *
 *   CRC_VMX_REFLECTED	1: LSB of each byte first; 0: MSB first
 *   CRC_VMX_WIDTH	32, or 64 (reflected only): the core's state width
 *   CRC_VMX_STATE	the state's type (u32 or u64)
 *   CRC_VMX_VEC	its constants header's vector literal macro
 *   CRC_VMX_FOLD	its fold table (at least 16 rows)
 *   CRC_VMX_REDUCE(r)	its reduce table's row named by the suffix r
 *   CRC_VMX_NIBBLE	its nibble table
 *
 * and gets the static crc_vmx_run(): the raw state (no inversion) advanced
 * over len bytes at any address. The folding (16 streams of 16-byte
 * blocks, 256 bytes per loop iteration, then the last whole and partial
 * blocks) is the same for every instantiation; what the bit order and the
 * width change is only the byte order of a loaded block, the direction of
 * the byte shifts, where the state enters the first block, the final
 * reduction and the scalar path below 16 bytes. docs/vmx-core-design.md
 * ("The CRC family") explains each; tools/fold-model is the specification
 * (class Engine). module/arch/powerpc/crc32c_vmx_core.c is the CRC32C core
 * with the ISA 3.1 loop; it does not use this template yet.
 */
#ifndef CRC_VMX_CORE_TEMPLATE_H
#define CRC_VMX_CORE_TEMPLATE_H

#if !defined(CRC_VMX_REFLECTED) || !defined(CRC_VMX_WIDTH) || !defined(CRC_VMX_STATE) || \
	!defined(CRC_VMX_VEC) || !defined(CRC_VMX_FOLD) || !defined(CRC_VMX_REDUCE) || \
	!defined(CRC_VMX_NIBBLE)
#error "define the CRC_VMX_* parameters before including crc_vmx_core_template.h"
#endif
#if CRC_VMX_WIDTH != 32 && !(CRC_VMX_WIDTH == 64 && CRC_VMX_REFLECTED)
#error "the template core is 32-bit (either bit order) or 64-bit reflected"
#endif

#include <altivec.h>
/* altivec.h turns these into keywords; we spell them __vector etc. */
#undef vector
#undef pixel
#undef bool

#define STREAMS		16

/* The two vector types, as macros: kernel style has no new typedefs */
#define vu64		__vector unsigned long long
#define vu8		__vector unsigned char

/* A vector from its high (most significant) and low doublewords. */
#define VEC(hi, lo)	((vu64)CRC_VMX_VEC(hi, lo))

/* Element numbers of the high and low doublewords, as intrinsics count them */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CORE_LITTLE_ENDIAN	1
#define DW_HI		1
#define DW_LO		0
#else
#define CORE_LITTLE_ENDIAN	0
#define DW_HI		0
#define DW_LO		1
#endif

/*
 * The register form of 16 message bytes is their little-endian value in
 * the reflected order and their big-endian value MSB first: the first
 * message bit is always the x^127 coefficient. A 16-byte load gives the
 * CPU's own byte order, so the bytes are reversed when the two differ:
 * reflected on big-endian, MSB first on little-endian.
 */
#define CORE_REVERSE	(CORE_LITTLE_ENDIAN != CRC_VMX_REFLECTED)

#if CORE_REVERSE
/*
 * vperm control that reverses the 16 bytes. The instruction numbers
 * register bytes from the most significant end; a vector literal's
 * element 0 is the most significant byte on big-endian and the least
 * significant on little-endian, hence two spellings of one register.
 */
#if CORE_LITTLE_ENDIAN
#define VPERM_REVERSE	((vu8) { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 })
#else
#define VPERM_REVERSE	((vu8) { 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 })
#endif
#endif

static inline vu64 to_register_order(vu8 v)
{
#if CORE_REVERSE
	vu8 r;

	asm("vperm	%0, %1, %1, %2" : "=v" (r) : "v" (v), "v" (VPERM_REVERSE));
	return (vu64)r;
#else
	return (vu64)v;
#endif
}

/*
 * The 16 bytes at the 16-byte aligned address p + off (lvx), written out
 * for the reasons given in crc32c_vmx_core.c (GCC 12's vec_ld() on
 * little-endian).
 */
static inline vu8 load16(const void *p, long off)
{
	vu8 v;

	asm("lvx	%0, %1, %2" : "=v" (v) : "b" (p), "r" (off) : "memory");
	return v;
}

/* 16 message bytes at a 16-byte aligned address */
static inline vu64 load_aligned(const u8 *p, long off)
{
	return to_register_order(load16(p, off));
}

/* 16 message bytes at any address */
static inline vu64 load_unaligned(const u8 *p)
{
	return to_register_order(vec_xl(0, p));
}

/* A row of a constant table: already laid out in register order */
static inline vu64 load_const(const u64 *row)
{
	return (vu64)load16(row, 0);
}

static inline vu64 pmsum(vu64 a, vu64 b)
{
	return __builtin_crypto_vpmsumd(a, b);
}

/* Multiply a 128-bit remainder by x^(128 * k) mod P, 1 <= k <= STREAMS. */
static inline vu64 fold(vu64 v, size_t k)
{
	return pmsum(v, load_const(CRC_VMX_FOLD[k - 1]));
}

/*
 * Shift the register by n bytes (0..15) toward its most significant end
 * (vslo) or its least significant end (vsro). Every byte of the count
 * vector holds the count, so either byte order finds it.
 */
static inline vu64 shift_up(vu64 v, size_t n)
{
	return (vu64)vec_slo((vu8)v, vec_splats((unsigned char)(n << 3)));
}

static inline vu64 shift_down(vu64 v, size_t n)
{
	return (vu64)vec_sro((vu8)v, vec_splats((unsigned char)(n << 3)));
}

/*
 * Move the bytes n places toward the end of the message (later) or its
 * start (earlier): the first message byte is the least significant one in
 * the reflected order and the most significant one MSB first.
 */
static inline vu64 later(vu64 v, size_t n)
{
#if CRC_VMX_REFLECTED
	return shift_up(v, n);
#else
	return shift_down(v, n);
#endif
}

static inline vu64 earlier(vu64 v, size_t n)
{
#if CRC_VMX_REFLECTED
	return shift_down(v, n);
#else
	return shift_up(v, n);
#endif
}

/*
 * The state added to the first block: it lines up with the first 4 (8)
 * message bytes, the low bytes of the low doubleword in the reflected
 * order, the top 32 bits of the high one MSB first.
 */
static inline vu64 state_vector(CRC_VMX_STATE crc)
{
#if CRC_VMX_REFLECTED
	return VEC(0, crc);
#else
	return VEC((u64)crc << 32, 0);
#endif
}

/*
 * acc is the remainder of the message up to some position X; last16 holds
 * the 16 bytes ending at X + k (0 < k < 16). Returns the remainder up to
 * X + k: the k leading bytes of acc move past the 128-bit window and are
 * folded by one block, the others move up, and the k new bytes fill in.
 */
static inline vu64 shift_fold(vu64 acc, size_t k, vu64 last16)
{
	const vu64 ones = VEC(~0ULL, ~0ULL);

	return fold(later(acc, 16 - k), 1) ^ earlier(acc, k) ^ (last16 & later(ones, 16 - k));
}

/*
 * Eight blocks of the steady-state loop, at base + 0..127: for each, load
 * it, bring it into register order when the byte orders differ (vperm by
 * rev), fold its stream forward by 16 blocks and add it in. Inline
 * assembly for the reasons given in crc32c_vmx_core.c; rev is unused when
 * no reversal is needed.
 */
#if CORE_REVERSE
#define FOLD1_CODE(a, t, addr)						\
	"	lvx	%[" #t "], " addr "\n"				\
	"	vperm	%[" #t "], %[" #t "], %[" #t "], %[rev]\n"	\
	"	vpmsumd	%[" #a "], %[" #a "], %[k]\n"			\
	"	vxor	%[" #a "], %[" #a "], %[" #t "]\n"
#else
#define FOLD1_CODE(a, t, addr)						\
	"	lvx	%[" #t "], " addr "\n"				\
	"	vpmsumd	%[" #a "], %[" #a "], %[k]\n"			\
	"	vxor	%[" #a "], %[" #a "], %[" #t "]\n"
#endif

#define FOLD8(x0, x1, x2, x3, x4, x5, x6, x7, from)				\
	asm(FOLD1_CODE(a0, t0, "0, %[base]")					\
	    FOLD1_CODE(a1, t1, "%[base], %[o16]")				\
	    FOLD1_CODE(a2, t0, "%[base], %[o32]")				\
	    FOLD1_CODE(a3, t1, "%[base], %[o48]")				\
	    FOLD1_CODE(a4, t0, "%[base], %[o64]")				\
	    FOLD1_CODE(a5, t1, "%[base], %[o80]")				\
	    FOLD1_CODE(a6, t0, "%[base], %[o96]")				\
	    FOLD1_CODE(a7, t1, "%[base], %[o112]")				\
	    : [a0] "+v" (x0), [a1] "+v" (x1), [a2] "+v" (x2), [a3] "+v" (x3),	\
	      [a4] "+v" (x4), [a5] "+v" (x5), [a6] "+v" (x6), [a7] "+v" (x7),	\
	      [t0] "=&v" (t0), [t1] "=&v" (t1)					\
	    : [base] "b" (from), [k] "v" (k16), [rev] "v" (rev),		\
	      [o16] "r" (o16), [o32] "r" (o32), [o48] "r" (o48),		\
	      [o64] "r" (o64), [o80] "r" (o80), [o96] "r" (o96),		\
	      [o112] "r" (o112)							\
	    : "memory")

/*
 * The main loop: 16 streams of 16-byte blocks, 256 bytes per iteration.
 * acc is the remainder just before p (16-byte aligned) and n >= 16 the
 * number of whole blocks left. Returns the remainder after the last whole
 * group of 16 blocks and advances *pp and *pn past it.
 */
static __always_inline vu64 fold_streams(vu64 acc, const u8 **pp, size_t *pn)
{
	const vu64 k16 = load_const(CRC_VMX_FOLD[STREAMS - 1]);
#if CORE_REVERSE
	const vu8 rev = VPERM_REVERSE;
#else
	const vu8 rev = (vu8)k16;
#endif
	const long o16 = 16, o32 = 32, o48 = 48, o64 = 64, o80 = 80, o96 = 96, o112 = 112;
	const u8 *p = *pp;
	size_t n = *pn;
	vu64 s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15;
	vu64 t0, t1;

	s0 = fold(acc, 1) ^ load_aligned(p, 0);
	s1 = load_aligned(p, 16);
	s2 = load_aligned(p, 32);
	s3 = load_aligned(p, 48);
	s4 = load_aligned(p, 64);
	s5 = load_aligned(p, 80);
	s6 = load_aligned(p, 96);
	s7 = load_aligned(p, 112);
	s8 = load_aligned(p, 128);
	s9 = load_aligned(p, 144);
	s10 = load_aligned(p, 160);
	s11 = load_aligned(p, 176);
	s12 = load_aligned(p, 192);
	s13 = load_aligned(p, 208);
	s14 = load_aligned(p, 224);
	s15 = load_aligned(p, 240);
	p += 16 * STREAMS;
	n -= STREAMS;

	for (; n >= STREAMS; n -= STREAMS, p += 16 * STREAMS) {
		FOLD8(s0, s1, s2, s3, s4, s5, s6, s7, p);
		FOLD8(s8, s9, s10, s11, s12, s13, s14, s15, p + 128);
	}

	/* Fold stream i forward over the 15 - i blocks that follow it. */
	s0 = fold(s0, 15) ^ fold(s1, 14);
	s2 = fold(s2, 13) ^ fold(s3, 12);
	s4 = fold(s4, 11) ^ fold(s5, 10);
	s6 = fold(s6, 9) ^ fold(s7, 8);
	s8 = fold(s8, 7) ^ fold(s9, 6);
	s10 = fold(s10, 5) ^ fold(s11, 4);
	s12 = fold(s12, 3) ^ fold(s13, 2);
	s14 = fold(s14, 1) ^ s15;
	s0 ^= s2;
	s4 ^= s6;
	s8 ^= s10;
	s12 ^= s14;
	s0 ^= s4;
	s8 ^= s12;

	*pp = p;
	*pn = n;
	return s0 ^ s8;
}

/*
 * Fewer than 16 whole blocks (1 <= n <= 15) at aligned p: acc is folded by
 * n blocks and block j by n - 1 - j, so all multiplies are independent; two
 * sums halve the chain of xors. k always points at the row for n blocks.
 */
static inline vu64 fold_short(vu64 acc, const u8 *p, size_t n)
{
	const u64 (*k)[2] = &CRC_VMX_FOLD[n - 1];
	vu64 x = pmsum(acc, load_const(*k));
	vu64 y = VEC(0, 0);

	for (; n > 2; n -= 2, p += 32) {
		k -= 2;
		x ^= pmsum(load_aligned(p, 0), load_const(k[1]));
		y ^= pmsum(load_aligned(p, 16), load_const(k[0]));
	}
	if (n == 2) {
		x ^= pmsum(load_aligned(p, 0), load_const(CRC_VMX_FOLD[0]));
		p += 16;
	}
	return x ^ y ^ load_aligned(p, 0);
}

#if CRC_VMX_WIDTH == 64
/*
 * The 64-bit reflected CRC of a 128-bit remainder A: A * x^64 mod P.
 * Stored reflected, a constant r multiplies as x * r (vpmsumd's extra
 * factor x).
 * 1. S = A's high lane times x^64 plus its low lane times x^128 mod P, a
 *    128-bit value congruent to A * x^64: the FOLD row holds x^63 (the
 *    stored 1, exact) and x^127 mod P.
 * 2. Barrett with mu = floor(x^127 / P): T = floor(S / x^64) is S's low
 *    lane and the quotient q = floor(T * mu / x^63) = floor(S / P) is the
 *    low lane of T * mu (the extra x included).
 * 3. The CRC is S mod x^64 plus q * (P - x^64) mod x^64 (q * x^64 has no
 *    low terms): the product comes out times x, one bit lower than S's
 *    high lane, where one vsl by 1 bit moves it.
 */
static inline u64 reduce(vu64 a)
{
	vu64 s, q, r;

	s = pmsum(a, load_const(CRC_VMX_REDUCE(FOLD)));
	q = pmsum(s, load_const(CRC_VMX_REDUCE(MU)));
	r = pmsum(q, load_const(CRC_VMX_REDUCE(POLY)));
	/* vsl shifts the whole register; every byte of the count holds 1 */
	asm("vsl	%0, %1, %2" : "=v" (r) : "v" (r), "v" (vec_splats((unsigned char)1)));
	return vec_extract(s ^ r, DW_HI);
}
#elif CRC_VMX_REFLECTED
/*
 * v rotated by one 32-bit word toward its least significant end (vsldoi
 * numbers register bytes the same way on either byte order; vec_sld()
 * does not).
 */
static inline vu64 rotate_word(vu64 v)
{
	vu64 r;

	asm("vsldoi	%0, %1, %1, 12" : "=v" (r) : "v" (v));
	return r;
}

/*
 * The 32-bit reflected CRC of a 128-bit remainder A: A * x^32 mod P by one
 * fold to 96 bits and Barrett, as in crc32c_vmx_core.c (whose comment
 * derives it).
 */
static inline u32 reduce(vu64 a)
{
	vu64 c, t, q, s;

	c = pmsum(a, load_const(CRC_VMX_REDUCE(FOLD)));
	t = rotate_word(c);
	q = pmsum(t, load_const(CRC_VMX_REDUCE(MU)));
	s = pmsum(q, load_const(CRC_VMX_REDUCE(POLY)));
	return (u32)vec_extract(s ^ t, DW_HI);
}
#else
/*
 * The 32-bit MSB-first CRC of a 128-bit remainder A = H * x^64 + L:
 * A * x^32 mod P. MSB first, a product has no extra factor.
 * 1. B = H * (x^96 mod P) + L * x^32, 96 bits (high lane: B's top 32).
 * 2. C = B's top 32 bits times x^64 mod P, plus B's low lane: 64 bits,
 *    all in the low lane (the and keeps B's high lane out of the sum).
 * 3. Barrett with mu = floor(x^64 / P) (33 bits): C * mu has 96 bits and
 *    q = floor(C * mu / x^64) is its high lane, nothing else.
 * 4. q * P (P in the high lane of the POLY row, which multiplies q alone)
 *    cancels C's bits from x^32 up: the CRC is the low 32 bits of C + q * P.
 * The model masks q out of the product in step 4; the POLY row's zero low
 * lane makes that mask a no-op here.
 */
static inline u32 reduce(vu64 a)
{
	vu64 b, c, t, s;

	b = pmsum(a, load_const(CRC_VMX_REDUCE(128_96)));
	c = pmsum(b, load_const(CRC_VMX_REDUCE(96_64))) ^ (b & VEC(0, ~0ULL));
	t = pmsum(c, load_const(CRC_VMX_REDUCE(MU)));
	s = pmsum(t, load_const(CRC_VMX_REDUCE(POLY)));
	return (u32)vec_extract(c ^ s, DW_LO);
}
#endif

/* Inputs shorter than one vector: four bits per table lookup. */
static CRC_VMX_STATE crc_vmx_nibbles(CRC_VMX_STATE crc, const u8 *p, size_t len)
{
	while (len--) {
#if CRC_VMX_REFLECTED
		crc ^= *p++;
		crc = (crc >> 4) ^ CRC_VMX_NIBBLE[crc & 15];
		crc = (crc >> 4) ^ CRC_VMX_NIBBLE[crc & 15];
#else
		crc ^= (u32)*p++ << 24;
		crc = (crc << 4) ^ CRC_VMX_NIBBLE[crc >> 28];
		crc = (crc << 4) ^ CRC_VMX_NIBBLE[crc >> 28];
#endif
	}
	return crc;
}

/* The whole CRC: the raw state advanced over len bytes at any address. */
static __always_inline CRC_VMX_STATE crc_vmx_run(CRC_VMX_STATE crc, const u8 *p, size_t len)
{
	vu64 acc;
	size_t h, n;

	if (len < 16)
		return crc_vmx_nibbles(crc, p, len);

	/* The first 16 bytes, wherever they are, with the state added in. */
	acc = load_unaligned(p) ^ state_vector(crc);
	p += 16;
	len -= 16;

	/* Take up to 15 more bytes so that all further loads are aligned. */
	h = -(unsigned long)p & 15;
	if (h && len >= h) {
		acc = shift_fold(acc, h, load_aligned(p + h - 16, 0));
		p += h;
		len -= h;
	}

	n = len / 16;
	if (n >= STREAMS)
		acc = fold_streams(acc, &p, &n);
	if (n) {
		acc = fold_short(acc, p, n);
		p += 16 * n;
	}

	/* The last 1..15 bytes: reload the 16 bytes that end with them. */
	len &= 15;
	if (len)
		acc = shift_fold(acc, len, load_unaligned(p + len - 16));

	return reduce(acc);
}

#endif /* CRC_VMX_CORE_TEMPLATE_H */
