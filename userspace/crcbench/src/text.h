// SPDX-License-Identifier: GPL-2.0-only
//
// Small string helpers shared by the parsers (/proc files, sizes, case specs).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
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

// Parsing and printing of the quantities on the command line and in tables:
// byte sizes ("4K", "1MiB"), size lists and sweeps ("64..1M"), durations
// ("500ms", "2s") and plain counts. Parsers throw UsageError.
// "65536", "64K", "64k", "64KiB", "1M", "1MiB", "1G": binary multiples.
std::size_t parse_size(std::string_view text);

// Comma-separated sizes; an element "A..B" is the doubling sweep A, 2A, ... <= B.
// The result is sorted and free of duplicates.
std::vector<std::size_t> parse_size_list(std::string_view text);

// "250ms", "2s", "1.5s", "0.5" (seconds), "1m"; must be >= 0 and finite.
std::chrono::nanoseconds parse_duration(std::string_view text);

// "0-3,8,10-11" (the kernel's cpulist format) -> {0,1,2,3,8,10,11}, in the
// given order, no duplicates; CPU numbers below 4096. Throws UsageError.
std::vector<unsigned> parse_cpu_list(std::string_view text);

// "4", "1,2,8" or "1..16" (doubling) -> ascending unique thread counts,
// each 1..1024. Throws UsageError.
std::vector<unsigned> parse_thread_list(std::string_view text);

// The inverse: ascending runs joined, e.g. "0-3,8".
std::string format_cpu_list(const std::vector<unsigned> &cpus);

// Unsigned decimal (or 0x-prefixed hex) in [min, max]; what (e.g. "--seed")
// starts the error message unless empty.
std::uint64_t parse_uint(std::string_view text, std::uint64_t min, std::uint64_t max,
                         std::string_view what);

// 32-bit value: decimal or 0x hex.
std::uint32_t parse_u32(std::string_view text, std::string_view what);

// "64", "4K", "1M"; "1536" (no fractions): always a form --sizes accepts.
std::string format_size(std::size_t bytes);

// "0x1234abcd".
std::string format_hex32(std::uint32_t value);

// Fixed-point with the given number of decimals (tables, for people).
std::string format_fixed(double value, int decimals);

// The shortest text that reads back as the same double ("0.0004",
// "128000", "0.000001", "1e-07", "1e+21"): JSON and CSV, for programs.
// Non-finite values give "nan"/"inf".
std::string format_round_trip(double value);

} // namespace crcbench
