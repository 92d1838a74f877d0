// SPDX-License-Identifier: GPL-2.0-only
//
// Command-line parsing: argv -> Options. Pure (no I/O, no environment), so
// every accepted and rejected form is unit-tested. Throws UsageError.
#pragma once

#include "error.h"
#include "hasher.h"
#include "options.h"

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace crcbench {

inline constexpr std::string_view kCommandNames[] = {"list", "verify", "run", "file"};

// The CLI11 application, every option bound to a field of the Options it
// is given: the parser's and --help's one description.
struct CommandLine {
    explicit CommandLine(Options &o);
    ~CommandLine();
    std::unique_ptr<CLI::App> app;
    struct Parts;
    std::unique_ptr<Parts> parts;
};

// args excludes argv[0].
Options parse_args(std::span<const std::string_view> args);

// --help. topic: "" (general), "list", "verify", "run" or "file"; "all": every text in
// one (`help all`, the source of the man page).
std::string help_text(std::string_view topic);

// The commands. Each returns the process exit code or throws ToolError.
int cmd_verify(const Options &o, const HasherFactory &factory);
// run opens its hashers with or without libkcapi's splice path (--splice).
using RunHasherFactory = std::function<HasherFactory(bool splice)>;
int cmd_run(const Options &o, const RunHasherFactory &make_factory);
// file: kernel drivers through hash streams (AF_ALG), user: drivers through hashers.
int cmd_file(const Options &o, const HashStreamFactory &kernel, const HasherFactory &user);

inline constexpr std::string_view kToolName = "crcbench-alg";
inline constexpr std::string_view kToolVersion = "0.1.0";

} // namespace crcbench
