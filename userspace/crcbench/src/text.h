// SPDX-License-Identifier: GPL-2.0-only
//
// Small string helpers shared by the parsers (/proc files, sizes, case specs).
#pragma once

#include <string_view>
#include <vector>

namespace crcbench {

// s without leading and trailing spaces, tabs and carriage returns.
std::string_view trim(std::string_view s);

// The pieces of text between separators; n separators give n + 1 pieces
// (empty ones included).
std::vector<std::string_view> split(std::string_view text, char sep);

} // namespace crcbench
