// SPDX-License-Identifier: GPL-2.0-only
//
// The CRC algorithms the tool can judge and time (--alg): their crypto API
// name, digest format and key rules as the kernel's generic drivers define
// them, and the tool's own references for each.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace crcbench {

// The digest bytes as decode_digest reads them.
using Digest = std::uint64_t;

enum class CrcAlg { crc32c, crct10dif, crc64_rocksoft };

struct AlgInfo {
    CrcAlg alg;
    std::string_view name;           // the crypto API name (cra_name): "crct10dif"
    std::string_view generic_driver; // the ratio's baseline: "crct10dif-generic"
    std::size_t digest_size;         // bytes
    bool keyed;                      // the driver has setkey (a seed)
    std::string_view parameters;     // one line: width, polynomial, init, xorout
    std::string_view digest_format;  // how the kernel stores the CRC in the digest
    std::string_view key_rule;       // what setkey takes, or that there is none
    std::string_view kernels;        // which kernels have crypto API drivers of it
};

inline constexpr std::array<CrcAlg, 3> kAllAlgs = {CrcAlg::crc32c, CrcAlg::crct10dif,
                                                   CrcAlg::crc64_rocksoft};

const AlgInfo &alg_info(CrcAlg alg);

// "CRC32C", as sha256sum's BSD-style lines name "SHA256".
std::string alg_tag(CrcAlg alg);

CrcAlg parse_alg(std::string_view name);

// crc32c and crc64-rocksoft are stored little-endian; crct10dif's u16 in
// the CPU's byte order (crypto/crct10dif_generic.c), so in this host's.
Digest decode_digest(CrcAlg alg, std::span<const std::uint8_t> bytes);

void encode_digest(CrcAlg alg, Digest value, std::span<std::uint8_t> out);

// "0x1234": the algorithm's width.
std::string format_digest(CrcAlg alg, Digest value);

// What a correct driver returns, by the tool's table code. A seed only
// where the algorithm has a key.
Digest reference_digest(CrcAlg alg, std::optional<std::uint32_t> seed,
                        std::span<const std::uint8_t> data);

// By the bitwise definitions: the judge of the table code.
Digest bitwise_digest(CrcAlg alg, std::optional<std::uint32_t> seed,
                      std::span<const std::uint8_t> data);

} // namespace crcbench

// Slice-by-8 CRC32C, so that verifying several MiB per case stays quick under
// emulation; judged by the bitwise crc32c_reference in the unit tests.
namespace crcbench::crc32c_fast {

// Raw reflected state in, raw state out (no inversions), like crc32c_ref::update.
std::uint32_t update(std::uint32_t state, std::span<const std::uint8_t> data);

// What a kernel crc32c tfm keyed with seed returns (the digest bytes LE).
inline std::uint32_t digest(std::uint32_t seed, std::span<const std::uint8_t> data) {
    return ~update(seed, data);
}

} // namespace crcbench::crc32c_fast

// CRC-T10DIF and CRC64-Rocksoft bit at a time (the judge: nothing shared
// with table code or the kernel) and by a 256-entry table (checked against
// the bitwise form in the unit tests and, up to 64 KiB, at run time).
namespace crcbench::crc_family {

// T10DIF: init 0 and no xorout make the raw CRC the digest; chaining is plain.
std::uint16_t t10dif_bitwise(std::uint16_t crc, std::span<const std::uint8_t> data);
std::uint16_t t10dif_table(std::uint16_t crc, std::span<const std::uint8_t> data);

// Rocksoft: as crc64_rocksoft_generic() chains it (0 to start, the
// inversions inside).
std::uint64_t rocksoft_bitwise(std::uint64_t crc, std::span<const std::uint8_t> data);
std::uint64_t rocksoft_table(std::uint64_t crc, std::span<const std::uint8_t> data);

} // namespace crcbench::crc_family
