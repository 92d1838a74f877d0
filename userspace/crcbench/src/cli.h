// SPDX-License-Identifier: GPL-2.0-only
//
// The command line: what it asks for (Options, with the documented defaults)
// and its parsing, argv -> Options: pure (no I/O, no environment), so every
// accepted and rejected form is unit-tested. Throws UsageError.
#pragma once

#include "crc_alg.h"
#include "error.h"
#include "hasher.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace crcbench {

// missing: no command given (the usage goes to stderr, exit code 2).
enum class Command { help, version, list, verify, run, file, missing };
enum class Format { table, json, csv };
enum class OpMode { digest, stream };

struct CommonOptions {
    bool quiet = false;
    bool debug = false;                  // libkcapi debug logging on stderr
    std::optional<std::string> emulated; // else CRCBENCH_EMULATED, else auto
    std::optional<std::string> proc_crypto;
    CrcAlg alg = CrcAlg::crc32c;
};

struct ListOptions {
    Format format = Format::table;
};

struct VerifyOptions {
    std::vector<std::string> drivers;  // empty: every driver of the alg
    std::optional<std::uint64_t> seed; // empty: pick one and print it
    std::size_t random_cases = 100;
    std::size_t max_length = (4u << 20) + 64;
    std::vector<std::string> cases; // run only these
    bool user_baselines = false;
    std::optional<std::string> json_file;
};

// afalg: end to end, as every AF_ALG user; tcrypt: the kernel's own hash
// speed test, no system call per operation, as a kernel user (btrfs) pays.
enum class Backend { afalg, tcrypt };

struct BackendOptions {
    std::vector<Backend> backends{Backend::afalg}; // --backend, in a fixed order
    unsigned tcrypt_sec = 1;                       // --tcrypt-sec: tcrypt's sec=
    // Testing hooks in place of /dev/kmsg and modprobe.
    std::optional<std::string> kmsg_path;
    std::optional<std::string> modprobe;

    bool has(Backend b) const;
};

std::string_view backend_name(Backend b);

// What the measuring loop takes as it is (BenchSettings adds the rest).
struct BenchParams {
    OpMode mode = OpMode::digest;
    std::optional<std::size_t> chunk; // stream mode update size; default whole buffer
    bool splice = false;
    std::vector<unsigned> cpus; // empty: the affinity mask's in turn
    std::optional<std::size_t> working_set;
    std::chrono::nanoseconds duration = std::chrono::milliseconds(250); // per trial
    std::optional<std::uint64_t> iterations; // per thread per trial; replaces duration
    std::chrono::nanoseconds warmup = std::chrono::milliseconds(100);
    std::optional<unsigned> warmup_runs; // in place of warmup
    unsigned trials = 5;                 // per driver and size, unless --min-runs/--max-runs
};

struct RunOptions : BenchParams {
    std::vector<std::string> drivers; // empty: every driver of the alg
    bool user_baselines = false;
    std::vector<std::size_t> sizes;   // default: 64..1M doubling
    std::vector<unsigned> threads{1}; // one run per count, ascending
    std::optional<unsigned> min_runs;
    std::optional<unsigned> max_runs;
    Format format = Format::table;
    std::optional<std::string> json_file;
    std::optional<std::string> csv_file;
    std::optional<std::string> runs_csv_file;
    std::optional<std::uint64_t> seed; // buffer contents
    BackendOptions backend;
};

struct FileOptions {
    std::vector<std::string> paths;
    std::vector<std::string> drivers; // empty: every driver of the alg
    bool user_baselines = false;
    std::optional<std::size_t> page_size;
    bool innodb = false;
    bool per_page = false;
    Format format = Format::table;
    std::optional<std::string> json_file;
    std::optional<std::string> csv_file;
    unsigned repeat = 1;
    bool drop_cache = false;
    bool sum_lines = false; // --format sum
    std::optional<std::string> check_list;
    bool tag = false;
    bool zero = false;
    // sha256sum -c's flags (only with --check).
    bool status = false;
    bool strict = false;
    bool ignore_missing = false;
    bool warn = false;
    std::optional<std::size_t> read_window; // --testing-read-window
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

inline constexpr std::string_view kCommandNames[] = {"list", "verify", "run", "file"};

// The CLI11 application, every option bound to a field of the Options it
// is given: the parser's and --help's one description.
struct CommandLine {
    explicit CommandLine(Options &o);
    ~CommandLine();
    std::unique_ptr<CLI::App> app;
    struct Parts;
    std::unique_ptr<Parts> parts;
};

// args excludes argv[0].
Options parse_args(std::span<const std::string_view> args);

// --help. topic: "" (general), "list", "verify", "run" or "file"; "all": every text in
// one (`help all`, the source of the man page).
std::string help_text(std::string_view topic);

// The commands. Each returns the process exit code or throws ToolError.
int cmd_verify(const Options &o, const HasherFactory &factory);
int cmd_run(const Options &o, const HasherFactory &factory);
// file: kernel drivers through hash streams (AF_ALG), user: drivers through hashers.
int cmd_file(const Options &o, const HashStreamFactory &kernel, const HasherFactory &user);

inline constexpr std::string_view kToolName = "crcbench-alg";
inline constexpr std::string_view kToolVersion = "0.1.0";

} // namespace crcbench
