// SPDX-License-Identifier: GPL-2.0-only
//
// Command line of crc-constgen, separate from main() so the tests can drive it.
#pragma once

#include "fold_constants.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace constgen {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1; // could not compute or write
inline constexpr int kExitUsage = 2;   // bad command line

struct Options {
    CrcSpec spec;
    std::string name = "crc32c_vmx";
    std::optional<std::string> output; // stdout when empty
    bool help = false;
};

struct ParseResult {
    std::optional<Options> options; // empty on error
    std::string error;
};

ParseResult parse_args(const std::vector<std::string> &args);

// The options as the canonical command line quoted in the header. It leaves
// out --output so that the header does not depend on where it was written.
std::string canonical_command(const Options &o);

std::string usage_text();

// Runs the tool: returns the exit code, writes the header to `out` (or the
// --output file) and diagnostics to `err`.
int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace constgen
