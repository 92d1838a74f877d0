// SPDX-License-Identifier: GPL-2.0-only
//
// The command line through CLI11: every option bound to its field of
// Options, checked by CLI11's validators (ours for the units), with
// excludes/needs between options; --help is CLI11's formatter.
// What CLI11 cannot say is checked after parsing, in the tool's words
// (sha256sum's for --check's flags, which its users know).
#include "cli.h"

#include "text.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <ranges>
#include <vector>

namespace crcbench {
namespace {

constexpr std::string_view kGeneral =
    "Lists, verifies and benchmarks the kernel's crc32c drivers through AF_ALG\n"
    "(libkcapi); with --alg, those of crct10dif or crc64-rocksoft. Every result\n"
    "is compared with a software reference of that CRC.\n"
    "\n"
    "Commands:\n"
    "  list      the drivers (driver, module, priority, self-test) and which one\n"
    "            the name \"crc32c\" (the --alg name) resolves to now\n"
    "  verify    check drivers against the reference over fixed and random cases\n"
    "  run       measure throughput of drivers side by side\n"
    "  file      the CRC of files (whole, or per page) through each driver, timed;\n"
    "            --innodb checks InnoDB full_crc32 page checksums\n"
    "  help CMD  the options of one command (as CMD --help); help all: every one\n"
    "\n"
    "Needs: AF_ALG hash support (algif_hash) and crypto_user (libkcapi asks the\n"
    "kernel about each driver over NETLINK_CRYPTO): modprobe algif_hash crypto_user\n"
    "\n"
    "--alg: crc32c (default); crct10dif (CRC-T10DIF, polynomial 0x8BB7, MSB first,\n"
    "init 0, 2-byte digest in the CPU's byte order); crc64-rocksoft (CRC-64/NVME,\n"
    "reflected 0x9A6C9329AC4BC9B5, init and xorout ~0, 8-byte digest little-endian).\n"
    "Both have no key, no userspace baselines, ratios to their generic drivers, and\n"
    "crypto API drivers only up to Linux 6.14 (Debian's 6.1 and 6.12).\n";

constexpr std::string_view kList =
    "Prints every crc32c driver in /proc/crypto that user space can reach (not\n"
    "internal): driver, module, priority and self-test status, highest priority\n"
    "first, with '*' on the one \"crc32c\" resolves to: the highest-priority driver\n"
    "whose self-test passed. Reads /proc/crypto only (no AF_ALG needed).\n";

constexpr std::string_view kVerify =
    "Runs each driver over fixed cases (lengths around 16, 256, 512, 4K, 32K and\n"
    "64K, up to several MiB; odd offsets, page-crossing buffers, seeds, streaming\n"
    "splits with empty updates) and random ones against the tool's own software\n"
    "CRC. A mismatch prints a reproducer (driver, length, offset, seed, split,\n"
    "expected, got, and the --case that repeats it); the exit code is 1.\n";

constexpr std::string_view kRun =
    "Measures each driver at each size, drivers interleaved trial by trial so\n"
    "they share the conditions, each thread with one AF_ALG handle per driver\n"
    "and one buffer (new content each trial), every result checked. Reports\n"
    "bytes/s and operations/s (min/median/max over the trials) and each driver's\n"
    "median relative to the generic driver of --alg. A wrong result: exit 1.\n";

constexpr std::string_view kFile =
    "Computes the CRC of each PATH through each driver, timed: bytes, seconds and\n"
    "GB/s (10^9 bytes/s) per driver and file; with --page-size one CRC per page,\n"
    "and pages/s. Kernel drivers get the file by splice(2) through a pipe into\n"
    "the AF_ALG socket (\"transfer: splice\"), or by read and send where the\n"
    "kernel refuses that (\"transfer: read\", the reason printed); user: drivers\n"
    "and the reference read 1 MiB windows into one buffer. Every CRC is compared\n"
    "with the tool's own table code: a difference prints a reproducer, exit 1.\n"
    "A file that changes size while it is hashed: exit 8, the sizes named.\n"
    "\n"
    "PATH '-' is standard input, read once, each window going to the reference\n"
    "and every driver (so no --repeat above 1, --drop-cache or --innodb).\n"
    "--format sum prints 'CRC  PATH' lines as sha256sum does (--tag, -z alike),\n"
    "each as its file is done; an unreadable file is reported, the rest hashed,\n"
    "exit 1. --check LIST reads such lines, prints 'PATH: OK', 'PATH: FAILED' or\n"
    "'PATH: FAILED open or read' (the cause on stderr) and WARNING summaries on\n"
    "stderr; exit 1 if a CRC did not match, a file could not be read or a driver\n"
    "disagreed; -q, --status, --strict, --ignore-missing and -w as sha256sum -c.\n"
    "Both read each file once, unless --repeat or --drop-cache ask for passes.\n"
    "\n"
    "--innodb checks MariaDB InnoDB full_crc32 tablespaces: each page's last 4\n"
    "bytes (big-endian) must be the crc32c of the rest; all-zero pages are empty\n"
    "and not checked, as in innochecksum. Reports pages, valid, empty, invalid\n"
    "and each invalid page number; exit 1 if any is invalid. Exit 2 for another\n"
    "checksum format, page_compressed or encrypted spaces (the flag named), an\n"
    "--alg other than crc32c, or a size that is not a multiple of the page size.\n";

constexpr std::string_view kRunFooter =
    "Under an emulator (e.g. QEMU TCG) every table and file says the figures are\n"
    "emulated and not POWER performance.\n";

// CLI11's layout, with the usage first and the description under it, as
// man pages and GNU tools have them; each option's text, one paragraph in
// the source, wrapped beside its name to fit 80 columns.
class HelpFormatter : public CLI::Formatter {
  public:
    HelpFormatter() { column_width(24); }
    std::string make_description(const CLI::App *) const override { return {}; }
    std::string make_option_desc(const CLI::Option *opt) const override {
        std::string out, line;
        for (std::string_view word : split(opt->get_description(), ' ')) {
            if (!line.empty() && line.size() + word.size() >= 52) {
                out += line + "\n";
                line.clear();
            }
            line += (line.empty() ? "" : " ") + std::string(word);
        }
        return out + line;
    }
    std::string make_usage(const CLI::App *app, std::string) const override {
        if (!app->get_parent())
            return fmt::format("Usage: crcbench-alg [OPTIONS] COMMAND [COMMAND OPTIONS]\n\n{}",
                               kGeneral);
        const std::string &name = app->get_name();
        return fmt::format("Usage: crcbench-alg {} [OPTIONS]{}\n\n{}", name,
                           name == "file" ? " PATH..." : "", app->get_description());
    }
};

// Either order; stored afalg first.
std::vector<Backend> parse_backend_list(std::string_view text) {
    std::vector<Backend> out;
    for (std::string_view name : split(text, ',')) {
        if (name != "afalg" && name != "tcrypt")
            throw UsageError("--backend: '" + std::string(name) + "' must be afalg or tcrypt");
        Backend b = name == "afalg" ? Backend::afalg : Backend::tcrypt;
        if (std::ranges::find(out, b) != out.end())
            throw UsageError("--backend: '" + std::string(name) + "' given twice");
        out.push_back(b);
    }
    std::ranges::sort(out);
    return out;
}

// Our units as validators: the text ("64K", "250ms", "0x10") becomes the
// number it means, so the option binds straight to its field. The messages
// are ours (limits read "must be between A and B" everywhere, where
// CLI::Range words them otherwise); CLI11 prefixes the option's name.
template <typename Convert> CLI::Validator unit(Convert convert) {
    return CLI::Validator(
        [convert](std::string &v) {
            try {
                v = convert(v);
                return std::string();
            } catch (const UsageError &e) {
                return std::string(e.what());
            }
        },
        "");
}

const std::map<std::string, Format> kFormats{
    {"table", Format::table}, {"json", Format::json}, {"csv", Format::csv}};

// A word that names an enumerator: CLI11's CheckedTransformer would also
// take the enumerator's number.
template <typename T> CLI::Validator one_of(std::map<std::string, T> words) {
    std::string names = fmt::format("{{{}}}", fmt::join(std::views::keys(words), ","));
    return CLI::Validator(
        [words, names](std::string &v) {
            auto it = words.find(v);
            if (it == words.end())
                return fmt::format("'{}' is not in {}", v, names);
            v = std::to_string(static_cast<int>(it->second));
            return std::string();
        },
        names);
}

CLI::Option *duration(CLI::App &app, const std::string &name, std::chrono::nanoseconds &field,
                      const std::string &help) {
    return app
        .add_option_function<std::int64_t>(
            name, [&field](std::int64_t ns) { field = std::chrono::nanoseconds(ns); }, help)
        ->transform(
            unit([](const std::string &v) { return std::to_string(parse_duration(v).count()); }))
        ->type_name("T");
}

template <typename T>
CLI::Option *count(CLI::App &app, const std::string &name, T &field, std::uint64_t min,
                   std::uint64_t max, const std::string &help) {
    return app.add_option(name, field, help)
        ->transform(
            unit([=](const std::string &v) { return std::to_string(parse_uint(v, min, max, "")); }))
        ->type_name("N");
}

template <typename T>
CLI::Option *size(CLI::App &app, const std::string &name, T &field, std::size_t min,
                  std::size_t max, const std::string &help = "") {
    return app.add_option(name, field, help)
        ->transform(unit([=](const std::string &v) {
            std::size_t n = parse_size(v);
            if (n < min || n > max)
                throw UsageError(
                    fmt::format("must be between {} and {}", format_size(min), format_size(max)));
            return std::to_string(n);
        }))
        ->type_name("SIZE");
}

// --json, --csv, --runs-csv: a copy of the report, its path checked first.
void report_file(CLI::App &app, const std::string &name, std::optional<std::string> &field,
                 std::string_view what) {
    app.add_option(name, field, fmt::format("also write {} to FILE (checked first)", what))
        ->type_name("FILE");
}

// -d a,b -d c: every occurrence adds (CLI11's delimiter would drop the
// empty name of "a,,b" silently); --user-baselines beside it. verify takes
// every driver by default, run and file those whose self-test passed.
void drivers(CLI::App &app, std::vector<std::string> &field, bool &user_baselines,
             bool passed_only) {
    app.add_option_function<std::vector<std::string>>(
           "-d,--driver",
           [&field](const std::vector<std::string> &lists) {
               for (const std::string &list : lists)
                   for (std::string_view name : split(list, ',')) {
                       if (name.empty())
                           throw UsageError("--driver: empty driver name");
                       field.emplace_back(name);
                   }
           },
           fmt::format("a driver, the algorithm's name (\"crc32c\") or a userspace baseline "
                       "(user:slice8, user:vmx, user:vmx-isa31; crc32c only); repeat or "
                       "comma-separate (default: every driver of --alg{})",
                       passed_only ? " whose self-test passed" : ""))
        ->allow_extra_args(false) // one value per occurrence, every occurrence kept
        ->type_name("D");
    app.add_flag("--user-baselines", user_baselines,
                 "also the userspace baselines this build and CPU can run (user:slice8; user:vmx "
                 "in a ppc64le build on POWER8+, user:vmx-isa31 on POWER10+)");
}

void add_common(CLI::App &app, Options &o) {
    app.add_flag("-q,--quiet", o.common.quiet, "no progress on stderr");
    app.add_flag("--debug", o.common.debug, "libkcapi's own debug log on stderr");
    app.add_option("--emulated", o.common.emulated,
                   "auto (default), yes or no: override emulator detection (environment: "
                   "CRCBENCH_EMULATED)")
        ->check(CLI::IsMember({"auto", "yes", "no"}))
        ->type_name("WHEN");
    app.add_option_function<std::string>(
           "-a,--alg", [&o](const std::string &v) { o.common.alg = parse_alg(v); },
           "the CRC: crc32c (default), crct10dif or crc64-rocksoft (its drivers and reference; "
           "keys only for crc32c)")
        ->type_name("ALG");
    app.add_option("--proc-crypto", o.common.proc_crypto,
                   "read the driver list from PATH, not /proc/crypto")
        ->type_name("PATH");
}

void add_list(CLI::App &app, Options &o) {
    app.add_option("-f,--format", o.list.format, "table (default), json or csv")
        ->transform(one_of(kFormats))
        ->type_name("F");
}

void add_verify(CLI::App &app, Options &o) {
    VerifyOptions &v = o.verify;
    drivers(app, v.drivers, v.user_baselines, false);
    count(app, "--seed", v.seed, 0, UINT64_MAX,
          "seed of the random cases (default: chosen and printed)");
    count(app, "--random", v.random_cases, 0, 1000000, "number of random cases (default 100)");
    size(app, "--max-length", v.max_length, 0, std::size_t{256} << 20,
         "cap on case lengths (default 4M+64; 64K for a quick run)");
    app.add_option("--case", v.cases,
                   "run only this case: LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]; SEED \"default\" (no "
                   "setkey) or a 32-bit crc32c key (raw initial state); SPLIT \"digest\" "
                   "(one-shot) or update sizes joined by '+', e.g. 4096:3:0x12345678:1000+3096")
        ->allow_extra_args(false)
        ->type_name("SPEC");
    report_file(app, "--json", v.json_file, "the JSON report (crcbench-alg.verify.v1)");
}

void add_run(CLI::App &app, Options &o) {
    RunOptions &r = o.run;
    drivers(app, r.drivers, r.user_baselines, true);
    app.add_option_function<std::vector<std::string>>(
           "-s,--sizes",
           [&r](const std::vector<std::string> &lists) {
               for (const std::string &list : lists)
                   for (std::size_t s : parse_size_list(list)) {
                       if (s == 0 || s > (std::size_t{256} << 20))
                           throw UsageError(
                               fmt::format("--sizes: each size must be between 1 and 256M, got {}",
                                           format_size(s)));
                       r.sizes.push_back(s);
                   }
           },
           "buffer sizes, comma-separated or repeated; A..B doubles from A to B (default 64..1M)")
        ->allow_extra_args(false)
        ->type_name("LIST");
    app.add_option_function<std::string>(
           "-t,--threads", [&r](const std::string &v) { r.threads = parse_thread_list(v); },
           "threads hashing at once, each with its own handles; a list (1,2,4 or 1..16, "
           "doubling) runs once per count (default 1)")
        ->type_name("LIST");
    app.add_option_function<std::string>(
           "--cpus", [&r](const std::string &v) { r.cpus = parse_cpu_list(v); },
           "pin thread t to the t-th CPU of LIST, round robin (e.g. 0,8 or 0-3; default: the "
           "CPUs the process may run on); each thread pins itself, then allocates and fills "
           "its own buffers (memory local to its CPU)")
        ->type_name("LIST");
    size(app, "--working-set", r.working_set, 1, std::size_t{64} << 30,
         "data each thread cycles through, as buffers of the measured size in turn: above the "
         "cache sizes (e.g. 1G on POWER9) a cold-cache run (default: one buffer, cache-hot)");
    CLI::Option *dur =
        duration(app, "--duration", r.duration, "length of each trial, e.g. 250ms (default), 2s");
    CLI::Option *iter = count(app, "-n,--iterations", r.iterations, 1, 1000000000000ull,
                              "operations per thread per trial instead of a duration");
    dur->excludes(iter);
    CLI::Option *warm = duration(app, "--warmup", r.warmup,
                                 "untimed warm-up per driver and size (default 100ms; 0 = none)");
    count(app, "--warmup-runs", r.warmup_runs, 0, 1000,
          "instead of --warmup: N untimed trials per driver and size (hyperfine's "
          "--warmup; 0 = none)")
        ->excludes(warm);
    CLI::Option *trials = count(app, "--trials", r.trials, 1, 1000,
                                "timed trials per driver and size, exactly (default 5)");
    count(app, "--min-runs", r.min_runs, 1, 1000,
          "instead of --trials: as many trials as fill 3 s per driver and size, at least N "
          "(as hyperfine; default 10, or --max-runs if lower)")
        ->excludes(trials);
    count(app, "--max-runs", r.max_runs, 1, 1000,
          "instead of --trials: at most N such trials (default 1000)")
        ->excludes(trials);
    app.add_option("--mode", r.mode,
                   "digest: one kcapi_md_digest per operation (default); stream: "
                   "kcapi_md_update per chunk, then kcapi_md_final")
        ->transform(one_of(
            std::map<std::string, OpMode>{{"digest", OpMode::digest}, {"stream", OpMode::stream}}))
        ->type_name("M");
    size(app, "--chunk", r.chunk, 1, std::size_t{256} << 20,
         "stream mode update size (default: the whole buffer)");
    app.add_option("--splice", r.splice,
                   "on: libkcapi's vmsplice+splice path from 32 KiB up to its pipe size (3 "
                   "system calls per digest); off (default): one sendmsg (2 per digest)")
        ->transform(one_of(std::map<std::string, bool>{{"on", true}, {"off", false}}))
        ->type_name("WHEN");
    app.add_option("-f,--format", r.format, "stdout format: table (default), json or csv")
        ->transform(one_of(kFormats))
        ->type_name("F");
    report_file(app, "--json", r.json_file, "the JSON report");
    report_file(app, "--csv", r.csv_file, "the CSV report");
    report_file(app, "--runs-csv", r.runs_csv_file,
                "every trial as CSV, a row each (as hyperfine's export),");
    count(app, "--seed", r.seed, 0, UINT64_MAX,
          "seed of the buffer contents (default: chosen, in the JSON)");
    BackendOptions &b = r.backend;
    app.add_option_function<std::string>(
           "--backend", [&b](const std::string &v) { b.backends = parse_backend_list(v); },
           "how to measure, comma-separated (default afalg): afalg, through AF_ALG with its "
           "system calls (end to end); tcrypt, inside the kernel: its hash speed test "
           "(modprobe tcrypt mode=300; root and CONFIG_CRYPTO_TEST=m) at its sizes 16..8K "
           "(--sizes is afalg's); afalg,tcrypt: both, side by side. Each driver and backend gets a "
           "fit time = a + b*size: a = "
           "per-call cost (ns), 1/b = marginal throughput (GB/s)")
        ->type_name("LIST");
    count(app, "--tcrypt-sec", b.tcrypt_sec, 1, 60,
          "seconds tcrypt measures each of its 22 block/update combinations per driver "
          "(default 1: 22 s per driver)");
    // Testing hooks, left out of --help: tcrypt's records from a file in
    // /dev/kmsg's format, and a program run instead of modprobe.
    app.add_option("--kmsg", b.kmsg_path)->group("");
    app.add_option("--modprobe", b.modprobe)->group("");
}

void add_file(CLI::App &app, Options &o, std::string &format) {
    FileOptions &f = o.file;
    drivers(app, f.drivers, f.user_baselines, true);
    size(app, "--page-size", f.page_size, 1, std::size_t{1} << 30,
         "one CRC per page of SIZE bytes (e.g. 16K), not per file; the file size must be a "
         "multiple of it");
    app.add_flag("--innodb", f.innodb,
                 "the files are InnoDB full_crc32 tablespaces (MariaDB 10.5+): check each page's "
                 "stored checksum; page size from page 0 (--page-size, if given, must agree)");
    app.add_flag("--per-page", f.per_page, "every page's CRC in the table and JSON output");
    app.add_option("-f,--format", format,
                   "stdout format: table (default), json, csv, or sum: a line 'CRC  PATH' per "
                   "file as sha256sum prints (for --check; whole files only)")
        ->check(CLI::IsMember({"table", "json", "csv", "sum"}))
        ->type_name("F");
    count(app, "--repeat", f.repeat, 1, 1000,
          "timed passes per driver over each file (default 1); the table shows the median, "
          "the JSON every pass; not with '-'");
    app.add_flag("--drop-cache", f.drop_cache,
                 "drop the file's pages from the page cache before each pass (posix_fadvise "
                 "DONTNEED, checked with mincore): passes read from the disk; an error if they "
                 "stay cached (tmpfs)");
    app.add_option("-c,--check", f.check_list,
                   "read 'CRC  PATH' lines (from -f sum; '-': stdin) and check each file: "
                   "'PATH: OK' or 'PATH: FAILED' as sha256sum -c; exit 1 if any failed or could "
                   "not be read; no PATH operands")
        ->type_name("LIST");
    app.add_flag("--tag", f.tag,
                 "with -f sum: BSD-style lines 'CRC32C (PATH) = CRC' (--check reads both)");
    app.add_flag("-z,--zero", f.zero,
                 "with -f sum: end each line with NUL, not newline; paths unescaped");
    app.add_flag("--status", f.status,
                 "with --check: print nothing on stdout; the exit code tells");
    app.add_flag("--strict", f.strict, "with --check: exit 1 for improperly formatted lines");
    app.add_flag("--ignore-missing", f.ignore_missing,
                 "with --check: skip listed files that do not exist (exit 1 if none was verified)");
    app.add_flag("-w,--warn", f.warn, "with --check: name each improperly formatted line");
    size(app, "--testing-read-window", f.read_window, 1, std::size_t{64} << 20)->group("");
    report_file(app, "--json", f.json_file, "the JSON report");
    report_file(app, "--csv", f.csv_file, "the CSV report");
    app.add_option("PATH", f.paths)->group("");
}

// Between options, what excludes/needs cannot express: a value of another
// option, and sha256sum's wording for its own flags.
void finish_run(RunOptions &r) {
    if (r.sizes.empty())
        r.sizes = parse_size_list("64..1M");
    std::sort(r.sizes.begin(), r.sizes.end());
    r.sizes.erase(std::unique(r.sizes.begin(), r.sizes.end()), r.sizes.end());
    if (!r.iterations && r.duration.count() == 0)
        throw UsageError("--duration must be greater than 0");
    if (r.min_runs && r.max_runs && *r.min_runs > *r.max_runs)
        throw UsageError(fmt::format("--min-runs {} is more than --max-runs {}: no count fits "
                                     "both; raise --max-runs or lower --min-runs",
                                     *r.min_runs, *r.max_runs));
    if (r.chunk && r.mode != OpMode::stream)
        throw UsageError("--chunk needs --mode stream");
}

void finish_file(FileOptions &f, const CommonOptions &common) {
    if (f.innodb && common.alg != CrcAlg::crc32c)
        throw UsageError(fmt::format(
            "--innodb: InnoDB full_crc32 page checksums are crc32c; --alg {} cannot check them "
            "(use --page-size for per-page CRCs of another algorithm)",
            alg_info(common.alg).name));
    if (f.check_list) {
        if (!f.paths.empty())
            throw UsageError(fmt::format(
                "--check {} reads the paths from the list: give no PATH operands ('{}')",
                *f.check_list, f.paths.front()));
        if (f.page_size || f.innodb || f.per_page || f.sum_lines || f.format != Format::table ||
            f.json_file || f.csv_file)
            throw UsageError("--check prints 'PATH: OK' or 'PATH: FAILED' lines only: leave out "
                             "--page-size, --innodb, --per-page, --format, --json and --csv");
        if (f.tag || f.zero)
            throw UsageError(
                fmt::format("{} shapes the lines -f sum writes and is meaningless when "
                            "verifying checksums: leave it out of --check",
                            f.tag ? "--tag" : "--zero"));
    } else if (f.status || f.strict || f.ignore_missing || f.warn) {
        throw UsageError(fmt::format("{} is meaningful only when verifying checksums: add --check "
                                     "LIST",
                                     f.status           ? "--status"
                                     : f.strict         ? "--strict"
                                     : f.ignore_missing ? "--ignore-missing"
                                                        : "--warn"));
    } else if ((f.tag || f.zero) && !f.sum_lines) {
        throw UsageError(
            fmt::format("{} shapes the lines of -f sum: add -f sum", f.tag ? "--tag" : "--zero"));
    }
    if (!f.check_list && f.paths.empty())
        throw UsageError("file: no PATH given (usage: crcbench-alg file [OPTIONS] PATH..., "
                         "'-' for standard input; or --check LIST)");
    if (f.per_page && !f.page_size && !f.innodb)
        throw UsageError("--per-page needs --page-size or --innodb (pages to list)");
    if (f.sum_lines && (f.page_size || f.innodb))
        throw UsageError("--format sum prints one CRC per whole file: leave out --page-size and "
                         "--innodb (or use --format table, json or csv for page CRCs)");
    const auto stdin_paths = std::ranges::count(f.paths, "-");
    const bool stdin_file = stdin_paths > 0;
    if (stdin_paths + (f.check_list == "-") > 1)
        throw UsageError("'-' (standard input) given twice: it can be read only once");
    if (stdin_file && f.repeat > 1)
        throw UsageError(fmt::format("--repeat {}: standard input ('-') is read once, so it has "
                                     "one pass; save it to a file to time it more than once",
                                     f.repeat));
    if (stdin_file && f.drop_cache)
        throw UsageError("--drop-cache: standard input ('-') has no page cache to drop; save it "
                         "to a file, or leave out --drop-cache");
    if (stdin_file && f.innodb)
        throw UsageError("--innodb needs a regular file (page 0 is read before hashing), not "
                         "standard input ('-'); save the stream to a file first");
}

// One line, the cause and where to look; for two options that exclude each
// other, the fix.
std::string one_line(const CLI::App *, const CLI::Error &e) {
    if (e.get_name() == "ExcludesError")
        return fmt::format("{}: they exclude each other; give one or the other (try --help)",
                           e.what());
    return fmt::format("{} (try --help)", e.what());
}

} // namespace

std::string help_text(std::string_view topic) {
    Options o;
    CommandLine cli(o);
    CLI::App &root = *cli.app;
    auto footer = [&](bool exit_codes) {
        for (std::string_view c : kCommandNames)
            root.get_subcommand(std::string(c))
                ->footer(fmt::format("{}{}", c == "run" ? kRunFooter : "",
                                     exit_codes ? kExitCodeHelp : ""));
        root.footer(exit_codes ? std::string(kExitCodeHelp) : "");
    };
    if (topic == "all") { // headings ending in ':' become man page sections
        footer(false);
        std::string out = root.help();
        for (std::string_view c : kCommandNames)
            out +=
                fmt::format("The {} command:\n{}", c, root.get_subcommand(std::string(c))->help());
        return out + std::string(kExitCodeHelp);
    }
    footer(true);
    return (topic.empty() ? &root : root.get_subcommand(std::string(topic)))->help();
}

std::string_view mode_name(OpMode m) {
    return m == OpMode::digest ? "digest" : "stream";
}

bool BackendOptions::has(Backend b) const {
    return std::ranges::find(backends, b) != backends.end();
}

std::string_view backend_name(Backend b) {
    return b == Backend::afalg ? "afalg" : "tcrypt";
}

struct CommandLine::Parts {
    std::string file_format = "table";
    std::string stray; // a word that is no command, or one a command does not take
    CLI::App *help_cmd = nullptr;
};

CommandLine::CommandLine(Options &o)
    : app(std::make_unique<CLI::App>("", "crcbench-alg")), parts(std::make_unique<Parts>()) {
    CLI::App &root = *app;
    root.failure_message(one_line);
    // "--quiet=1" is an error, as getopt makes it; commands inherit this.
    root.option_defaults()->disable_flag_override();
    // Hidden, and first: CLI11 puts a blank line after each group of
    // options that is not the last one created.
    root.add_option("COMMAND", parts->stray)->group("");
    root.option_defaults()->group("Options for every command");
    root.require_subcommand(0, 1);
    root.formatter(std::make_shared<HelpFormatter>());
    // --help ends parsing where it stands, so it wins over a bad value
    // anywhere on the line (values are checked after parsing).
    auto help_flag = [this, &o](CLI::App &a, std::string topic) {
        a.set_help_flag();
        a.add_flag_callback(
             "-h,--help",
             [this, &o, topic] {
                 o.command = Command::help;
                 o.help_topic = topic;
                 throw CLI::Success();
             },
             topic.empty() ? "this text (after a command: that command's)" : "")
            ->trigger_on_parse()
            ->group(topic.empty() ? "Options for every command" : "");
    };
    help_flag(root, "");
    root.add_flag_callback(
            "-V,--version",
            [&o] {
                o.command = Command::version;
                throw CLI::Success();
            },
            "the version (and libkcapi's)")
        ->trigger_on_parse();
    add_common(root, o);
    auto command = [&](const std::string &name, Command c, std::string_view text) -> CLI::App & {
        CLI::App *sub = root.add_subcommand(name, std::string(text));
        sub->callback([&o, c] { o.command = c; });
        sub->fallthrough(); // the common options after the command name
        sub->group("");     // the commands are listed in the description
        sub->option_defaults()->group("Options");
        help_flag(*sub, name);
        return *sub;
    };
    add_list(command("list", Command::list, kList), o);
    add_verify(command("verify", Command::verify, kVerify), o);
    add_run(command("run", Command::run, kRun), o);
    add_file(command("file", Command::file, kFile), o, parts->file_format);
    parts->help_cmd = root.add_subcommand("help")->group("");
    parts->help_cmd->add_option("TOPIC", o.help_topic)
        ->check(CLI::IsMember({"list", "verify", "run", "file", "all"}));
}

CommandLine::~CommandLine() = default;

Options parse_args(std::span<const std::string_view> args) {
    Options o;
    CommandLine cli(o);
    // "--" ends the options; what follows are file's paths. CLI11 2.1 hands
    // a "--" after file's first PATH to the parent command, where what
    // follows parses as options again, so the tail is split off here.
    auto dashdash = std::find(args.begin(), args.end(), "--");
    std::vector<std::string> after(dashdash == args.end() ? dashdash : dashdash + 1, args.end());
    // CLI11 takes the arguments last first.
    std::vector<std::string> argv(std::make_reverse_iterator(dashdash), args.rend());
    try {
        cli.app->parse(argv);
    } catch (const CLI::Success &) {
        return o; // --help or --version
    } catch (const CLI::ParseError &e) {
        throw UsageError(one_line(cli.app.get(), e));
    }
    if (cli.parts->help_cmd->parsed())
        return o; // Command::help, the default
    std::vector<CLI::App *> used = cli.app->get_subcommands();
    if (!cli.parts->stray.empty() && used.empty())
        throw UsageError(
            fmt::format("unknown command '{}' (commands: list, verify, run, file; try --help)",
                        cli.parts->stray));
    if (!cli.parts->stray.empty())
        throw UsageError(fmt::format("'{}' for '{}' is no option and no operand (try --help)",
                                     cli.parts->stray, used.front()->get_name()));
    if (used.empty()) {
        o.command = Command::missing;
        return o;
    }
    std::string name = used.front()->get_name();
    if (dashdash != args.end() && name != "file")
        throw UsageError(fmt::format("'--' ends the options before file's paths; '{}' takes no "
                                     "operands (try --help)",
                                     name));
    o.file.paths.insert(o.file.paths.end(), after.begin(), after.end());
    if (o.command == Command::run)
        finish_run(o.run);
    if (o.command == Command::file) {
        o.file.sum_lines = cli.parts->file_format == "sum";
        o.file.format = o.file.sum_lines ? Format::table : kFormats.at(cli.parts->file_format);
        finish_file(o.file, o.common);
    }
    return o;
}

} // namespace crcbench
