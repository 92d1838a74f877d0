// SPDX-License-Identifier: GPL-2.0-only
//
// The userspace baselines' hasher: a crc32c update function (raw reflected
// state in, raw state out) behind the Crc32cHasher interface, with the
// kernel driver's key and streaming semantics. No system calls, no AF_ALG.
// user:slice8 runs the tool's own slice-by-8 table code (crc32c_fast);
// user:vmx and user:vmx-isa31 (user_vmx_hasher.cpp) the project's VMX core.
#pragma once

#include "crc32c_fast.h"
#include "hasher.h"

namespace crcbench {

class UserHasher final : public Crc32cHasher {
  public:
    using Update = std::uint32_t (*)(std::uint32_t state, std::span<const std::uint8_t> data);

    explicit UserHasher(Update update = crc32c_fast::update) : update_(update) {}

    void set_seed(std::uint32_t seed) override { seed_ = state_ = seed; }
    Digest digest(std::span<const std::uint8_t> data) override { return ~update_(seed_, data); }
    void update(std::span<const std::uint8_t> data) override { state_ = update_(state_, data); }
    // Like a tfm after final: the next update starts a new message from the key.
    Digest final() override {
        std::uint32_t out = ~state_;
        state_ = seed_;
        return out;
    }

  private:
    Update update_;
    std::uint32_t seed_ = 0xffffffffu;  // the key: raw initial state
    std::uint32_t state_ = 0xffffffffu; // raw state of the open stream
};

using UserSlice8Hasher = UserHasher;

} // namespace crcbench
