// SPDX-License-Identifier: GPL-2.0-only
//
// The facts of MariaDB's InnoDB full_crc32 page format (10.5+ default) that
// `crcbench-alg file --innodb` needs, as pure functions: the tablespace flags
// of page 0, and the verdict on one page given the crc32c of its first
// page_size - 4 bytes. The CRC itself comes from whichever driver is being
// measured, so nothing here computes one.
//
// Format facts (MariaDB storage/innobase/include/fsp0types.h, fil0fil.h):
//  * FSP_SPACE_FLAGS: 4 bytes big-endian at byte 54 of page 0
//    (FSP_HEADER_OFFSET 38 + FSP_SPACE_FLAGS 16).
//  * full_crc32 flags: bits 0-3 PAGE_SSIZE (page size = 512 << ssize, valid
//    3..7: 4K..64K), bit 4 the full_crc32 MARKER, bits 5-7 the
//    page_compressed algorithm (0: not page_compressed).
//  * Checksum: the last 4 bytes of the page, big-endian, are the crc32c
//    (standard: init ~0, final xor ~0) of the page's other bytes.
//  * Encryption: bytes 0-3 of a page hold its key version
//    (FIL_PAGE_FCRC32_KEY_VERSION); 0 for a page that is not encrypted.
//  * A page of nothing but zero bytes was never written: it is "empty" and
//    not checked (innochecksum skips it too; tests/host/innodb-real.sh
//    checks that against innochecksum itself).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace crcbench::innodb {

inline constexpr std::size_t kFlagsOffset = 54;     // FSP_HEADER_OFFSET + FSP_SPACE_FLAGS
inline constexpr std::size_t kKeyVersionOffset = 0; // FIL_PAGE_FCRC32_KEY_VERSION
inline constexpr std::size_t kChecksumSize = 4;     // FIL_PAGE_FCRC32_CHECKSUM
inline constexpr std::uint32_t kSsizeMask = 0xfu;   // FSP_FLAGS_FCRC32_MASK_PAGE_SSIZE
inline constexpr std::uint32_t kMarker = 1u << 4;   // FSP_FLAGS_FCRC32_MASK_MARKER
inline constexpr unsigned kCompressedAlgoShift = 5; // FSP_FLAGS_FCRC32_POS_COMPRESSED_ALGO
inline constexpr std::size_t kMinPageSize = 4096;   // ssize 3
inline constexpr std::size_t kMaxPageSize = 65536;  // ssize 7

// What page 0's flags say, or why the tool refuses the file (a message that
// names the flag, its value and what to do).
struct SpaceFlags {
    std::uint32_t raw = 0;
    std::size_t page_size = 0;
    std::optional<std::string> refusal;
};

// Reads FSP_SPACE_FLAGS from the first bytes of page 0 (at least 58 bytes).
std::uint32_t read_space_flags(std::span<const std::uint8_t> page0);

// Interprets the flags: full_crc32 marker set, a valid page size, not
// page_compressed. Anything else: refusal set.
SpaceFlags parse_space_flags(std::uint32_t raw);

enum class PageState { valid, empty, invalid };

// The stored checksum: the page's last 4 bytes, big-endian.
std::uint32_t stored_checksum(std::span<const std::uint8_t> page);

// The page's key version (bytes 0-3, big-endian): non-zero = encrypted.
std::uint32_t key_version(std::span<const std::uint8_t> page);

bool all_zero(std::span<const std::uint8_t> bytes);

// The verdict on one page, given crc = crc32c(first page.size() - 4 bytes)
// as the driver's digest value (the tool's convention: ~state).
PageState check_page(std::span<const std::uint8_t> page, std::uint32_t crc);

} // namespace crcbench::innodb
