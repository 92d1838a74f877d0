// SPDX-License-Identifier: GPL-2.0-only
//
// What tcrypt's hash speed test (mode=300 alg=NAME sec=N) prints into the
// kernel log, parsed. Per driver one "testing speed of async NAME (DRIVER)"
// record, then per block/update combination a header record
//   "tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates): "
// and its result "    N opers/sec,     M bytes/sec". On 6.12 and later the
// result is a continuation of the header (one record, or a 'c' fragment);
// on 6.1 the one-digest-per-operation rows print it with a plain printk, a
// record of its own. Records of other kernel code may come in between.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// The kernel log as /dev/kmsg hands it out: one record per read(), as
// "LEVEL,SEQUENCE,USEC,FLAGS[,...];TEXT\n", optionally followed by
// dictionary lines that start with a space. Bytes outside printable ASCII
// in TEXT arrive as \xNN escapes. A saved copy of such reads (one record a
// line, the test fixtures) has the same format.
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

struct TcryptRow {
    unsigned test = 0;         // tcrypt's own index
    std::size_t block_len = 0; // bytes per operation (one digest)
    std::size_t update_len = 0;
    std::uint64_t ops_per_s = 0;
    std::uint64_t bytes_per_s = 0;
};

struct TcryptRun {
    std::string requested;       // alg= as given to tcrypt
    std::string reported_driver; // the driver tcrypt says it got
    std::vector<TcryptRow> rows; // every combination, in tcrypt's order
};

// Parses the records of one tcrypt run for `requested`. Throws ToolError
// (runtime) when tcrypt reports a failure, the driver it measured is not
// `expected_driver`, or the records are incomplete.
TcryptRun parse_tcrypt_records(const std::vector<KmsgRecord> &records, const std::string &requested,
                               const std::string &expected_driver);

// The rows with one digest per operation (block length == update length).
std::vector<TcryptRow> digest_rows(const TcryptRun &run);

} // namespace crcbench
