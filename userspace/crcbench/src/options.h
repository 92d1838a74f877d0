// SPDX-License-Identifier: GPL-2.0-only
//
// What the command line asks for, as plain data with the documented defaults.
#pragma once

#include "crc_alg.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// missing: no command given (the usage goes to stderr, exit code 2).
enum class Command { help, version, list, verify, run, file, missing };
enum class Format { table, json, csv };
enum class OpMode { digest, stream };

struct CommonOptions {
    bool quiet = false;                     // no progress on stderr
    bool debug = false;                     // libkcapi debug logging on stderr
    std::optional<std::string> emulated;    // --emulated auto|yes|no (else env, else auto)
    std::optional<std::string> proc_crypto; // --proc-crypto PATH (testing)
    CrcAlg alg = CrcAlg::crc32c;            // --alg: the algorithm of every command
};

struct ListOptions {
    Format format = Format::table;
};

struct VerifyOptions {
    std::vector<std::string> drivers;  // empty: every crc32c driver
    std::optional<std::uint64_t> seed; // random-case seed; empty: pick one and print it
    std::size_t random_cases = 100;
    std::size_t max_length = (4u << 20) + 64; // cap for fixed and random lengths
    std::vector<std::string> cases;           // --case specs: run only these
    bool user_baselines = false;              // --user-baselines: add the user: drivers
    std::optional<std::string> json_file;     // --json: the report (verify.v1)
};

// run --backend: how the drivers are measured. afalg is the path every
// AF_ALG user takes (system calls included, end to end); tcrypt runs the
// kernel's own hash speed test (modprobe tcrypt mode=300), no system call
// per operation: the cost a kernel user such as btrfs pays.
enum class Backend { afalg, tcrypt };

struct BackendOptions {
    std::vector<Backend> backends{Backend::afalg}; // --backend, in a fixed order
    unsigned tcrypt_sec = 1;                       // --tcrypt-sec: tcrypt's sec=
    // Testing hooks: the kernel log to read (default /dev/kmsg) and the
    // program run as "PROGRAM tcrypt mode=300 alg=D sec=N" (default modprobe).
    std::optional<std::string> kmsg_path;
    std::optional<std::string> modprobe;

    bool has(Backend b) const;
};

std::string_view backend_name(Backend b);

// "afalg", "tcrypt" or "afalg,tcrypt" (either order; stored afalg first).
// Throws UsageError.
std::vector<Backend> parse_backend_list(std::string_view text);

// How `run` measures: the options the measuring loop takes as they are
// (BenchSettings, bench.h, adds what run derives).
struct BenchParams {
    OpMode mode = OpMode::digest;
    std::optional<std::size_t> chunk; // stream mode update size; default whole buffer
    // --splice on: keep libkcapi's vmsplice path for 32 KiB+ (the hasher
    // factory applies it; the reports record it).
    bool splice = false;
    // Worker t is pinned to cpus[t % size] (--cpus); empty: to the t-th CPU
    // (round robin) of the process's affinity mask as the run starts.
    std::vector<unsigned> cpus;
    // Bytes of data each thread cycles through (--working-set: a ring of
    // buffers of the measured size); empty or not above the size: one
    // buffer, cache-hot.
    std::optional<std::size_t> working_set;
    std::chrono::nanoseconds duration = std::chrono::milliseconds(250); // per trial
    std::optional<std::uint64_t> iterations; // per thread per trial; replaces duration
    std::chrono::nanoseconds warmup = std::chrono::milliseconds(100);
    // Warm-up by count (--warmup-runs): this many untimed trials (of
    // `duration` or `iterations`) per driver and size, in place of `warmup`.
    std::optional<unsigned> warmup_runs;
    unsigned trials = 5; // per driver and size, unless --min-runs/--max-runs
};

struct RunOptions : BenchParams {
    std::vector<std::string> drivers; // empty: every crc32c driver
    bool user_baselines = false;      // --user-baselines: add the user: drivers
    std::vector<std::size_t> sizes;   // default: 64..1M doubling
    std::vector<unsigned> threads{1}; // --threads: one run per count (a sweep), ascending
    std::optional<unsigned> min_runs; // --min-runs / --max-runs: the trial count follows
    std::optional<unsigned> max_runs; // the trials' length, within these (as hyperfine)
    Format format = Format::table;
    std::optional<std::string> json_file;
    std::optional<std::string> csv_file;
    std::optional<std::string> runs_csv_file; // --runs-csv: one row per trial
    std::optional<std::uint64_t> seed;        // buffer contents
    BackendOptions backend;                   // --backend, --tcrypt-sec
};

struct FileOptions {
    std::vector<std::string> paths;       // the files, in order
    std::vector<std::string> drivers;     // empty: every crc32c driver
    bool user_baselines = false;          // --user-baselines: add the user: drivers
    std::optional<std::size_t> page_size; // --page-size: one CRC per page
    bool innodb = false;                  // --innodb: verify full_crc32 page checksums
    bool per_page = false;                // --per-page: every page's CRC in the output
    Format format = Format::table;
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

struct Options {
    Command command = Command::help;
    std::string help_topic; // "help run" / "run --help"
    CommonOptions common;
    ListOptions list;
    VerifyOptions verify;
    RunOptions run;
    FileOptions file;
};

std::string_view mode_name(OpMode m);

} // namespace crcbench
