// SPDX-License-Identifier: GPL-2.0-only
//
// The drivers of one CRC algorithm (--alg; crc32c by default) this kernel
// has (from /proc/crypto) and the checking of the names a user asks for
// against them.
#pragma once

#include "options.h"
#include "system_info.h"
#include "user_drivers.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// /proc/crypto as data: the parser takes the text (so tests feed it fixtures)
// and the queries answer "which drivers of an algorithm exist" and "which one
// does the algorithm's name resolve to" (crc32c by default).
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

// Parses the blank-line separated "key : value" blocks. Blocks without a
// driver line are dropped; unknown keys are ignored.
std::vector<AlgEntry> parse_proc_crypto(std::string_view text);

// The entries named `name` (the algorithm, cra_name: "crc32c", "crct10dif",
// "crc64-rocksoft") that user space can reach (not internal), one per
// driver, highest priority first (ties: driver name order).
std::vector<AlgEntry> alg_drivers(const std::vector<AlgEntry> &all,
                                  std::string_view name = "crc32c");

// What `name` resolves to: the highest-priority non-internal entry of it
// whose self-test passed; nullopt when there is none.
std::optional<AlgEntry> resolve_alg(const std::vector<AlgEntry> &all,
                                    std::string_view name = "crc32c");

// Two or more usable drivers share the top priority (the kernel then keeps
// whichever it finds first, which /proc/crypto does not tell).
bool resolution_ambiguous(const std::vector<AlgEntry> &all, std::string_view name = "crc32c");

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
