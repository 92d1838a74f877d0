// SPDX-License-Identifier: GPL-2.0-only
//
// The options of `crcbench-alg file` (part of Options, options.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace crcbench {

enum class Format; // options.h

struct FileOptions {
    std::vector<std::string> paths;       // the files, in order
    std::vector<std::string> drivers;     // empty: every crc32c driver
    bool user_baselines = false;          // --user-baselines: add the user: drivers
    std::optional<std::size_t> page_size; // --page-size: one CRC per page
    bool innodb = false;                  // --innodb: verify full_crc32 page checksums
    bool per_page = false;                // --per-page: every page's CRC in the output
    Format format{};                      // zero: Format::table (options.h checks)
    std::optional<std::string> json_file;
    std::optional<std::string> csv_file;
    unsigned repeat = 1;                   // --repeat: timed passes per driver and file
    bool drop_cache = false;               // --drop-cache: page cache dropped before each pass
    bool sum_lines = false;                // --format sum: "CRC  PATH" lines (sha256sum style)
    std::optional<std::string> check_list; // --check LIST: verify a list of such lines
    bool tag = false;                      // --tag: BSD-style "CRC32C (PATH) = CRC" sum lines
    bool zero = false;                     // -z: sum lines end in NUL, paths unescaped
    // --check's sha256sum -c flags (only with --check).
    bool status = false;         // --status: nothing on stdout; the exit code tells
    bool strict = false;         // --strict: an improperly formatted line fails the check
    bool ignore_missing = false; // --ignore-missing: a listed file that does not exist is skipped
    bool warn = false;           // -w: say which lines are improperly formatted
    // testing: --testing-read-window SIZE, the read buffer's size
    std::optional<std::size_t> read_window;
};

} // namespace crcbench
