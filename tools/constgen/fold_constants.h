// SPDX-License-Identifier: GPL-2.0-only
//
// Every constant the vpmsumd folding core needs for one CRC of width 16, 32
// or 64, derived from the polynomial, its width and its bit order.
// docs/vmx-core-design.md explains where each one comes from; the exponents
// are repeated in the generated header next to every value.
#pragma once

#include "gf2_poly.h"

#include <cstdint>
#include <string>
#include <vector>

namespace constgen {

enum class BitOrder {
    reflected, // LSB of each byte first (CRC32C, CRC-32/ISO-HDLC)
    msb_first, // MSB of each byte first (CRC-32/MPEG-2, CRC-32/BZIP2)
};

// The CRC widths the core serves. A 16-bit CRC runs on the 32-bit core
// modulo P * x^16: M * x^32 mod (P * x^16) = x^16 * (M * x^16 mod P), so
// the 32-bit state carries the 16-bit CRC in its top half (MSB-first) or in
// its low half (reflected) and zeros in the other. 64-bit CRCs have their
// own final reduction in each bit order (CRC64-Rocksoft/NVMe reflected,
// the kernel's crc64_be, ECMA-182, MSB first).
inline constexpr unsigned kWidths[] = {16, 32, 64};

struct CrcSpec {
    // Normal form without the implicit x^width term, e.g. 0x1EDC6F41 for
    // CRC32C, 0x8BB7 for CRC-T10DIF, 0xAD93D23594C93659 for CRC64-Rocksoft.
    std::uint64_t poly = 0x1EDC6F41u;
    unsigned width = 32;
    BitOrder order = BitOrder::reflected;
    // Fold distances 128*k bits for k = 1..strides: the core's main loop runs
    // `strides` parallel streams of 16 bytes and needs all shorter ones to
    // combine them.
    unsigned strides = 16;
};

inline constexpr unsigned kMinStrides = 1;
inline constexpr unsigned kMaxStrides = 64;

// One 128-bit vector register: `hi` is the most significant doubleword
// (doubleword 0 in the ISA's numbering), whatever the memory byte order.
struct VecPair {
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    bool operator==(const VecPair &) const = default;
};

// A constant together with the exponents it encodes, for the header comments.
struct NamedVec {
    VecPair value;
    std::string comment;
};

struct FoldConstants {
    CrcSpec spec;
    // The width the core computes in: 32 for 16- and 32-bit CRCs, 64.
    unsigned core_width = 32;
    // The core's modulus: x^32 + poly, x^64 + poly, or for 16-bit CRCs
    // (x^16 + poly) * x^16.
    Gf2Poly modulus;
    // Barrett's constant mu = floor(x^mu_exponent / P): 95 for the reflected
    // 32-bit core (its reduction runs Barrett on a 96-bit value), 64 for
    // MSB-first, 127 for the reflected 64-bit core and 128 for the MSB-first
    // one (Barrett on 128 bits).
    unsigned mu_exponent = 0;
    Gf2Poly mu;
    // fold[k - 1]: multiplies a 128-bit chunk by x^(128k) mod P.
    std::vector<NamedVec> fold;
    // Reflected 32 and 64, three dependent multiplies: one fold (32: 128 ->
    // 96 bits, times x^32; 64: 128 -> 128 bits, times x^64), Barrett mu,
    // Barrett P. MSB-first, four: 128 -> 96 bits, 96 -> 64 bits, Barrett mu,
    // Barrett P.
    std::vector<NamedVec> reduce;
};

// Throws std::invalid_argument when strides is outside [kMinStrides,
// kMaxStrides], the width is not one of kWidths, or the poly does not fit
// the width or has no x^0 term. Any poly is
// accepted otherwise: the congruences the core relies on hold for every
// modulus of the core's degree, irreducible or not.
FoldConstants compute_fold_constants(const CrcSpec &spec);

// Encodings, exposed for the tests.
// Reflects the 32 coefficients of r (deg r < 32): x^j goes to bit 31 - j.
std::uint32_t reflect32(const Gf2Poly &r);
// Reflects the 33 coefficients of r (deg r <= 32): x^j goes to bit 32 - j.
std::uint64_t reflect33(const Gf2Poly &r);
// Reflects the 64 coefficients of r (deg r < 64): x^j goes to bit 63 - j.
std::uint64_t reflect64(const Gf2Poly &r);

} // namespace constgen
