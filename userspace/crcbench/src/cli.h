// SPDX-License-Identifier: GPL-2.0-only
//
// Command-line parsing: argv -> Options. Pure (no I/O, no environment), so
// every accepted and rejected form is unit-tested. Throws UsageError.
#pragma once

#include "options.h"

#include <memory>
#include <span>
#include <string_view>

namespace CLI {
class App;
}

namespace crcbench {

inline constexpr std::string_view kCommandNames[] = {"list", "verify", "run", "file"};

// The CLI11 application, every option bound to a field of the Options it
// is given: the parser's and --help's (help.cpp) one description.
struct CommandLine {
    explicit CommandLine(Options &o);
    ~CommandLine();
    std::unique_ptr<CLI::App> app;
    struct Parts;
    std::unique_ptr<Parts> parts;
};

// args excludes argv[0].
Options parse_args(std::span<const std::string_view> args);

} // namespace crcbench
