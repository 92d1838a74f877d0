// SPDX-License-Identifier: GPL-2.0-only
//
// The command line through CLI11: every option bound to its field of
// Options, checked by CLI11's validators (ours for the units), with
// excludes/needs between options; --help is CLI11's formatter.
// What CLI11 cannot say is checked after parsing, in the tool's words
// (sha256sum's for --check's flags, which its users know).
#include "cli.h"

#include "error.h"
#include "text.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <ranges>
#include <string>
#include <vector>

namespace crcbench {
namespace {

constexpr std::string_view kGeneral =
    "Lists, verifies and benchmarks the kernel's crc32c drivers through AF_ALG\n"
    "(libkcapi); with --alg, those of crct10dif or crc64-rocksoft. Every result\n"
    "is compared with a software reference of that CRC.\n"
    "\n"
    "Commands:\n"
    "  list      the crc32c (--alg) drivers (driver, module, priority, self-test)\n"
    "            and which one the name \"crc32c\" (the --alg name) resolves to now\n"
    "  verify    check drivers against the reference over fixed and random cases\n"
    "  run       measure throughput of drivers side by side\n"
    "  file      crc32c of files (whole, or per page) through each driver,\n"
    "            timed; --innodb checks InnoDB full_crc32 page checksums\n"
    "  help CMD  the options of one command (same as CMD --help);\n"
    "            help all: every command's options in one text\n"
    "\n"
    "Needs: AF_ALG hash support (algif_hash) and crypto_user (libkcapi asks the\n"
    "kernel about each driver over NETLINK_CRYPTO): modprobe algif_hash crypto_user\n"
    "\n"
    "--alg: crc32c (default); crct10dif (CRC-T10DIF, polynomial 0x8BB7, MSB first,\n"
    "init 0, 2-byte digest in the CPU's byte order); crc64-rocksoft (CRC-64/NVME,\n"
    "reflected 0x9A6C9329AC4BC9B5, init and xorout ~0, 8-byte digest little-endian).\n"
    "crct10dif and crc64-rocksoft drivers have no key (no seeds in verify) and no\n"
    "userspace baselines; ratios are to their generic drivers. The kernel has\n"
    "their crypto API drivers up to 6.14 (Debian's 6.1 and 6.12), not from 6.15 on.\n";

constexpr std::string_view kList =
    "Prints every crc32c driver in /proc/crypto that user space can reach (not\n"
    "internal): driver, module, priority and self-test status, highest priority\n"
    "first, and marks with '*' the one \"crc32c\" resolves to: the highest-priority\n"
    "driver whose self-test passed. Reads /proc/crypto only (no AF_ALG needed).\n";

constexpr std::string_view kVerify =
    "Runs each driver over a fixed set of cases (lengths around 16, 256, 512,\n"
    "4K, 32K and 64K boundaries, up to several MiB; odd offsets, page-crossing\n"
    "buffers, seeds, streaming splits with empty updates) and a random set, and\n"
    "compares every digest with the tool's own software CRC (of --alg; keys only\n"
    "for crc32c, the others have none and their cases no seeds). A mismatch\n"
    "prints a reproducer line (driver, length, offset, seed, split, expected, got,\n"
    "and the --case that repeats it) and the exit code is 1.\n";

constexpr std::string_view kRun =
    "Measures each driver at each size, drivers interleaved trial by trial so\n"
    "they are compared under the same conditions. Each thread reuses one AF_ALG\n"
    "handle per driver and one buffer; every result is checked against the\n"
    "reference digest of that buffer (the buffer content changes each trial).\n"
    "Reports bytes/s and operations/s (min/median/max over the trials) and each\n"
    "driver's median relative to crc32c-generic (--alg: that algorithm's generic\n"
    "driver). A wrong result exits with 1.\n";

constexpr std::string_view kFile =
    "Computes the crc32c (--alg: that CRC) of each PATH through each driver and\n"
    "times it: bytes, seconds and GB/s (10^9 bytes/s) per driver and file; with\n"
    "--page-size, one CRC per page, and pages/s. Kernel drivers get the file by\n"
    "splice(2) from the file through a pipe into the AF_ALG socket, no copy\n"
    "through user space (\"transfer: splice\"); if the kernel refuses that, by read\n"
    "and send (\"transfer: read\", the reason printed). user: drivers and the\n"
    "reference read the file in 1 MiB windows into one buffer (\"transfer: read\"):\n"
    "memory stays bounded whatever the file's size. Every CRC is compared with\n"
    "the tool's own table code; a difference prints a reproducer and exits with 1.\n"
    "A file that changes size while it is hashed (truncated, written to) is an\n"
    "error: exit 8, the sizes named.\n"
    "\n"
    "PATH '-' is standard input: read once, each window handed to the reference\n"
    "and every driver in turn (one pass; no --repeat above 1, no --drop-cache,\n"
    "no --innodb). --format sum prints 'CRC  PATH' lines like sha256sum (a path\n"
    "with a newline or backslash escaped, the line starting with a backslash;\n"
    "--tag, -z as sha256sum's), each as its file is done; a file that cannot be\n"
    "read is reported, the rest are hashed, and the exit code is 1.\n"
    "--check LIST reads such lines and prints 'PATH: OK' or 'PATH: FAILED' (or\n"
    "'FAILED open or read', the cause on stderr), with WARNING summaries on\n"
    "stderr; exit 1 if a CRC did not match, a file could not be read or a driver\n"
    "disagreed. -q, --status, --strict, --ignore-missing and -w do what they do\n"
    "for sha256sum -c. --format sum and --check read each file once, as standard\n"
    "input is read (every driver still checked against the reference), unless\n"
    "--repeat or --drop-cache ask for timed passes of each driver's own.\n"
    "\n"
    "--innodb checks MariaDB InnoDB full_crc32 tablespaces: each page's last 4\n"
    "bytes (big-endian) must be the crc32c of the rest of the page. Pages of\n"
    "nothing but zero bytes are empty (never written) and not checked, as in\n"
    "innochecksum. Reports pages, valid, empty, invalid and every invalid page\n"
    "number; exit 1 if any page is invalid. Tablespaces in another checksum\n"
    "format, page_compressed or encrypted ones are refused (exit 2, the flag\n"
    "named), and so is --innodb with an --alg other than crc32c. A file whose\n"
    "size is not a multiple of the page size: exit 2.\n";

constexpr std::string_view kRunFooter =
    "Under an emulator (e.g. QEMU TCG) every table and file says the figures are\n"
    "emulated and not POWER performance.\n";

// CLI11's layout, with the usage first and the description under it, as
// man pages and GNU tools have them.
class HelpFormatter : public CLI::Formatter {
  public:
    HelpFormatter() { column_width(24); }
    std::string make_description(const CLI::App *) const override { return {}; }
    std::string make_usage(const CLI::App *app, std::string) const override {
        if (!app->get_parent())
            return fmt::format("Usage: crcbench-alg [OPTIONS] COMMAND [COMMAND OPTIONS]\n\n{}",
                               kGeneral);
        const std::string &name = app->get_name();
        return fmt::format("Usage: crcbench-alg {} [OPTIONS]{}\n\n{}", name,
                           name == "file" ? " PATH..." : "", app->get_description());
    }
};

std::string command_description(std::string_view command) {
    return std::string(command == "list"     ? kList
                       : command == "verify" ? kVerify
                       : command == "file"   ? kFile
                                             : kRun);
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
    return std::find(backends.begin(), backends.end(), b) != backends.end();
}

std::string_view backend_name(Backend b) {
    return b == Backend::afalg ? "afalg" : "tcrypt";
}

namespace {

// Either order; stored afalg first.
std::vector<Backend> parse_backend_list(std::string_view text) {
    bool afalg = false, tcrypt = false;
    for (std::string_view name : split(text, ',')) {
        bool &seen = name == "afalg" ? afalg : tcrypt;
        if (name != "afalg" && name != "tcrypt")
            throw UsageError("--backend: '" + std::string(name) + "' must be afalg or tcrypt");
        if (seen)
            throw UsageError("--backend: '" + std::string(name) + "' given twice");
        seen = true;
    }
    std::vector<Backend> out;
    if (afalg)
        out.push_back(Backend::afalg);
    if (tcrypt)
        out.push_back(Backend::tcrypt);
    return out;
}

// Our units as validators: the text ("64K", "250ms", "0x10") becomes the
// number it means, so the option binds straight to its field. Limits read
// "must be between A and B" everywhere (CLI::Range words them otherwise).
CLI::Validator count_in(std::uint64_t min, std::uint64_t max) {
    return CLI::Validator(
        [min, max](std::string &v) {
            v = std::to_string(parse_uint(v, min, max, ""));
            return std::string();
        },
        "", "COUNT");
}

CLI::Validator size_in(std::size_t min, std::size_t max) {
    return CLI::Validator(
        [min, max](std::string &v) {
            std::size_t n = parse_size(v);
            if (n < min || n > max)
                return fmt::format("must be between {} and {}", format_size(min), format_size(max));
            v = std::to_string(n);
            return std::string();
        },
        "", "SIZE");
}

const CLI::Validator kDuration(
    [](std::string &v) {
        v = std::to_string(parse_duration(v).count());
        return std::string();
    },
    "", "DURATION");

// The validators' messages are ours; a UsageError a parser throws inside one
// becomes CLI11's ValidationError, prefixed with the option's name.
CLI::Validator checked(CLI::Validator v) {
    auto inner = v.get_description();
    return CLI::Validator(
        [v](std::string &s) {
            try {
                return v(s);
            } catch (const UsageError &e) {
                return std::string(e.what());
            }
        },
        inner, v.get_name());
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
        ->transform(checked(kDuration))
        ->type_name("T");
}

template <typename T>
CLI::Option *count(CLI::App &app, const std::string &name, T &field, std::uint64_t min,
                   std::uint64_t max, const std::string &help) {
    return app.add_option(name, field, help)
        ->transform(checked(count_in(min, max)))
        ->type_name("N");
}

template <typename T>
CLI::Option *size(CLI::App &app, const std::string &name, T &field, std::size_t min,
                  std::size_t max, const std::string &help = "") {
    return app.add_option(name, field, help)
        ->transform(checked(size_in(min, max)))
        ->type_name("SIZE");
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
           fmt::format("a driver name, the algorithm's name (\"crc32c\") or\n"
                       "a userspace baseline (user:slice8, user:vmx,\n"
                       "user:vmx-isa31; crc32c only); repeat or comma-\n"
                       "separate (default: every driver of the --alg\n"
                       "algorithm{})",
                       passed_only ? " whose self-test passed" : ""))
        ->allow_extra_args(false) // one value per occurrence, every occurrence kept
        ->type_name("D");
    app.add_flag("--user-baselines", user_baselines,
                 "also the userspace baselines this build and CPU\n"
                 "can run (user:slice8; user:vmx in a ppc64le build\n"
                 "on POWER8+, user:vmx-isa31 on POWER10+)");
}

void add_common(CLI::App &app, Options &o) {
    const std::string group = "Options for every command";
    app.add_flag("-q,--quiet", o.common.quiet, "no progress on stderr")->group(group);
    app.add_flag("--debug", o.common.debug, "libkcapi's own debug log on stderr")->group(group);
    app.add_option("--emulated", o.common.emulated,
                   "auto (default), yes or no: override emulator\n"
                   "detection (environment: CRCBENCH_EMULATED)")
        ->check(CLI::IsMember({"auto", "yes", "no"}))
        ->type_name("WHEN")
        ->group(group);
    app.add_option_function<std::string>(
           "-a,--alg", [&o](const std::string &v) { o.common.alg = parse_alg(v); },
           "the CRC algorithm: crc32c (default), crct10dif or\n"
           "crc64-rocksoft (its drivers, its reference; keys\n"
           "only where the algorithm has them: crc32c)")
        ->type_name("ALG")
        ->group(group);
    app.add_option("--proc-crypto", o.common.proc_crypto,
                   "read the driver list from PATH instead of\n/proc/crypto")
        ->type_name("PATH")
        ->group(group);
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
          "seed of the random cases (default: chosen and\nprinted)");
    count(app, "--random", v.random_cases, 0, 1000000, "number of random cases (default 100)");
    size(app, "--max-length", v.max_length, 0, std::size_t{256} << 20,
         "cap on case lengths (default 4M+64, e.g. 64K for\na quick run)");
    app.add_option("--case", v.cases,
                   "run only this case: LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]\n"
                   "SEED \"default\" (no setkey) or a 32-bit number (the\n"
                   "crc32c key: raw initial state; the other --alg have\n"
                   "no key); SPLIT \"digest\" (one-shot) or update sizes\n"
                   "joined by '+', e.g. 4096:3:0x12345678:1000+3096")
        ->allow_extra_args(false)
        ->type_name("SPEC");
    app.add_option("--json", v.json_file,
                   "also write the JSON report (crcbench-alg.verify.v1)\n"
                   "to FILE (checked before the cases run)")
        ->type_name("FILE");
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
           "buffer sizes, comma-separated or repeated; A..B\n"
           "doubles from A to B (default 64..1M)")
        ->allow_extra_args(false)
        ->type_name("LIST");
    app.add_option_function<std::string>(
           "-t,--threads", [&r](const std::string &v) { r.threads = parse_thread_list(v); },
           "threads hashing concurrently, each with its own\n"
           "handles; a list (1,2,4 or 1..16, doubling) runs\n"
           "once per count: a threads sweep (default 1)")
        ->type_name("LIST");
    app.add_option_function<std::string>(
           "--cpus", [&r](const std::string &v) { r.cpus = parse_cpu_list(v); },
           "pin thread t to the t-th CPU of LIST (round robin),\n"
           "e.g. 0,8 or 0-3; each thread is created once per\n"
           "run, pins itself, then allocates, fills and hashes\n"
           "its own buffers (first touch: memory local to that\n"
           "CPU) in every driver and trial (default: the t-th\n"
           "CPU the process may run on, round robin)")
        ->type_name("LIST");
    size(app, "--working-set", r.working_set, 1, std::size_t{64} << 30,
         "data each thread cycles through, as buffers of\n"
         "the measured size hashed in turn: above the cache\n"
         "sizes (e.g. 1G on POWER9) the data comes from\n"
         "memory, a cold-cache run (default: one buffer,\n"
         "cache-hot)");
    CLI::Option *dur = duration(app, "--duration", r.duration,
                                "length of each trial, e.g. 250ms, 2s (default\n250ms)");
    CLI::Option *iter = count(app, "-n,--iterations", r.iterations, 1, 1000000000000ull,
                              "operations per thread per trial instead of a\nduration");
    dur->excludes(iter);
    CLI::Option *warm = duration(app, "--warmup", r.warmup,
                                 "untimed warm-up per driver and size (default\n100ms; 0 = none)");
    count(app, "--warmup-runs", r.warmup_runs, 0, 1000,
          "instead of --warmup: N untimed trials per driver\n"
          "and size before the timed ones (hyperfine's\n"
          "--warmup; 0 = none)")
        ->excludes(warm);
    CLI::Option *trials = count(app, "--trials", r.trials, 1, 1000,
                                "timed trials per driver and size, exactly\n"
                                "(default 5)");
    count(app, "--min-runs", r.min_runs, 1, 1000,
          "instead of --trials: as many trials as fill 3 s\n"
          "per driver and size, at least N (as hyperfine\n"
          "does; default 10, or --max-runs if lower)")
        ->excludes(trials);
    count(app, "--max-runs", r.max_runs, 1, 1000,
          "instead of --trials: at most N such trials\n(default 1000)")
        ->excludes(trials);
    app.add_option("--mode", r.mode,
                   "digest: one kcapi_md_digest per operation\n"
                   "(default); stream: kcapi_md_update per chunk,\n"
                   "then kcapi_md_final")
        ->transform(one_of(
            std::map<std::string, OpMode>{{"digest", OpMode::digest}, {"stream", OpMode::stream}}))
        ->type_name("M");
    size(app, "--chunk", r.chunk, 1, std::size_t{256} << 20,
         "stream mode update size (default: the whole\nbuffer)");
    app.add_option("--splice", r.splice,
                   "on: libkcapi's vmsplice+splice path for messages\n"
                   "of 32 KiB up to its pipe size (3 system calls per\n"
                   "digest); off (default): one sendmsg instead (2 per\n"
                   "digest)")
        ->transform(one_of(std::map<std::string, bool>{{"on", true}, {"off", false}}))
        ->type_name("WHEN");
    app.add_option("-f,--format", r.format, "stdout format: table (default), json or csv")
        ->transform(one_of(kFormats))
        ->type_name("F");
    app.add_option("--json", r.json_file,
                   "also write the JSON report to FILE (checked\nbefore the run)")
        ->type_name("FILE");
    app.add_option("--csv", r.csv_file,
                   "also write the CSV report to FILE (checked before\nthe run)")
        ->type_name("FILE");
    app.add_option("--runs-csv", r.runs_csv_file,
                   "also write every trial to FILE as CSV, one row\n"
                   "each (as hyperfine's per-run export; checked\n"
                   "before the run)")
        ->type_name("FILE");
    count(app, "--seed", r.seed, 0, UINT64_MAX,
          "seed of the buffer contents (default: chosen, in\nthe JSON)");
    BackendOptions &b = r.backend;
    app.add_option_function<std::string>(
           "--backend", [&b](const std::string &v) { b.backends = parse_backend_list(v); },
           "how to measure, comma-separated (default afalg):\n"
           "afalg: through AF_ALG, system calls included (end\n"
           "to end); tcrypt: inside the kernel, no system call\n"
           "per digest: the kernel's own hash speed test\n"
           "(modprobe tcrypt mode=300; needs root and\n"
           "CONFIG_CRYPTO_TEST=m) at its sizes 16..8K (--sizes\n"
           "is afalg's). afalg,tcrypt: side by side. Every\n"
           "driver and backend gets a fit time = a + b*size:\n"
           "a = per-call cost (ns), 1/b = marginal throughput\n"
           "(GB/s)")
        ->type_name("LIST");
    count(app, "--tcrypt-sec", b.tcrypt_sec, 1, 60,
          "seconds tcrypt measures each of its 22\n"
          "block/update combinations, per driver (default 1:\n"
          "22 s per driver)");
    // Testing hooks, left out of --help: tcrypt's records from a file in
    // /dev/kmsg's format, and a program run instead of modprobe.
    app.add_option("--kmsg", b.kmsg_path)->group("");
    app.add_option("--modprobe", b.modprobe)->group("");
}

