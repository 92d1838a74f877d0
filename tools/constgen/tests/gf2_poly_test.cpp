// SPDX-License-Identifier: GPL-2.0-only
#include "gf2_poly.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using constgen::Gf2Poly;

const Gf2Poly kCrc32c = Gf2Poly::monomial(32) ^ Gf2Poly(0x1EDC6F41u);
const Gf2Poly kCrc32 = Gf2Poly::monomial(32) ^ Gf2Poly(0x04C11DB7u);

Gf2Poly random_poly(std::mt19937_64 &rng, unsigned max_degree) {
    Gf2Poly p;
    for (unsigned i = 0; i <= max_degree; ++i)
        if (rng() & 1u)
            p.set_coeff(i, true);
    return p;
}

TEST(Gf2Poly, DegreeAndCoefficients) {
    EXPECT_EQ(Gf2Poly().degree(), -1);
    EXPECT_EQ(Gf2Poly(1).degree(), 0);
    EXPECT_EQ(Gf2Poly::monomial(200).degree(), 200);
    EXPECT_TRUE(Gf2Poly::monomial(200).coeff(200));
    EXPECT_FALSE(Gf2Poly::monomial(200).coeff(199));
    EXPECT_EQ(kCrc32c.degree(), 32);
    Gf2Poly p = Gf2Poly::monomial(130);
    p.set_coeff(130, false);
    EXPECT_TRUE(p.is_zero());
    EXPECT_EQ(p, Gf2Poly());
}

TEST(Gf2Poly, ToString) {
    EXPECT_EQ(Gf2Poly(0b1011).to_string(), "x^3 + x + 1");
    EXPECT_EQ(Gf2Poly().to_string(), "0");
}

TEST(Gf2Poly, MultiplicationIsCarryLess) {
    // (x + 1)^2 = x^2 + 1 over GF(2).
    EXPECT_EQ(Gf2Poly(3) * Gf2Poly(3), Gf2Poly(5));
    EXPECT_EQ(Gf2Poly(0x87) * Gf2Poly(1), Gf2Poly(0x87));
    EXPECT_EQ(Gf2Poly::monomial(70) * Gf2Poly::monomial(80), Gf2Poly::monomial(150));
    // Schoolbook product checked against shift-and-add on a word boundary.
    const Gf2Poly a = Gf2Poly(~std::uint64_t{0});
    const Gf2Poly expect = a.shifted_up(1) ^ a; // (x + 1) * a
    EXPECT_EQ(Gf2Poly(3) * a, expect);
}

TEST(Gf2Poly, DivisionIdentityOnRandomInputs) {
    std::mt19937_64 rng(12345);
    for (int i = 0; i < 300; ++i) {
        const Gf2Poly a = random_poly(rng, 200);
        Gf2Poly b = random_poly(rng, 1 + rng() % 90);
        if (b.is_zero())
            b = Gf2Poly(1);
        const auto [q, r] = a.divmod(b);
        EXPECT_LT(r.degree(), b.degree());
        EXPECT_EQ(q * b ^ r, a) << a.to_string() << " / " << b.to_string();
    }
}

TEST(Gf2Poly, DivisionByZeroThrows) {
    EXPECT_THROW(Gf2Poly(5) % Gf2Poly(), std::domain_error);
}

// x^n mod P two independent ways (and a third: long division of x^n), over
// every exponent the CRC32C core uses and then some.
TEST(Gf2Poly, XpowModTwoWaysAgree) {
    for (const Gf2Poly *p : {&kCrc32c, &kCrc32}) {
        Gf2Poly step(1);
        for (unsigned n = 0; n <= 2200; ++n) {
            // step walks x^n mod P incrementally: multiply by x, reduce.
            if (n != 0) {
                step = step.shifted_up(1);
                if (step.degree() == 32)
                    step ^= *p;
            }
            ASSERT_EQ(step, constgen::xpow_mod_square(n, *p)) << "n = " << n;
            if (n % 97 == 0) {
                ASSERT_EQ(step, constgen::xpow_mod_stepwise(n, *p)) << "n = " << n;
                ASSERT_EQ(step, Gf2Poly::monomial(n) % *p) << "n = " << n;
            }
        }
    }
}

TEST(Gf2Poly, KnownResidues) {
    // x^32 mod P is P without its top term.
    EXPECT_EQ(constgen::xpow_mod_square(32, kCrc32c), Gf2Poly(0x1EDC6F41u));
    EXPECT_EQ(constgen::xpow_mod_square(31, kCrc32c), Gf2Poly::monomial(31));
    // x^33 = x * (x^32 mod P); 0x1EDC6F41 has degree 28, so no reduction.
    const Gf2Poly x33(0x3DB8DE82u);
    EXPECT_EQ(constgen::xpow_mod_square(33, kCrc32c), x33);
}

} // namespace
