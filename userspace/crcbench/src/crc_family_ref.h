// SPDX-License-Identifier: GPL-2.0-only
//
// CRC-T10DIF and CRC64-Rocksoft in software, from their definitions, in two
// forms: bit at a time (the judge: nothing shared with table code or the
// kernel) and byte at a time with a 256-entry table (quick enough for
// several MiB per case under emulation; checked against the bitwise form in
// the unit tests and, up to 64 KiB, at run time).
//
// CRC-T10DIF: width 16, polynomial 0x8BB7, MSB first, init 0, no final xor;
//   check ("123456789") 0xD0DB.
// CRC64-Rocksoft (CRC-64/NVME): width 64, reflected polynomial
//   0x9A6C9329AC4BC9B5, init ~0, final xor ~0; check 0xAE8B14860A799888.
#pragma once

#include <cstdint>
#include <span>

namespace crcbench::crc_family {

// T10DIF: the raw CRC in, the raw CRC out (no inversions: init 0 and no
// xorout make the raw CRC the digest; chaining is plain).
std::uint16_t t10dif_bitwise(std::uint16_t crc, std::span<const std::uint8_t> data);
std::uint16_t t10dif_table(std::uint16_t crc, std::span<const std::uint8_t> data);

// Rocksoft: the CRC as crc64_rocksoft_generic() takes and returns it, i.e.
// the previous CRC value (0 to start); the inversions happen inside, so
// update(update(0, a), b) == update(0, a || b).
std::uint64_t rocksoft_bitwise(std::uint64_t crc, std::span<const std::uint8_t> data);
std::uint64_t rocksoft_table(std::uint64_t crc, std::span<const std::uint8_t> data);

} // namespace crcbench::crc_family
