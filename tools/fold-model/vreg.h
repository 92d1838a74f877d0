// SPDX-License-Identifier: GPL-2.0-only
//
// A software stand-in for the POWER vector registers and the handful of
// instructions the core uses, with the same register-level semantics:
// `hi` is doubleword 0 (most significant), `lo` doubleword 1, and the
// 128-bit value is hi:lo whatever the memory byte order.
#pragma once

#include <cstdint>

namespace foldmodel {

struct V128 {
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    bool operator==(const V128 &) const = default;
};

inline V128 operator^(V128 a, V128 b) {
    return {a.hi ^ b.hi, a.lo ^ b.lo};
}
inline V128 operator&(V128 a, V128 b) {
    return {a.hi & b.hi, a.lo & b.lo};
}

// 64x64 -> 128-bit carry-less product, one bit at a time.
V128 clmul64(std::uint64_t a, std::uint64_t b);

// vpmsumd: clmul(a.hi, b.hi) XOR clmul(a.lo, b.lo), as a 128-bit value.
inline V128 vpmsumd(V128 a, V128 b) {
    return clmul64(a.hi, b.hi) ^ clmul64(a.lo, b.lo);
}

// A 16-byte load as the little-endian core sees it (lvx, or lxvd2x with its
// doubleword swap): the register is the little-endian number of the bytes.
V128 load_le(const std::uint8_t *p);
// Big-endian number of the 16 bytes (lvx on a big-endian CPU).
V128 load_be(const std::uint8_t *p);

// vslo / vsro: shift the whole register by n bytes (0..15) toward the most /
// least significant end, filling with zeros.
V128 shift_left_bytes(V128 v, unsigned n);
V128 shift_right_bytes(V128 v, unsigned n);
// vsl with a shift of n bits (0..7) in every byte: the whole register
// shifted toward the most significant end, zeros in.
V128 shift_left_bits(V128 v, unsigned n);
// vsldoi v, v, 12: rotate the register by one 32-bit word toward the least
// significant end.
V128 rotate_right_words(V128 v);

} // namespace foldmodel
