// SPDX-License-Identifier: GPL-2.0-only
//
// The drivers of one CRC algorithm (--alg; crc32c by default) this kernel
// has (from /proc/crypto) and the checking of the names a user asks for
// against them.
#pragma once

#include "cli.h"
#include "system_info.h"
#include "user_drivers.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

struct AlgEntry {
    std::string name;   // "crc32c"
    std::string driver; // "crc32c-vpmsum"
    std::string module; // "crc32c_vpmsum" or "kernel"
    int priority = 0;
    int refcnt = 0;
    std::string selftest; // "passed", "unknown", ...
    bool internal = false;
    std::string type; // "shash"
    int digestsize = 0;
};

// Blocks without a driver line are dropped; unknown keys are ignored.
std::vector<AlgEntry> parse_proc_crypto(std::string_view text);

// The entries of cra_name `name` user space can reach (not internal), one
// per driver, highest priority first (ties: driver name order).
std::vector<AlgEntry> alg_drivers(const std::vector<AlgEntry> &all,
                                  std::string_view name = "crc32c");

// The highest-priority non-internal entry whose self-test passed.
std::optional<AlgEntry> resolve_alg(const std::vector<AlgEntry> &all,
                                    std::string_view name = "crc32c");

// Usable drivers share the top priority: the kernel keeps whichever it
// finds first, which /proc/crypto does not tell.
bool resolution_ambiguous(const std::vector<AlgEntry> &all, std::string_view name = "crc32c");

struct DriverCatalog {
    CrcAlg alg = CrcAlg::crc32c;
    std::vector<AlgEntry> drivers{}; // of alg, not internal, highest priority first
    std::optional<std::string> resolves_to{};
    bool ambiguous = false;

    const AlgEntry *find(const std::string &driver) const;
};

DriverCatalog make_catalog(const std::vector<AlgEntry> &proc_crypto, CrcAlg alg = CrcAlg::crc32c);

// A request of only user: drivers needs no /proc/crypto: an unreadable one
// gives an empty catalog then.
DriverCatalog load_catalog_for(const CommonOptions &common,
                               const std::vector<std::string> &requested);

// Unknown names throw ToolError(unknown_driver) listing what exists. Empty
// request: every driver (only_passed: whose self-test passed), ascending
// priority; none at all names the kernels that have drivers of the alg.
std::vector<std::string> select_drivers(const DriverCatalog &catalog,
                                        const std::vector<std::string> &requested,
                                        bool only_passed);

std::string describe_drivers(const DriverCatalog &catalog);

struct ReportBase {
    CrcAlg alg = CrcAlg::crc32c;
    SystemInfo system;
    std::vector<AlgEntry> drivers; // highest priority first
    std::optional<std::string> resolves_to;
    std::vector<UserDriver> user_drivers; // available or not
};

DriverCatalog start_report(ReportBase &r, const CommonOptions &common,
                           const std::vector<std::string> &requested);

} // namespace crcbench