void add_file(CLI::App &app, Options &o, std::string &format) {
    FileOptions &f = o.file;
    drivers(app, f.drivers, f.user_baselines, true);
    size(app, "--page-size", f.page_size, 1, std::size_t{1} << 30,
         "one CRC per page of SIZE bytes (e.g. 16K) instead\n"
         "of one per file; the file size must be a multiple\n"
         "of it");
    app.add_flag("--innodb", f.innodb,
                 "the files are InnoDB full_crc32 tablespaces\n"
                 "(MariaDB 10.5+): check each page's stored\n"
                 "checksum; page size from page 0 (--page-size, if\n"
                 "given, must agree)");
    app.add_flag("--per-page", f.per_page, "every page's CRC in the table and JSON output");
    app.add_option("-f,--format", format,
                   "stdout format: table (default), json, csv, or sum:\n"
                   "one line 'CRC  PATH' per file as sha256sum prints\n"
                   "them (the input of --check; whole files only)")
        ->check(CLI::IsMember({"table", "json", "csv", "sum"}))
        ->type_name("F");
    count(app, "--repeat", f.repeat, 1, 1000,
          "timed passes per driver over each file (default\n"
          "1); the table shows the median, the JSON every\n"
          "pass; not with '-'");
    app.add_flag("--drop-cache", f.drop_cache,
                 "drop the file's pages from the page cache before\n"
                 "each pass (posix_fadvise DONTNEED, checked with\n"
                 "mincore): passes read from the disk; an error if\n"
                 "they stay cached (tmpfs)");
    app.add_option("-c,--check", f.check_list,
                   "read 'CRC  PATH' lines (from -f sum; '-': stdin)\n"
                   "and check each file: 'PATH: OK' or 'PATH: FAILED'\n"
                   "(as sha256sum -c; -q leaves out the OK lines);\n"
                   "exit 1 if any failed or could not be read; no PATH\n"
                   "operands")
        ->type_name("LIST");
    app.add_flag("--tag", f.tag,
                 "with -f sum: BSD-style lines 'CRC32C (PATH) = CRC'\n"
                 "(--check reads both styles)");
    app.add_flag("-z,--zero", f.zero,
                 "with -f sum: end each line with NUL, not newline,\n"
                 "and write paths unescaped");
    app.add_flag("--status", f.status,
                 "with --check: print nothing on stdout; the exit\ncode tells");
    app.add_flag("--strict", f.strict, "with --check: exit 1 for improperly formatted\nlines");
    app.add_flag("--ignore-missing", f.ignore_missing,
                 "with --check: skip listed files that do not exist\n"
                 "(exit 1 if none was verified)");
    app.add_flag("-w,--warn", f.warn, "with --check: name each improperly formatted line");
    size(app, "--testing-read-window", f.read_window, 1, std::size_t{64} << 20)->group("");
    app.add_option("--json", f.json_file,
                   "also write the JSON report to FILE (checked before\nhashing)")
        ->type_name("FILE");
    app.add_option("--csv", f.csv_file,
                   "also write the CSV report to FILE (checked before\nhashing)")
        ->type_name("FILE");
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
    std::size_t stdin_uses =
        std::count(f.paths.begin(), f.paths.end(), "-") + (f.check_list && *f.check_list == "-");
    if (stdin_uses > 1)
        throw UsageError("'-' (standard input) given twice: it can be read only once");
    bool stdin_file = std::find(f.paths.begin(), f.paths.end(), "-") != f.paths.end();
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

struct CommandLine::Parts {
    std::string file_format = "table";
    std::string help_topic;
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
        ->trigger_on_parse()
        ->group("Options for every command");
    add_common(root, o);
    for (std::string_view name : kCommandNames) {
        CLI::App *sub = root.add_subcommand(std::string(name), command_description(name));
        sub->fallthrough(); // the common options after the command name
        sub->group("");     // the commands are listed in the description
        help_flag(*sub, std::string(name));
        if (name == "list")
            add_list(*sub, o);
        else if (name == "verify")
            add_verify(*sub, o);
        else if (name == "run")
            add_run(*sub, o);
        else
            add_file(*sub, o, parts->file_format);
    }
    parts->help_cmd = root.add_subcommand("help")->group("");
    parts->help_cmd->add_option("TOPIC", parts->help_topic)
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
    if (cli.parts->help_cmd->parsed()) {
        o.command = Command::help;
        o.help_topic = cli.parts->help_topic;
        return o;
    }
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
    if (name == "list") {
        o.command = Command::list;
    } else if (name == "verify") {
        o.command = Command::verify;
    } else if (name == "run") {
        o.command = Command::run;
        finish_run(o.run);
    } else {
        o.command = Command::file;
        o.file.sum_lines = cli.parts->file_format == "sum";
        o.file.format = o.file.sum_lines ? Format::table : kFormats.at(cli.parts->file_format);
        finish_file(o.file, o.common);
    }
    return o;
}

} // namespace crcbench
