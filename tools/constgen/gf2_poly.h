// SPDX-License-Identifier: GPL-2.0-only
//
// Polynomials over GF(2) of any degree: the arithmetic behind every CRC
// folding constant. Coefficient i is bit (i % 64) of word (i / 64); the
// representation is always normalised (no zero top words), so equality is
// plain vector equality.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace constgen {

class Gf2Poly {
  public:
    Gf2Poly() = default;
    // The polynomial whose coefficients are the bits of v (bit i <-> x^i).
    explicit Gf2Poly(std::uint64_t v);
    static Gf2Poly monomial(unsigned n); // x^n

    bool is_zero() const { return words_.empty(); }
    // Degree; -1 for the zero polynomial.
    int degree() const;
    bool coeff(unsigned i) const;
    void set_coeff(unsigned i, bool value);
    // The low 64 coefficients as an integer (bit i <-> x^i).
    std::uint64_t low_u64() const { return words_.empty() ? 0 : words_[0]; }

    Gf2Poly operator^(const Gf2Poly &o) const;
    Gf2Poly &operator^=(const Gf2Poly &o);
    Gf2Poly shifted_up(unsigned n) const; // times x^n
    Gf2Poly operator*(const Gf2Poly &o) const;
    bool operator==(const Gf2Poly &o) const = default;

    struct DivMod;
    // Polynomial long division; divisor must not be zero.
    DivMod divmod(const Gf2Poly &divisor) const;
    Gf2Poly operator%(const Gf2Poly &divisor) const;
    Gf2Poly operator/(const Gf2Poly &divisor) const;

    // "x^32 + x^28 + ... + 1", for test failure messages.
    std::string to_string() const;

  private:
    void normalise();
    std::vector<std::uint64_t> words_;
};

struct Gf2Poly::DivMod {
    Gf2Poly quotient;
    Gf2Poly remainder;
};

// x^n mod p by n single steps of "multiply by x, reduce if the degree
// reached deg(p)". Obviously right, O(n); the reference for the fast form.
Gf2Poly xpow_mod_stepwise(unsigned n, const Gf2Poly &p);

// x^n mod p by square-and-multiply over the bits of n, with a full
// multiplication and long division per step. O(log n).
Gf2Poly xpow_mod_square(unsigned n, const Gf2Poly &p);

} // namespace constgen
