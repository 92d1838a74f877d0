// SPDX-License-Identifier: GPL-2.0-only
#include "crc_alg.h"

#include "crc32c_reference.h"
#include "error.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <ranges>

namespace crcbench {
namespace {

constexpr AlgInfo kInfo[] = {
    {CrcAlg::crc32c, "crc32c", "crc32c-generic", 4, true,
     "CRC-32C: reflected polynomial 0x82F63B78, init ~0, xorout ~0", "~CRC little-endian, 4 bytes",
     "setkey takes the raw initial state, 4 bytes little-endian (default 0xffffffff)",
     "every kernel with CONFIG_CRYPTO_CRC32C"},
    {CrcAlg::crct10dif, "crct10dif", "crct10dif-generic", 2, false,
     "CRC-T10DIF: polynomial 0x8BB7, MSB first, init 0, no xorout",
     "the 16-bit CRC in the CPU's byte order, 2 bytes",
     "none (the drivers offer no setkey; every message starts from init 0)",
     "Linux up to 6.14 (Debian 12's 6.1, bookworm-backports' 6.12) with "
     "CONFIG_CRYPTO_CRCT10DIF; from 6.15 on (e.g. Debian testing's 7.2) the crypto "
     "API has no crct10dif drivers"},
    {CrcAlg::crc64_rocksoft, "crc64-rocksoft", "crc64-rocksoft-generic", 8, false,
     "CRC64-Rocksoft (CRC-64/NVME): reflected polynomial 0x9A6C9329AC4BC9B5, init ~0, "
     "xorout ~0",
     "the 64-bit CRC little-endian, 8 bytes",
     "none (the drivers offer no setkey; every message starts from init)",
     "Linux 6.0 up to 6.14 (Debian 12's 6.1, bookworm-backports' 6.12) with "
     "CONFIG_CRYPTO_CRC64_ROCKSOFT; from 6.15 on (e.g. Debian testing's 7.2) the "
     "crypto API has no crc64-rocksoft drivers"},
};

// The table code, or (bitwise) the definitions.
Digest digest(CrcAlg alg, std::optional<std::uint32_t> seed, std::span<const std::uint8_t> data,
              bool bitwise) {
    using namespace crc_family;
    if (seed && !alg_info(alg).keyed)
        throw ToolError(ExitCode::runtime, "internal error: " + std::string(alg_info(alg).name) +
                                               " has no key, but a seed was given");
    const std::uint32_t state = seed.value_or(0xFFFFFFFFu);
    switch (alg) {
    case CrcAlg::crc32c:
        return ~(bitwise ? crc32c_ref::update(state, data) : crc32c_fast::update(state, data));
    case CrcAlg::crct10dif:
        return bitwise ? t10dif_bitwise(0, data) : t10dif_table(0, data);
    case CrcAlg::crc64_rocksoft:
        return bitwise ? rocksoft_bitwise(0, data) : rocksoft_table(0, data);
    }
    return 0;
}

} // namespace

const AlgInfo &alg_info(CrcAlg alg) {
    return kInfo[static_cast<std::size_t>(alg)]; // in CrcAlg's order
}

CrcAlg parse_alg(std::string_view name) {
    auto name_of = [](CrcAlg a) { return alg_info(a).name; };
    if (auto it = std::ranges::find(kAllAlgs, name, name_of); it != kAllAlgs.end())
        return *it;
    throw UsageError(fmt::format("--alg: unknown algorithm '{}'; valid: {}", name,
                                 fmt::join(kAllAlgs | std::views::transform(name_of), ", ")));
}

Digest decode_digest(CrcAlg alg, std::span<const std::uint8_t> bytes) {
    if (alg == CrcAlg::crct10dif) {
        std::uint16_t v = 0;
        std::memcpy(&v, bytes.data(), sizeof v); // the CPU's order, as the kernel stored it
        return v;
    }
    Digest v = 0;
    for (std::size_t i = alg_info(alg).digest_size; i-- > 0;)
        v = (v << 8) | bytes[i];
    return v;
}

void encode_digest(CrcAlg alg, Digest value, std::span<std::uint8_t> out) {
    if (alg == CrcAlg::crct10dif) {
        auto v = static_cast<std::uint16_t>(value);
        std::memcpy(out.data(), &v, sizeof v);
        return;
    }
    for (std::size_t i = 0; i < alg_info(alg).digest_size; ++i)
        out[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::string alg_tag(CrcAlg alg) {
    std::string tag(alg_info(alg).name);
    std::ranges::transform(tag, tag.begin(), [](unsigned char c) { return std::toupper(c); });
    return tag;
}

std::string format_digest(CrcAlg alg, Digest value) {
    return fmt::format("0x{:0{}x}", value, 2 * alg_info(alg).digest_size);
}

Digest reference_digest(CrcAlg alg, std::optional<std::uint32_t> seed,
                        std::span<const std::uint8_t> data) {
    return digest(alg, seed, data, false);
}

Digest bitwise_digest(CrcAlg alg, std::optional<std::uint32_t> seed,
                      std::span<const std::uint8_t> data) {
    return digest(alg, seed, data, true);
}

} // namespace crcbench

namespace crcbench::crc32c_fast {
namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u; // reflected Castagnoli

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// tables[0][b]: the state after feeding byte b into a zero state.
// tables[k][b]: the same, followed by k zero bytes.
constexpr Tables kTables = [] {
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
}();

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

namespace crcbench::crc_family {
namespace {

constexpr std::uint16_t kT10difPoly = 0x8BB7u;                 // MSB first
constexpr std::uint64_t kRocksoftPoly = 0x9A6C9329AC4BC9B5ull; // reflected

constexpr auto kT10difTable = [] {
    std::array<std::uint16_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
        auto crc = static_cast<std::uint16_t>(b << 8);
        for (int i = 0; i < 8; ++i)
            crc = static_cast<std::uint16_t>((crc & 0x8000u) ? (crc << 1) ^ kT10difPoly : crc << 1);
        t[b] = crc;
    }
    return t;
}();

constexpr auto kRocksoftTable = [] {
    std::array<std::uint64_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
        std::uint64_t crc = b;
        for (int i = 0; i < 8; ++i)
            crc = (crc & 1u) ? (crc >> 1) ^ kRocksoftPoly : crc >> 1;
        t[b] = crc;
    }
    return t;
}();

} // namespace

std::uint16_t t10dif_bitwise(std::uint16_t crc, std::span<const std::uint8_t> data) {
    for (std::uint8_t byte : data)
        for (int bit = 7; bit >= 0; --bit) { // MSB first
            const bool flip = ((byte >> bit) & 1u) != ((crc >> 15) & 1u);
            crc = static_cast<std::uint16_t>((crc << 1) ^ (flip ? kT10difPoly : 0u));
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
    for (std::uint8_t byte : data)
        for (int bit = 0; bit < 8; ++bit) { // LSB first
            const bool flip = ((byte >> bit) & 1u) != (crc & 1u);
            crc = (crc >> 1) ^ (flip ? kRocksoftPoly : 0u);
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
