// SPDX-License-Identifier: GPL-2.0-only
//
// The kernel log as /dev/kmsg hands it out: one record per read(), as
// "LEVEL,SEQUENCE,USEC,FLAGS[,...];TEXT\n", optionally followed by
// dictionary lines that start with a space. Bytes outside printable ASCII
// in TEXT arrive as \xNN escapes. A saved copy of such reads (one record a
// line, the test fixtures) has the same format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

struct KmsgRecord {
    unsigned level = 0; // syslog priority & 7
    std::uint64_t seq = 0;
    char flag = '-';  // '-' or 'c' (a continuation fragment); others kept as read
    std::string text; // unescaped
};

// One record (the text of one read(), dictionary lines allowed); empty if it
// is not in the format above.
std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw);

// Many records, one a line; dictionary lines and lines not in the format
// (a partial last line) are dropped.
std::vector<KmsgRecord> parse_kmsg_lines(std::string_view data);

} // namespace crcbench
