// SPDX-License-Identifier: GPL-2.0-only
#include "gf2_poly.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace constgen {

Gf2Poly::Gf2Poly(std::uint64_t v) {
    if (v != 0)
        words_.push_back(v);
}

Gf2Poly Gf2Poly::monomial(unsigned n) {
    Gf2Poly p;
    p.set_coeff(n, true);
    return p;
}

int Gf2Poly::degree() const {
    if (words_.empty())
        return -1;
    const std::uint64_t top = words_.back();
    return static_cast<int>((words_.size() - 1) * 64 + 63 - std::countl_zero(top));
}

bool Gf2Poly::coeff(unsigned i) const {
    const std::size_t w = i / 64;
    return w < words_.size() && ((words_[w] >> (i % 64)) & 1u) != 0;
}

void Gf2Poly::set_coeff(unsigned i, bool value) {
    const std::size_t w = i / 64;
    if (w >= words_.size()) {
        if (!value)
            return;
        words_.resize(w + 1, 0);
    }
    const std::uint64_t bit = std::uint64_t{1} << (i % 64);
    words_[w] = value ? (words_[w] | bit) : (words_[w] & ~bit);
    normalise();
}

void Gf2Poly::normalise() {
    while (!words_.empty() && words_.back() == 0)
        words_.pop_back();
}

Gf2Poly &Gf2Poly::operator^=(const Gf2Poly &o) {
    if (o.words_.size() > words_.size())
        words_.resize(o.words_.size(), 0);
    for (std::size_t i = 0; i < o.words_.size(); ++i)
        words_[i] ^= o.words_[i];
    normalise();
    return *this;
}

Gf2Poly Gf2Poly::operator^(const Gf2Poly &o) const {
    Gf2Poly r = *this;
    r ^= o;
    return r;
}

Gf2Poly Gf2Poly::shifted_up(unsigned n) const {
    if (is_zero())
        return {};
    Gf2Poly r;
    const unsigned wshift = n / 64;
    const unsigned bshift = n % 64;
    r.words_.assign(words_.size() + wshift + 1, 0);
    for (std::size_t i = 0; i < words_.size(); ++i) {
        r.words_[i + wshift] |= words_[i] << bshift;
        if (bshift != 0)
            r.words_[i + wshift + 1] |= words_[i] >> (64 - bshift);
    }
    r.normalise();
    return r;
}

// Schoolbook: for every set coefficient of one factor, add the other factor
// shifted into place. Slow and plain on purpose.
Gf2Poly Gf2Poly::operator*(const Gf2Poly &o) const {
    Gf2Poly r;
    for (int i = 0; i <= degree(); ++i)
        if (coeff(static_cast<unsigned>(i)))
            r ^= o.shifted_up(static_cast<unsigned>(i));
    return r;
}

Gf2Poly::DivMod Gf2Poly::divmod(const Gf2Poly &divisor) const {
    if (divisor.is_zero())
        throw std::domain_error("Gf2Poly: division by the zero polynomial");
    DivMod r{{}, *this};
    const int dd = divisor.degree();
    for (int d = r.remainder.degree(); d >= dd; d = r.remainder.degree()) {
        const auto shift = static_cast<unsigned>(d - dd);
        r.quotient.set_coeff(shift, true);
        r.remainder ^= divisor.shifted_up(shift);
    }
    return r;
}

Gf2Poly Gf2Poly::operator%(const Gf2Poly &divisor) const {
    return divmod(divisor).remainder;
}

Gf2Poly Gf2Poly::operator/(const Gf2Poly &divisor) const {
    return divmod(divisor).quotient;
}

std::string Gf2Poly::to_string() const {
    if (is_zero())
        return "0";
    std::string s;
    for (int i = degree(); i >= 0; --i) {
        if (!coeff(static_cast<unsigned>(i)))
            continue;
        if (!s.empty())
            s += " + ";
        s += i == 0 ? "1" : (i == 1 ? "x" : "x^" + std::to_string(i));
    }
    return s;
}

Gf2Poly xpow_mod_stepwise(unsigned n, const Gf2Poly &p) {
    const int dp = p.degree();
    if (dp < 1)
        throw std::domain_error("xpow_mod_stepwise: modulus must have degree >= 1");
    Gf2Poly r(1);
    for (unsigned i = 0; i < n; ++i) {
        r = r.shifted_up(1);
        if (r.degree() == dp)
            r ^= p;
    }
    return r;
}

Gf2Poly xpow_mod_square(unsigned n, const Gf2Poly &p) {
    if (p.degree() < 1)
        throw std::domain_error("xpow_mod_square: modulus must have degree >= 1");
    Gf2Poly result(1);
    Gf2Poly base = Gf2Poly(2) % p; // x
    for (unsigned e = n; e != 0; e >>= 1) {
        if (e & 1u)
            result = (result * base) % p;
        base = (base * base) % p;
    }
    return result % p;
}

} // namespace constgen
