// SPDX-License-Identifier: GPL-2.0-only
#include "crc32c_reference.h"

namespace crc32c_ref {

std::uint32_t update(std::uint32_t state, std::span<const std::uint8_t> data) {
    for (std::uint8_t byte : data) {
        state ^= byte;
        for (int bit = 0; bit < 8; ++bit)
            state = (state >> 1) ^ ((state & 1u) ? kPolyReflected : 0u);
    }
    return state;
}

std::uint32_t digest(std::span<const std::uint8_t> data) {
    return ~update(~0u, data);
}

} // namespace crc32c_ref
