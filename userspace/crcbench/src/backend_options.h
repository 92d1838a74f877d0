// SPDX-License-Identifier: GPL-2.0-only
//
// run --backend: how the drivers are measured. afalg is the path every
// AF_ALG user takes (system calls included, end to end); tcrypt runs the
// kernel's own hash speed test (modprobe tcrypt mode=300), no system call
// per operation: the cost a kernel user such as btrfs pays.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

enum class Backend { afalg, tcrypt };

struct BackendOptions {
    std::vector<Backend> backends{Backend::afalg}; // --backend, in a fixed order
    unsigned tcrypt_sec = 1;                       // --tcrypt-sec: tcrypt's sec=
    // Testing hooks: the kernel log to read (default /dev/kmsg) and the
    // program run as "PROGRAM tcrypt mode=300 alg=D sec=N" (default modprobe).
    std::optional<std::string> kmsg_path;
    std::optional<std::string> modprobe;

    bool has(Backend b) const;
};

std::string_view backend_name(Backend b);

// "afalg", "tcrypt" or "afalg,tcrypt" (either order; stored afalg first).
// Throws UsageError.
std::vector<Backend> parse_backend_list(std::string_view text);

} // namespace crcbench
