// SPDX-License-Identifier: GPL-2.0-only
#include "fold_constants.h"

#include <stdexcept>

namespace constgen {

namespace {

std::string xpow(unsigned n) {
    return "x^" + std::to_string(n);
}

// x^n mod P for n >= 0.
Gf2Poly rem(unsigned n, const Gf2Poly &p) {
    return xpow_mod_square(n, p);
}

// Reflected core. A 64-bit lane w stands for sum(w_i * x^(63 - i)) and a
// 128-bit register v for sum(v_i * x^(127 - i)). vpmsumd sets bit i + j of
// the product from a_i * b_j, which stands for x^(127 - i - j) =
// x * x^(63 - i) * x^(63 - j): every product carries one extra factor x.
// A constant stored as reflect32(r) in the low 32 bits of a lane stands for
// x^32 * r, so multiplying by it multiplies by x^33 * r: to multiply by x^e,
// store x^(e - 33) mod P. Stored as reflect32(r) << 32 it stands for r.
NamedVec reflected_fold(unsigned k, const Gf2Poly &p) {
    const unsigned d = 128 * k;
    // hi lane holds the low-degree half of the chunk (multiply by x^d),
    // lo lane the high-degree half (multiply by x^(d + 64)).
    return {{reflect32(rem(d - 33, p)), reflect32(rem(d + 31, p))},
            "k = " + std::to_string(k) + ": " + xpow(d - 33) + ", " + xpow(d + 31)};
}

// MSB-first core: lane bit i stands for x^i and the product is exact. The hi
// lane holds the high-degree half of the chunk.
NamedVec msb_first_fold(unsigned k, const Gf2Poly &p) {
    const unsigned d = 128 * k;
    return {{rem(d + 64, p).low_u64(), rem(d, p).low_u64()},
            "k = " + std::to_string(k) + ": " + xpow(d + 64) + ", " + xpow(d)};
}

// 64-bit reflected core: a constant stored as reflect64(r) fills the lane
// and stands for r itself, so multiplying by it multiplies by x * r: to
// multiply by x^e, store x^(e - 1) mod P.
NamedVec reflected64_fold(unsigned k, const Gf2Poly &p) {
    const unsigned d = 128 * k;
    return {{reflect64(rem(d - 1, p)), reflect64(rem(d + 63, p))},
            "k = " + std::to_string(k) + ": " + xpow(d - 1) + ", " + xpow(d + 63)};
}

void check_spec(const CrcSpec &spec) {
    if (spec.strides < kMinStrides || spec.strides > kMaxStrides)
        throw std::invalid_argument("strides must be in [" + std::to_string(kMinStrides) + ", " +
                                    std::to_string(kMaxStrides) + "], got " +
                                    std::to_string(spec.strides));
    if (spec.width != 16 && spec.width != 32 && spec.width != 64)
        throw std::invalid_argument("width must be 16, 32 or 64, got " +
                                    std::to_string(spec.width));
    if (spec.width < 64 && (spec.poly >> spec.width) != 0)
        throw std::invalid_argument("the poly has terms at or above x^" +
                                    std::to_string(spec.width) + ": give the normal form " +
                                    "without the top term");
    if ((spec.poly & 1u) == 0)
        throw std::invalid_argument("the poly has no x^0 term");
}

} // namespace

namespace {

// The n coefficients of r (deg r < n <= 64) with x^j at bit n - 1 - j.
std::uint64_t reflect_n(const Gf2Poly &r, unsigned n) {
    if (r.degree() >= static_cast<int>(n))
        throw std::invalid_argument("reflect" + std::to_string(n) + ": degree " +
                                    std::to_string(r.degree()) + " >= " + std::to_string(n));
    std::uint64_t v = 0;
    for (unsigned j = 0; j < n; ++j)
        if (r.coeff(j))
            v |= std::uint64_t{1} << (n - 1 - j);
    return v;
}

} // namespace

std::uint32_t reflect32(const Gf2Poly &r) {
    return static_cast<std::uint32_t>(reflect_n(r, 32));
}

std::uint64_t reflect33(const Gf2Poly &r) {
    return reflect_n(r, 33);
}

std::uint64_t reflect64(const Gf2Poly &r) {
    return reflect_n(r, 64);
}

FoldConstants compute_fold_constants(const CrcSpec &spec) {
    check_spec(spec);
    FoldConstants c;
    c.spec = spec;
    c.core_width = spec.width == 64 ? 64 : 32;
    const unsigned embed = c.core_width - spec.width; // 16 for a 16-bit CRC, else 0
    c.modulus = (Gf2Poly::monomial(spec.width) ^ Gf2Poly(spec.poly)).shifted_up(embed);
    const Gf2Poly &p = c.modulus;
    const std::uint64_t one_at_32 = std::uint64_t{1} << 32;

    if (c.core_width == 64 && spec.order == BitOrder::msb_first) {
        // MSB first, lane bit i is x^i and products are exact; A = H * x^64
        // + L with H the hi lane. The CRC is A * x^64 mod P. S = H * (x^128
        // mod P) + L * x^64 (L moved to the hi lane by a byte shift, no
        // multiply) is congruent to it in 128 bits. Barrett on S (degree <=
        // 127) with mu = floor(x^128 / P) = x^64 + m: T = floor(S / x^64) is
        // S's hi lane and q = floor(T * mu / x^64) = T + floor(T * m / x^64),
        // the hi lane of T * m plus T. The CRC is the low 64 coefficients of
        // S + q * P = (S mod x^64) + (q * (P - x^64) mod x^64), the lo lanes.
        c.mu_exponent = 128;
        c.mu = Gf2Poly::monomial(c.mu_exponent) / p;
        for (unsigned k = 1; k <= spec.strides; ++k)
            c.fold.push_back(msb_first_fold(k, p));
        c.reduce.push_back({{rem(128, p).low_u64(), 0},
                            "128 -> 128 bits: hi " + xpow(128) + " (lo lane: x^64 by a shift)"});
        c.reduce.push_back({{(c.mu ^ Gf2Poly::monomial(64)).low_u64(), 0},
                            "Barrett: hi mu - x^64, mu = floor(x^128 / P)"});
        c.reduce.push_back({{(p ^ Gf2Poly::monomial(64)).low_u64(), 0}, "Barrett: hi P - x^64"});
        return c;
    }

    if (c.core_width == 64) {
        // A = H * x^64 + L (H the lo lane, the high-degree half). The CRC is
        // A * x^64 mod P. One multiply gives S = L * x^64 + H * (x^128 mod P)
        // in 128 bits: the hi lane times x^63 (stored 1: bit 0 of the lane)
        // lands L exactly in the lo lane, the lo lane times x^127 mod P.
        // Barrett on S (degree <= 127): T = floor(S / x^64) is S's lo lane,
        // mu = floor(x^127 / P) has 64 coefficients, and q = floor(T * mu /
        // x^63) = floor(S / P) is the lo lane of the product (its extra
        // factor x included). The CRC is the low 64 coefficients of S +
        // q * P = (S mod x^64) + (q * (P - x^64) mod x^64); the product
        // q * (P - x^64) comes out times x, so its low 64 coefficients are
        // the product shifted left by one bit (vsl), hi lane.
        c.mu_exponent = 127;
        c.mu = Gf2Poly::monomial(c.mu_exponent) / p;
        for (unsigned k = 1; k <= spec.strides; ++k)
            c.fold.push_back(reflected64_fold(k, p));
        c.reduce.push_back(
            {{1, reflect64(rem(127, p))}, "128 -> 128 bits: hi x^63 (exact), lo " + xpow(127)});
        c.reduce.push_back({{0, reflect64(c.mu)}, "Barrett: lo mu = floor(x^127 / P)"});
        c.reduce.push_back({{0, reflect64(p ^ Gf2Poly::monomial(64))}, "Barrett: lo P - x^64"});
        return c;
    }

    c.mu_exponent = spec.order == BitOrder::reflected ? 95 : 64;
    c.mu = Gf2Poly::monomial(c.mu_exponent) / p;
    if (spec.order == BitOrder::reflected) {
        for (unsigned k = 1; k <= spec.strides; ++k)
            c.fold.push_back(reflected_fold(k, p));
        // C = A * x^32 mod P in 96 bits: lo lane (degrees 64..127) times x^96,
        // hi lane times x^32 exactly; both products stay below degree 96.
        // Barrett then works on C directly: with T = floor(C / x^32) (64
        // bits) and mu = floor(x^95 / P) (64 coefficients), q = floor(T * mu
        // / x^63) = floor(C / P) because deg C <= 95. vpmsumd's extra factor
        // x makes that quotient exactly the lo lane of the product. The CRC
        // is the low 32 coefficients of C + q * P.
        c.reduce.push_back({{one_at_32, std::uint64_t{reflect32(rem(95, p))} << 32},
                            "128 -> 96 bits: hi x^31 (exact), lo " + xpow(95)});
        c.reduce.push_back({{0, reflect64(c.mu)}, "Barrett: lo mu = floor(x^95 / P)"});
        c.reduce.push_back({{0, reflect33(p)}, "Barrett: lo P"});
    } else {
        for (unsigned k = 1; k <= spec.strides; ++k)
            c.fold.push_back(msb_first_fold(k, p));
        c.reduce.push_back({{rem(96, p).low_u64(), one_at_32},
                            "128 -> 96 bits: hi " + xpow(96) + ", lo x^32 (exact)"});
        c.reduce.push_back({{rem(64, p).low_u64(), 0}, "96 -> 64 bits: hi " + xpow(64)});
        c.reduce.push_back({{0, c.mu.low_u64()}, "Barrett: lo mu = floor(x^64 / P)"});
        c.reduce.push_back({{p.low_u64(), 0}, "Barrett: hi P"});
    }
    return c;
}

} // namespace constgen
