// SPDX-License-Identifier: GPL-2.0-only
#include "fold_constants.h"

#include <stdexcept>

namespace constgen {

namespace {

constexpr unsigned kWidth = 32;

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

std::uint32_t reflected_nibble(std::uint32_t n, std::uint32_t rpoly) {
    std::uint32_t s = n;
    for (int i = 0; i < 4; ++i)
        s = (s >> 1) ^ ((s & 1u) ? rpoly : 0u);
    return s;
}

std::uint32_t msb_first_nibble(std::uint32_t n, std::uint32_t poly) {
    std::uint32_t s = n << 28;
    for (int i = 0; i < 4; ++i)
        s = (s << 1) ^ ((s & 0x80000000u) ? poly : 0u);
    return s;
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
    if (spec.strides < kMinStrides || spec.strides > kMaxStrides)
        throw std::invalid_argument("strides must be in [" + std::to_string(kMinStrides) + ", " +
                                    std::to_string(kMaxStrides) + "], got " +
                                    std::to_string(spec.strides));
    FoldConstants c;
    c.spec = spec;
    c.modulus = Gf2Poly::monomial(kWidth) ^ Gf2Poly(spec.poly);
    c.mu_exponent = spec.order == BitOrder::reflected ? 3 * kWidth - 1 : 2 * kWidth;
    c.mu = Gf2Poly::monomial(c.mu_exponent) / c.modulus;
    const Gf2Poly &p = c.modulus;
    const std::uint64_t one_at_32 = std::uint64_t{1} << 32;

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
        const std::uint32_t rpoly = reflect32(Gf2Poly(spec.poly));
        for (std::uint32_t n = 0; n < 16; ++n)
            c.nibble[n] = reflected_nibble(n, rpoly);
    } else {
        for (unsigned k = 1; k <= spec.strides; ++k)
            c.fold.push_back(msb_first_fold(k, p));
        c.reduce.push_back({{rem(96, p).low_u64(), one_at_32},
                            "128 -> 96 bits: hi " + xpow(96) + ", lo x^32 (exact)"});
        c.reduce.push_back({{rem(64, p).low_u64(), 0}, "96 -> 64 bits: hi " + xpow(64)});
        c.reduce.push_back({{0, c.mu.low_u64()}, "Barrett: lo mu = floor(x^64 / P)"});
        c.reduce.push_back({{p.low_u64(), 0}, "Barrett: hi P"});
        for (std::uint32_t n = 0; n < 16; ++n)
            c.nibble[n] = msb_first_nibble(n, spec.poly);
    }
    return c;
}

Slice8Tables compute_slice8_tables(const CrcSpec &spec) {
    if (spec.order != BitOrder::reflected)
        throw std::invalid_argument("slice-by-8 tables are generated for reflected CRCs only");
    const std::uint32_t rpoly = reflect32(Gf2Poly(spec.poly));
    Slice8Tables t{};
    for (std::uint32_t b = 0; b < 256; ++b) {
        std::uint32_t s = b;
        for (int i = 0; i < 8; ++i)
            s = (s >> 1) ^ ((s & 1u) ? rpoly : 0u);
        t[0][b] = s;
    }
    for (std::size_t k = 1; k < t.size(); ++k)
        for (std::uint32_t b = 0; b < 256; ++b)
            t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xffu];
    return t;
}

} // namespace constgen
