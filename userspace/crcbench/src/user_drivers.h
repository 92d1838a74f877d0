// SPDX-License-Identifier: GPL-2.0-only
//
// The userspace pseudo-drivers ("user:..."): baselines measured and verified
// beside the kernel's drivers, so one table answers "kernel through AF_ALG,
// or userspace code?". They need no AF_ALG and no /proc/crypto entry.
#pragma once

#include "crc_alg.h"
#include "hasher.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

inline constexpr std::string_view kUserPrefix = "user:";
inline constexpr std::string_view kUserSlice8 = "user:slice8";
inline constexpr std::string_view kUserVmx = "user:vmx";
inline constexpr std::string_view kUserVmxIsa31 = "user:vmx-isa31";

struct UserDriver {
    std::string driver;                     // "user:slice8"
    std::string description;                // one line for list
    std::optional<std::string> unavailable; // why it cannot run here; nullopt: it can
};

// Every user driver, available or not. All compute crc32c: for another
// --alg each is unavailable, with that as the cause.
std::vector<UserDriver> user_drivers(CrcAlg alg = CrcAlg::crc32c);

bool is_user_driver(std::string_view name);

// --user-baselines: `drivers` plus every available user driver not in it yet.
// Each unavailable one is named with its cause on stderr (unless quiet).
std::vector<std::string> add_user_baselines(std::vector<std::string> drivers, bool quiet,
                                            CrcAlg alg = CrcAlg::crc32c);

// Throws ToolError(unknown_driver) for an unknown name (listing the known
// ones) or an unavailable one (with the cause).
void check_user_driver(const std::string &name, CrcAlg alg = CrcAlg::crc32c);

// Opens a user driver's hasher; throws like check_user_driver.
std::unique_ptr<Crc32cHasher> make_user_hasher(const std::string &name,
                                               CrcAlg alg = CrcAlg::crc32c);

// "user:..." names to their userspace hashers, every other name to `kernel`.
HasherFactory with_user_drivers(HasherFactory kernel, CrcAlg alg = CrcAlg::crc32c);

// A crc32c update function (raw state in and out) with the kernel driver's
// key and streaming semantics: crc32c_fast, or the project's VMX core.
class UserHasher final : public Crc32cHasher {
  public:
    using Update = std::uint32_t (*)(std::uint32_t state, std::span<const std::uint8_t> data);

    explicit UserHasher(Update update = crc32c_fast::update) : update_(update) {}

    void set_seed(std::uint32_t seed) override { seed_ = state_ = seed; }
    Digest digest(std::span<const std::uint8_t> data) override { return ~update_(seed_, data); }
    void update(std::span<const std::uint8_t> data) override { state_ = update_(state_, data); }
    Digest final() override {
        std::uint32_t out = ~state_;
        state_ = seed_;
        return out;
    }

  private:
    Update update_;
    std::uint32_t seed_ = 0xffffffffu;
    std::uint32_t state_ = 0xffffffffu;
};

// user:vmx and user:vmx-isa31, the project's VMX core built into the tool:
// only a ppc64le build has them (user_vmx_hasher.cpp, else
// user_vmx_absent.cpp). unavailable(): why not in this build or on this CPU,
// which check_user_driver() reports: never a silent fallback.
std::optional<std::string> user_vmx_unavailable();
std::optional<std::string> user_vmx_isa31_unavailable();
// The core's update; only for an available one.
UserHasher::Update user_vmx_update(bool isa31);

} // namespace crcbench
