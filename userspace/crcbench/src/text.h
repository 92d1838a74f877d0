// SPDX-License-Identifier: GPL-2.0-only
//
// String helpers, and the quantities of the command line and the tables.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// Spaces, tabs and carriage returns off both ends.
std::string_view trim(std::string_view s);

// The value after "KEY<sep>" on the first line whose KEY (trimmed) is key,
// trimmed: /proc/cpuinfo, /proc/meminfo ("key: value"), lparcfg ("key=value").
std::optional<std::string> keyed_value(std::string_view text, std::string_view key, char sep);

// n separators give n + 1 pieces, empty ones included.
std::vector<std::string_view> split(std::string_view text, char sep);

// A file name as a shell reads it back: as it is, in single quotes, or with
// control characters or bytes that are not UTF-8 as $'...' (what ls
// --quoting-style=shell-escape prints).
std::string quote_name(std::string_view name);

// Parsers throw UsageError. "65536", "64K", "64k", "64KiB", "1M", "1MiB", "1G": binary multiples.
std::size_t parse_size(std::string_view text);

// Comma-separated sizes; an element "A..B" is the doubling sweep A, 2A, ... <= B.
// Sorted, no duplicates.
std::vector<std::size_t> parse_size_list(std::string_view text);

// "250ms", "2s", "1.5s", "0.5" (seconds), "1m"; must be >= 0 and finite.
std::chrono::nanoseconds parse_duration(std::string_view text);

// The kernel's cpulist format ("0-3,8"), in the given order; CPUs below 4096.
std::vector<unsigned> parse_cpu_list(std::string_view text);

// "4", "1,2,8" or "1..16" (doubling); ascending, each 1..1024.
std::vector<unsigned> parse_thread_list(std::string_view text);

std::string format_cpu_list(const std::vector<unsigned> &cpus);

// Decimal or 0x hex in [min, max]; what ("--seed") starts the error message.
std::uint64_t parse_uint(std::string_view text, std::uint64_t min, std::uint64_t max,
                         std::string_view what);

std::uint32_t parse_u32(std::string_view text, std::string_view what);

// No fractions ("1536"): always a form --sizes accepts.
std::string format_size(std::size_t bytes);

std::string format_hex32(std::uint32_t value);

std::string format_fixed(double value, int decimals);

// The shortest text that reads back as the same double (JSON, CSV).
std::string format_round_trip(double value);

} // namespace crcbench
