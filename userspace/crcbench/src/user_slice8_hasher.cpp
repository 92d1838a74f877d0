// SPDX-License-Identifier: GPL-2.0-only
#include "user_slice8_hasher.h"

#include "crc32c_fast.h"

namespace crcbench {

void UserSlice8Hasher::set_seed(std::uint32_t seed) {
    seed_ = seed;
    state_ = seed;
}

Digest UserSlice8Hasher::digest(std::span<const std::uint8_t> data) {
    return ~crc32c_fast::update(seed_, data);
}

void UserSlice8Hasher::update(std::span<const std::uint8_t> data) {
    state_ = crc32c_fast::update(state_, data);
}

// Like a tfm after final: the next update starts a new message from the key.
Digest UserSlice8Hasher::final() {
    std::uint32_t out = ~state_;
    state_ = seed_;
    return out;
}

} // namespace crcbench
