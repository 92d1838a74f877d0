// SPDX-License-Identifier: GPL-2.0-only
//
// A table-driven (slice-by-8) software CRC32C, so that verifying several MiB
// per case stays quick even under emulation. It is itself checked against the
// bitwise crc32c_reference in the unit tests; the kernel never judges itself.
#pragma once

#include <cstdint>
#include <span>

namespace crcbench::crc32c_fast {

// Raw reflected state in, raw state out (no inversions), like crc32c_ref::update.
std::uint32_t update(std::uint32_t state, std::span<const std::uint8_t> data);

// What a kernel crc32c tfm returns for this seed (key), as a host integer:
// ~update(seed, data). The 4 digest bytes are this value little-endian.
inline std::uint32_t digest(std::uint32_t seed, std::span<const std::uint8_t> data) {
    return ~update(seed, data);
}

} // namespace crcbench::crc32c_fast
