// SPDX-License-Identifier: GPL-2.0-only
#include "innodb_pages.h"

#include "units.h"

#include <algorithm>

namespace crcbench::innodb {
namespace {

std::uint32_t load_be32(const std::uint8_t *p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           std::uint32_t{p[3]};
}

} // namespace

std::uint32_t read_space_flags(std::span<const std::uint8_t> page0) {
    if (page0.size() < kFlagsOffset + 4)
        return 0;
    return load_be32(page0.data() + kFlagsOffset);
}

SpaceFlags parse_space_flags(std::uint32_t raw) {
    SpaceFlags f;
    f.raw = raw;
    std::string hex = format_hex32(raw);
    if (!(raw & kMarker)) {
        f.refusal = "FSP_SPACE_FLAGS " + hex +
                    " lack the full_crc32 marker (bit 4): the tablespace uses an older "
                    "checksum format (innodb_checksum_algorithm=crc32 or earlier), which this "
                    "tool does not check; use innochecksum, or rebuild the table under "
                    "innodb_checksum_algorithm=full_crc32";
        return f;
    }
    std::uint32_t ssize = raw & kSsizeMask;
    if (ssize < 3 || ssize > 7) {
        f.refusal = "FSP_SPACE_FLAGS " + hex + ": PAGE_SSIZE " + std::to_string(ssize) +
                    " is not a full_crc32 page size (3..7 = 4K..64K): not an InnoDB "
                    "tablespace, or page 0 is damaged";
        return f;
    }
    if (std::uint32_t algo = raw >> kCompressedAlgoShift; algo != 0) {
        f.refusal = "FSP_SPACE_FLAGS " + hex + ": COMPRESSED_ALGO " + std::to_string(algo) +
                    " (page_compressed): the checksum of such pages does not sit at the "
                    "page end, so this tool does not check them; use innochecksum";
        return f;
    }
    f.page_size = std::size_t{512} << ssize;
    return f;
}

std::uint32_t stored_checksum(std::span<const std::uint8_t> page) {
    return load_be32(page.data() + page.size() - kChecksumSize);
}

std::uint32_t key_version(std::span<const std::uint8_t> page) {
    return load_be32(page.data() + kKeyVersionOffset);
}

bool all_zero(std::span<const std::uint8_t> bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

PageState check_page(std::span<const std::uint8_t> page, std::uint32_t crc) {
    std::uint32_t stored = stored_checksum(page);
    // Only a page whose checksum field is zero can be empty; the scan stops
    // at the first non-zero byte, early in any written page.
    if (stored == 0 && all_zero(page))
        return PageState::empty;
    return crc == stored ? PageState::valid : PageState::invalid;
}

} // namespace crcbench::innodb
