// SPDX-License-Identifier: GPL-2.0-only
//
// Bit-at-a-time CRC32C (Castagnoli, reflected polynomial 0x82F63B78).
// Deliberately the slowest, simplest form: it shares nothing with the folding
// core or the kernel, so it can judge both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace crc32c_ref {

// Reflected form of the Castagnoli polynomial x^32 + ... (0x1EDC6F41).
inline constexpr std::uint32_t kPolyReflected = 0x82F63B78u;

// Advance the raw CRC state over data. No pre- or post-inversion: this is the
// state the kernel's shash context holds (seed ~0, digest = ~state).
std::uint32_t update(std::uint32_t state, std::span<const std::uint8_t> data);

// The standard CRC32C of data: init ~0, final inversion. crc32c("123456789")
// is 0xE3069283.
std::uint32_t digest(std::span<const std::uint8_t> data);

} // namespace crc32c_ref
