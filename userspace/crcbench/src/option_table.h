// SPDX-License-Identifier: GPL-2.0-only
//
// The one table of command-line options: the parser (cli.cpp) looks options
// up in it and the --help texts (help.cpp) print it, so every option that is
// documented parses and every option that parses is documented.
#pragma once

#include "options.h"

#include <functional>
#include <string_view>
#include <vector>

namespace crcbench {

struct OptionSpec {
    std::string_view short_name; // "-d" or ""
    std::string_view long_name;  // "--driver"
    std::string_view metavar;    // "D"; empty: a flag without a value
    std::string_view help;       // '\n' starts a continuation line
    std::string_view example;    // a value the parser accepts (tests)
    std::function<void(Options &, std::string_view value)> apply;
};

// Testing hooks ("testing: ..." help): parsed, but left out of --help.
inline bool is_hidden(const OptionSpec &s) {
    return s.help.starts_with("testing:");
}

// Options of every command (before or after the command name).
const std::vector<OptionSpec> &common_option_table();

// "list", "verify", "run" or "file"; throws std::out_of_range for anything else.
const std::vector<OptionSpec> &command_option_table(std::string_view command);

inline constexpr std::string_view kCommandNames[] = {"list", "verify", "run", "file"};

} // namespace crcbench
