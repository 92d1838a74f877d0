// SPDX-License-Identifier: GPL-2.0-only
//
// What the command line asks for, as plain data with the documented defaults.
#pragma once

#include "backend_options.h"
#include "crc_alg.h"
#include "file_options.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace crcbench {

// missing: no command given (the usage goes to stderr, exit code 2).
enum class Command { help, version, list, verify, run, file, missing };
enum class Format { table, json, csv };
static_assert(Format{} == Format::table, "FileOptions::format defaults to table");
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

struct RunOptions {
    std::vector<std::string> drivers; // empty: every crc32c driver
    bool user_baselines = false;      // --user-baselines: add the user: drivers
    std::vector<std::size_t> sizes;   // default: 64..1M doubling
    std::vector<unsigned> threads{1}; // --threads: one run per count (a sweep), ascending
    std::vector<unsigned> cpus; // --cpus: thread t runs on cpus[t % size]; empty: the allowed CPUs
    std::optional<std::size_t> working_set; // --working-set: bytes per thread (cold-cache runs)
    std::chrono::nanoseconds duration = std::chrono::milliseconds(250); // per trial
    std::optional<std::uint64_t> iterations; // per thread per trial; replaces duration
    std::chrono::nanoseconds warmup = std::chrono::milliseconds(100);
    std::optional<unsigned> warmup_runs; // --warmup-runs: a count of untimed trials instead
    unsigned trials = 5;
    std::optional<unsigned> min_runs; // --min-runs / --max-runs: the trial count follows
    std::optional<unsigned> max_runs; // the trials' length, within these (as hyperfine)
    OpMode mode = OpMode::digest;
    std::optional<std::size_t> chunk; // stream mode: update size (default: whole buffer)
    bool splice = false;              // --splice on: keep libkcapi's vmsplice path for 32 KiB+
    Format format = Format::table;
    std::optional<std::string> json_file;
    std::optional<std::string> csv_file;
    std::optional<std::string> runs_csv_file; // --runs-csv: one row per trial
    std::optional<std::uint64_t> seed;        // buffer contents
    BackendOptions backend;                   // --backend, --tcrypt-sec (backend_options.h)
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

std::string_view format_name(Format f);
std::string_view mode_name(OpMode m);

} // namespace crcbench
