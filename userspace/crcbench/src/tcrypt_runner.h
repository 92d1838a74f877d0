// SPDX-License-Identifier: GPL-2.0-only
//
// The tcrypt backend: runs "modprobe tcrypt mode=300 alg=DRIVER sec=N" and
// reads what it printed from the kernel log (/dev/kmsg, read from its end
// as it was before the load). tcrypt does all its work in its init function
// and then refuses to stay loaded (EAGAIN): that failure of modprobe is the
// normal end of a run; any other is an error. Also the per-call cost model
// of both backends: for each driver and backend, time per operation over
// the sizes fitted to time_ns = a + b * size (line_fit.h).
#pragma once

#include "crc_alg.h"
#include "interrupt.h"
#include "options.h"
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

struct RunRow;

// One driver at one size, measured by tcrypt (one digest per operation).
struct InKernelRow {
    std::string driver;          // as measured (the name in "measured")
    std::string driver_reported; // the driver tcrypt says it measured
    std::size_t size = 0;
    double ops_per_s = 0;
    double bytes_per_s = 0;
    double ns_per_op = 0;                   // 1e9 / ops_per_s
    std::optional<double> ratio_to_generic; // crc32c-generic's ns/op / this one's, same size
};

struct NotMeasured {
    std::string driver;
    std::string reason;
};

struct InKernelResults {
    unsigned sec = 1;                      // tcrypt's sec=
    std::vector<InKernelRow> rows;         // by driver (measured order), then size
    std::vector<NotMeasured> not_measured; // the userspace baselines: no tcrypt row
};

// A driver's rows from one tcrypt run; ratios are filled in by add_inkernel_ratios.
std::vector<InKernelRow> inkernel_rows(const std::string &driver, const TcryptRun &run);

// Fills ratio_to_generic from crc32c-generic's rows of the same size.
void add_inkernel_ratios(std::vector<InKernelRow> &rows, CrcAlg alg = CrcAlg::crc32c);
// The same with the ratios to `baseline` (crc32c-lib on 6.17 and later).
void add_inkernel_ratios(std::vector<InKernelRow> &rows, std::string_view baseline);

struct BackendFit {
    std::string driver;
    Backend backend = Backend::afalg;
    unsigned threads = 1;         // afalg: the run's thread count; tcrypt: 1
    std::vector<SizeTime> points; // ns per operation (per thread) by size
    LineFitResult result;
};

// One fit per driver and backend (and, for afalg, per thread count of a
// sweep). afalg: ns/op = threads * 1e9 / median ops/s, the time one thread
// spends on one operation.
std::vector<BackendFit> make_fits(const std::vector<RunRow> &afalg_rows,
                                  const std::optional<InKernelResults> &inkernel);

struct TcryptEnv {
    std::string kmsg_path = "/dev/kmsg";
    std::string modprobe = "modprobe"; // looked up in PATH
    bool is_root = false;
};

// The environment of this process (euid 0 or not), with the hooks applied.
TcryptEnv tcrypt_env(const std::optional<std::string> &kmsg_path,
                     const std::optional<std::string> &modprobe);

// Measures `requested` (a driver name, or "crc32c" which must come out as
// `expected_driver`); the caller has checked env.is_root. Throws ToolError:
// runtime (tcrypt missing, modprobe failing otherwise, a failure tcrypt reports,
// another driver measured, records missing).
TcryptRun run_tcrypt(const std::string &requested, const std::string &expected_driver, unsigned sec,
                     const TcryptEnv &env);

// run's tcrypt backend: every measured kernel driver through tcrypt, one
// after the other (about 22 * sec seconds each).
// Throws the permission error of the tcrypt backend when not root: run
// checks this before it measures anything.
void require_tcrypt_root(const TcryptEnv &env);

// `resolves_to`: the driver "crc32c" must turn out to be, if measured by
// that name. Userspace baselines get a not_measured entry, no row.
InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress,
                                  CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
