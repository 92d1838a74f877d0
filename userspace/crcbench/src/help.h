// SPDX-License-Identifier: GPL-2.0-only
//
// The --help texts of the tool and of each command.
#pragma once

#include <string>
#include <string_view>

namespace crcbench {

// topic: "" (general), "list", "verify", "run" or "file"; "all": every text in
// one (`help all`, the source of the man page).
std::string help_text(std::string_view topic);

} // namespace crcbench
