// SPDX-License-Identifier: GPL-2.0-only
//
// The --help texts of the tool and of each command.
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace crcbench {

// topic: "" (general), "list", "verify", "run" or "file"; "all": every text in
// one (`help all`, the source of the man page).
std::string help_text(std::string_view topic);

// For cli.cpp: what a command does (its --help's first paragraph), and the
// formatter that prints the usage and options.
std::string command_description(std::string_view command);
void configure_help(CLI::App &app);

} // namespace crcbench
