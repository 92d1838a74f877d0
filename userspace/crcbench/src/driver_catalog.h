// SPDX-License-Identifier: GPL-2.0-only
//
// The drivers of one CRC algorithm (--alg; crc32c by default) this kernel
// has (from /proc/crypto) and the checking of the names a user asks for
// against them.
#pragma once

#include "options.h"
#include "proc_crypto.h"
#include "system_info.h"
#include "user_drivers.h"

#include <optional>
#include <string>
#include <vector>

namespace crcbench {

struct DriverCatalog {
    CrcAlg alg = CrcAlg::crc32c;
    std::vector<AlgEntry> drivers; // of alg, not internal, highest priority first
    std::optional<std::string> resolves_to;
    bool ambiguous = false;

    const AlgEntry *find(const std::string &driver) const;
};

DriverCatalog make_catalog(const std::vector<AlgEntry> &proc_crypto, CrcAlg alg = CrcAlg::crc32c);

// Reads /proc/crypto (or the override); the drivers of common.alg. Throws
// ToolError.
DriverCatalog load_catalog(const CommonOptions &common);

// The same for a request of drivers: one that names only userspace drivers
// ("user:...") needs no /proc/crypto, so then an unreadable one gives an
// empty catalog instead of an error.
DriverCatalog load_catalog_for(const CommonOptions &common,
                               const std::vector<std::string> &requested);

// The requested names, checked: each must be a listed driver of the
// catalog's algorithm, the algorithm's name ("crc32c") or an available
// userspace driver ("user:...", see user_drivers.h). Unknown names throw
// ToolError(unknown_driver) with the list of what exists. Empty request:
// every driver, or only those whose self-test passed when only_passed, in
// ascending priority; none at all throws ToolError(unknown_driver) saying
// which kernels have drivers of the algorithm.
std::vector<std::string> select_drivers(const DriverCatalog &catalog,
                                        const std::vector<std::string> &requested,
                                        bool only_passed);

// "crc32c-vmx (300), crc32c-vpmsum (200), crc32c-generic (100)".
std::string describe_drivers(const DriverCatalog &catalog);

// What every report starts with: the machine, the --alg algorithm, its
// drivers here and the userspace baselines.
struct ReportBase {
    CrcAlg alg = CrcAlg::crc32c;
    SystemInfo system;
    std::vector<AlgEntry> drivers; // every driver of alg present, highest priority first
    std::optional<std::string> resolves_to;
    std::vector<UserDriver> user_drivers; // the userspace baselines, available or not
};

// Fills r for a command that asks for `requested` (load_catalog_for), and
// returns the catalog.
DriverCatalog start_report(ReportBase &r, const CommonOptions &common,
                           const std::vector<std::string> &requested);

} // namespace crcbench
