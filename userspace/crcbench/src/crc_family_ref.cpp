// SPDX-License-Identifier: GPL-2.0-only
#include "crc_family_ref.h"

#include <array>

namespace crcbench::crc_family {
namespace {

constexpr std::uint16_t kT10difPoly = 0x8BB7u;                 // MSB first
constexpr std::uint64_t kRocksoftPoly = 0x9A6C9329AC4BC9B5ull; // reflected

constexpr std::array<std::uint16_t, 256> make_t10dif_table() {
    std::array<std::uint16_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
        auto crc = static_cast<std::uint16_t>(b << 8);
        for (int i = 0; i < 8; ++i)
            crc = static_cast<std::uint16_t>((crc & 0x8000u) ? (crc << 1) ^ kT10difPoly : crc << 1);
        t[b] = crc;
    }
    return t;
}

constexpr std::array<std::uint64_t, 256> make_rocksoft_table() {
    std::array<std::uint64_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
        std::uint64_t crc = b;
        for (int i = 0; i < 8; ++i)
            crc = (crc & 1u) ? (crc >> 1) ^ kRocksoftPoly : crc >> 1;
        t[b] = crc;
    }
    return t;
}

constexpr auto kT10difTable = make_t10dif_table();
constexpr auto kRocksoftTable = make_rocksoft_table();

} // namespace

std::uint16_t t10dif_bitwise(std::uint16_t crc, std::span<const std::uint8_t> data) {
    for (std::uint8_t byte : data) {
        for (int bit = 7; bit >= 0; --bit) {
            bool in = ((byte >> bit) & 1u) != 0;
            bool top = (crc & 0x8000u) != 0;
            crc = static_cast<std::uint16_t>(crc << 1);
            if (in != top)
                crc ^= kT10difPoly;
        }
    }
    return crc;
}

std::uint16_t t10dif_table(std::uint16_t crc, std::span<const std::uint8_t> data) {
    for (std::uint8_t byte : data)
        crc = static_cast<std::uint16_t>((crc << 8) ^ kT10difTable[((crc >> 8) ^ byte) & 0xFFu]);
    return crc;
}

std::uint64_t rocksoft_bitwise(std::uint64_t crc, std::span<const std::uint8_t> data) {
    crc = ~crc;
    for (std::uint8_t byte : data) {
        for (int bit = 0; bit < 8; ++bit) {
            bool in = ((byte >> bit) & 1u) != 0;
            bool low = (crc & 1u) != 0;
            crc >>= 1;
            if (in != low)
                crc ^= kRocksoftPoly;
        }
    }
    return ~crc;
}

std::uint64_t rocksoft_table(std::uint64_t crc, std::span<const std::uint8_t> data) {
    crc = ~crc;
    for (std::uint8_t byte : data)
        crc = (crc >> 8) ^ kRocksoftTable[(crc ^ byte) & 0xFFu];
    return ~crc;
}

} // namespace crcbench::crc_family
