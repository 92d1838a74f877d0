// SPDX-License-Identifier: GPL-2.0-only
//
// /proc/crypto as data: the parser takes the text (so tests feed it fixtures)
// and the queries answer "which crc32c drivers exist" and "which one does the
// name crc32c resolve to".
#pragma once

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

// Parses the blank-line separated "key : value" blocks. Blocks without a
// driver line are dropped; unknown keys are ignored.
std::vector<AlgEntry> parse_proc_crypto(std::string_view text);

// The entries named "crc32c" that user space can reach (not internal), one per
// driver, highest priority first (ties: driver name order).
std::vector<AlgEntry> crc32c_drivers(const std::vector<AlgEntry> &all);

// What "crc32c" resolves to: the highest-priority non-internal crc32c entry
// whose self-test passed; nullopt when there is none.
std::optional<AlgEntry> resolve_crc32c(const std::vector<AlgEntry> &all);

// Two or more usable drivers share the top priority (the kernel then keeps
// whichever it finds first, which /proc/crypto does not tell).
bool crc32c_resolution_ambiguous(const std::vector<AlgEntry> &all);

} // namespace crcbench
