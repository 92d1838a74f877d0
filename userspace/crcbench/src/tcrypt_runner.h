// SPDX-License-Identifier: GPL-2.0-only
//
// The tcrypt backend: "modprobe tcrypt mode=300 alg=DRIVER sec=N", then its
// lines from /dev/kmsg (read from where it ended before the load). tcrypt
// works in its init function, then refuses to stay loaded (EAGAIN): that
// failure of modprobe is the normal end. Also both backends' cost fits.
#pragma once

#include "cli.h"
#include "crc_alg.h"
#include "interrupt.h"
#include "stats.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// What tcrypt's hash speed test (mode=300 alg=NAME sec=N) prints into the
// kernel log, parsed. Per driver one "testing speed of async NAME (DRIVER)"
// record, then per block/update combination a header record
//   "tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates): "
// and its result "    N opers/sec,     M bytes/sec". On 6.12 and later the
// result is a continuation of the header (one record, or a 'c' fragment);
// on 6.1 the one-digest-per-operation rows print it with a plain printk, a
// record of its own. Records of other kernel code may come in between.
// /dev/kmsg: one record per read(), "LEVEL,SEQUENCE,USEC,FLAGS[,...];TEXT\n"
// with \xNN escapes, maybe followed by dictionary lines that start with a
// space; the test fixtures are such reads, one a line.
struct KmsgRecord {
    unsigned level = 0; // syslog priority & 7
    std::uint64_t seq = 0;
    char flag = '-'; // 'c': a continuation fragment
    std::string text;
};

std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw);
// Dictionary lines and lines not in the format (a partial last line) dropped.
std::vector<KmsgRecord> parse_kmsg_lines(std::string_view data);

struct TcryptRow {
    unsigned test = 0;         // tcrypt's own index
    std::size_t block_len = 0; // bytes per operation (one digest)
    std::size_t update_len = 0;
    std::uint64_t ops_per_s = 0;
    std::uint64_t bytes_per_s = 0;
};

struct TcryptRun {
    std::string requested; // alg=
    std::string reported_driver;
    std::vector<TcryptRow> rows; // in tcrypt's order
};

// Throws ToolError when tcrypt reports a failure, measured another driver
// than `expected_driver`, or the records are incomplete.
TcryptRun parse_tcrypt_records(const std::vector<KmsgRecord> &records, const std::string &requested,
                               const std::string &expected_driver);

std::vector<TcryptRow> digest_rows(const TcryptRun &run);

struct RunRow;

struct InKernelRow {
    std::string driver; // as in "measured"
    std::string driver_reported;
    std::size_t size = 0;
    double ops_per_s = 0;
    double bytes_per_s = 0;
    double ns_per_op = 0;
    std::optional<double> ratio_to_generic; // the baseline's ns/op over this one's
};

struct NotMeasured {
    std::string driver;
    std::string reason;
};

struct InKernelResults {
    unsigned sec = 1;
    std::vector<InKernelRow> rows;         // by driver (measured order), then size
    std::vector<NotMeasured> not_measured; // the userspace baselines
};

void add_inkernel_ratios(std::vector<InKernelRow> &rows,
                         std::string_view baseline = alg_info(CrcAlg::crc32c).generic_driver);

struct BackendFit {
    std::string driver;
    Backend backend = Backend::afalg;
    unsigned threads = 1;         // tcrypt: 1
    std::vector<SizeTime> points; // ns per operation per thread
    LineFitResult result;
};

// Per driver and backend (and afalg thread count).
std::vector<BackendFit> make_fits(const std::vector<RunRow> &afalg_rows,
                                  const std::optional<InKernelResults> &inkernel);

struct TcryptEnv {
    std::string kmsg_path = "/dev/kmsg";
    std::string modprobe = "modprobe";
    bool is_root = false;
};

// requested: a driver, or "crc32c", which must come out as expected_driver.
TcryptRun run_tcrypt(const std::string &requested, const std::string &expected_driver, unsigned sec,
                     const TcryptEnv &env);

void require_tcrypt_root(const TcryptEnv &env);

// Every measured kernel driver through tcrypt, one after the other.
// resolves_to: what "crc32c" must turn out to be, if measured by that name.
InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress,
                                  CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
