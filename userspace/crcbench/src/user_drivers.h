// SPDX-License-Identifier: GPL-2.0-only
//
// The userspace pseudo-drivers ("user:..."): baselines measured and verified
// beside the kernel's drivers, so one table answers "kernel through AF_ALG,
// or userspace code?". They need no AF_ALG and no /proc/crypto entry.
#pragma once

#include "hasher.h"

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

// Every user driver this tool knows, available or not, in a fixed order.
// They all compute crc32c: for another algorithm each is unavailable, with
// that as the cause (there is no userspace baseline of it).
std::vector<UserDriver> user_drivers(CrcAlg alg = CrcAlg::crc32c);

// The name starts with "user:" (known or not).
bool is_user_driver(std::string_view name);

// The user drivers that can run here (what --user-baselines adds).
std::vector<std::string> available_user_drivers(CrcAlg alg = CrcAlg::crc32c);

// --user-baselines: `drivers` plus every available user driver not in it yet.
// Each unavailable one is named with its cause on stderr (unless quiet).
std::vector<std::string> add_user_baselines(std::vector<std::string> drivers, bool quiet,
                                            CrcAlg alg = CrcAlg::crc32c);

// Checks a requested "user:..." name: throws ToolError(unknown_driver) for an
// unknown name (listing the known ones) or an unavailable one (with the cause).
void check_user_driver(const std::string &name, CrcAlg alg = CrcAlg::crc32c);

// Opens a user driver's hasher; throws like check_user_driver.
std::unique_ptr<Crc32cHasher> make_user_hasher(const std::string &name,
                                               CrcAlg alg = CrcAlg::crc32c);

// "user:..." names to their userspace hashers, every other name to `kernel`.
HasherFactory with_user_drivers(HasherFactory kernel, CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
