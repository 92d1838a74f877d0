// SPDX-License-Identifier: GPL-2.0-only
//
// The plain output of `crcbench-alg file --format sum` and the input of
// `--check`: one line per file, "CRC  PATH" (the CRC in lower-case hex at
// the algorithm's width, without 0x; two spaces), the layout of sha256sum
// and cksum -a. A path holding a newline, a carriage return or a backslash
// is written escaped (\n, \r, \\) and its line starts with a backslash, so
// every line stays one line and reads back to the same path.
#pragma once

#include "crc_alg.h"

#include <optional>
#include <string>
#include <string_view>

namespace crcbench {

// How -f sum writes a line: sha256sum's "CRC  PATH" or, with --tag, its
// BSD style "CRC32C (PATH) = CRC"; with -z (--zero) the line ends in NUL and
// the path is written as it is, since only a NUL could end it.
struct SumStyle {
    bool tag = false;
    bool zero = false;
};

// "e3069283  data\n" (with the newline).
std::string checksum_line(CrcAlg alg, Digest crc, std::string_view path, SumStyle style = {});

// The path as the line and the "PATH: OK" report print it (escaped, and
// whether the line needs the leading backslash).
std::string escape_path(std::string_view path, bool &escaped);

struct ChecksumEntry {
    Digest crc = 0;
    std::string path;
};

// One line (without its newline; a trailing '\r' is ignored) of a list:
// nullopt if it is not "HEX  PATH" with HEX of the algorithm's width
// (upper- or lower-case; " *PATH", sha256sum's binary marker, is taken too)
// nor "TAG (PATH) = HEX" with the algorithm's upper-case name as TAG, or an
// escaped path has an unknown escape.
std::optional<ChecksumEntry> parse_checksum_line(CrcAlg alg, std::string_view line);

} // namespace crcbench
