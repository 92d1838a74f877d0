// SPDX-License-Identifier: GPL-2.0-only
#include "crc32c_fast.h"

#include <array>

namespace crcbench::crc32c_fast {
namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u; // reflected Castagnoli

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// tables[0][b]: the state after feeding byte b into a zero state.
// tables[k][b]: the same, followed by k zero bytes.
constexpr Tables make_tables() {
    Tables t{};
    for (std::uint32_t b = 0; b < 256; ++b) {
        std::uint32_t s = b;
        for (int i = 0; i < 8; ++i)
            s = (s >> 1) ^ ((s & 1u) ? kPoly : 0u);
        t[0][b] = s;
    }
    for (std::size_t k = 1; k < 8; ++k)
        for (std::uint32_t b = 0; b < 256; ++b)
            t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xFFu];
    return t;
}

constexpr Tables kTables = make_tables();

std::uint32_t load_le32(const std::uint8_t *p) {
    return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
           (std::uint32_t{p[3]} << 24);
}

} // namespace

std::uint32_t update(std::uint32_t state, std::span<const std::uint8_t> data) {
    const std::uint8_t *p = data.data();
    std::size_t n = data.size();
    while (n >= 8) {
        std::uint32_t lo = state ^ load_le32(p);
        std::uint32_t hi = load_le32(p + 4);
        state = kTables[7][lo & 0xFF] ^ kTables[6][(lo >> 8) & 0xFF] ^
                kTables[5][(lo >> 16) & 0xFF] ^ kTables[4][lo >> 24] ^ kTables[3][hi & 0xFF] ^
                kTables[2][(hi >> 8) & 0xFF] ^ kTables[1][(hi >> 16) & 0xFF] ^ kTables[0][hi >> 24];
        p += 8;
        n -= 8;
    }
    while (n--)
        state = (state >> 8) ^ kTables[0][(state ^ *p++) & 0xFF];
    return state;
}

} // namespace crcbench::crc32c_fast
