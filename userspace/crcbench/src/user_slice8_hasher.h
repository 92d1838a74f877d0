// SPDX-License-Identifier: GPL-2.0-only
//
// user:slice8, a userspace baseline: the tool's own slice-by-8 table code
// (crc32c_fast) behind the Crc32cHasher interface, with the kernel driver's
// key and streaming semantics. No system calls, no AF_ALG.
#pragma once

#include "hasher.h"

namespace crcbench {

class UserSlice8Hasher final : public Crc32cHasher {
  public:
    void set_seed(std::uint32_t seed) override;
    Digest digest(std::span<const std::uint8_t> data) override;
    void update(std::span<const std::uint8_t> data) override;
    Digest final() override;

  private:
    std::uint32_t seed_ = 0xffffffffu;  // the key: raw initial state
    std::uint32_t state_ = 0xffffffffu; // raw state of the open stream
};

} // namespace crcbench
