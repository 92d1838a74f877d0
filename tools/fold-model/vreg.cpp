// SPDX-License-Identifier: GPL-2.0-only
#include "vreg.h"

#include <stdexcept>

namespace foldmodel {

V128 clmul64(std::uint64_t a, std::uint64_t b) {
    V128 r;
    for (unsigned i = 0; i < 64; ++i) {
        if (((a >> i) & 1u) == 0)
            continue;
        r.lo ^= b << i;
        if (i != 0)
            r.hi ^= b >> (64 - i);
    }
    return r;
}

V128 load_le(const std::uint8_t *p) {
    V128 v;
    for (int i = 7; i >= 0; --i) {
        v.lo = (v.lo << 8) | p[i];
        v.hi = (v.hi << 8) | p[8 + i];
    }
    return v;
}

V128 load_be(const std::uint8_t *p) {
    V128 v;
    for (int i = 0; i < 8; ++i) {
        v.hi = (v.hi << 8) | p[i];
        v.lo = (v.lo << 8) | p[8 + i];
    }
    return v;
}

V128 shift_left_bytes(V128 v, unsigned n) {
    if (n > 15)
        throw std::out_of_range("shift_left_bytes: vslo shifts by 0..15 bytes");
    if (n == 0)
        return v;
    const unsigned bits = 8 * n;
    if (bits >= 64)
        return {v.lo << (bits - 64), 0};
    return {(v.hi << bits) | (v.lo >> (64 - bits)), v.lo << bits};
}

V128 shift_right_bytes(V128 v, unsigned n) {
    if (n > 15)
        throw std::out_of_range("shift_right_bytes: vsro shifts by 0..15 bytes");
    if (n == 0)
        return v;
    const unsigned bits = 8 * n;
    if (bits >= 64)
        return {0, v.hi >> (bits - 64)};
    return {v.hi >> bits, (v.lo >> bits) | (v.hi << (64 - bits))};
}

V128 shift_left_bits(V128 v, unsigned n) {
    if (n > 7)
        throw std::out_of_range("shift_left_bits: vsl shifts by 0..7 bits");
    if (n == 0)
        return v;
    return {(v.hi << n) | (v.lo >> (64 - n)), v.lo << n};
}

V128 rotate_right_words(V128 v) {
    return {(v.hi >> 32) | (v.lo << 32), (v.lo >> 32) | (v.hi << 32)};
}

} // namespace foldmodel
