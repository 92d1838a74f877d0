// SPDX-License-Identifier: GPL-2.0-only
//
// /proc/crypto as data: the parser takes the text (so tests feed it fixtures)
// and the queries answer "which drivers of an algorithm exist" and "which one
// does the algorithm's name resolve to" (crc32c by default).
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

} // namespace crcbench
