// SPDX-License-Identifier: GPL-2.0-only
//
// Small string helpers shared by the parsers (/proc files, sizes, case specs).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// s without leading and trailing spaces, tabs and carriage returns.
std::string_view trim(std::string_view s);

// The value after "KEY<sep>" on the first line whose KEY (trimmed) is key,
// trimmed: /proc/cpuinfo, /proc/meminfo ("key: value"), lparcfg ("key=value").
std::optional<std::string> keyed_value(std::string_view text, std::string_view key, char sep);

// The pieces of text between separators; n separators give n + 1 pieces
// (empty ones included).
std::vector<std::string_view> split(std::string_view text, char sep);

// The length of the well-formed UTF-8 sequence that starts at s[i] (2 to 4;
// RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), 0 if
// none does (s[i] is a non-ASCII byte).
std::size_t utf8_length(std::string_view s, std::size_t i);

// A file name as a table or a command line can show it: as it is when it
// holds only letters, digits, valid UTF-8 and _./+,:=@%-; otherwise in
// single quotes ('my file'), or, when it holds control characters or bytes
// that are not UTF-8, as $'...' with \n, \t and \xNN escapes (what bash's
// printf %q and ls --quoting-style=shell-escape print). Pasted into a POSIX
// shell (bash, busybox ash), each form is the same bytes again.
std::string quote_name(std::string_view name);

} // namespace crcbench
