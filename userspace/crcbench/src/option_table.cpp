// SPDX-License-Identifier: GPL-2.0-only
#include "option_table.h"

#include "error.h"
#include "text.h"
#include "units.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace crcbench {
namespace {

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

Format parse_format(std::string_view v) {
    if (v == "table")
        return Format::table;
    if (v == "json")
        return Format::json;
    if (v == "csv")
        return Format::csv;
    throw UsageError("--format: '" + std::string(v) + "' must be table, json or csv");
}

Format parse_format_or_sum(std::string_view v) {
    if (v == "table" || v == "json" || v == "csv")
        return parse_format(v);
    throw UsageError("--format: '" + std::string(v) + "' must be table, json, csv or sum");
}

// Repeated list options add up (-s 64 -s 4K is -s 64,4K), as -d does.
template <typename T> void merge(std::vector<T> &into, const std::vector<T> &more) {
    into.insert(into.end(), more.begin(), more.end());
    std::sort(into.begin(), into.end());
    into.erase(std::unique(into.begin(), into.end()), into.end());
}

void add_drivers(std::vector<std::string> &out, std::string_view list) {
    for (std::string_view name : split(list, ',')) {
        if (name.empty())
            throw UsageError("--driver: empty driver name");
        out.emplace_back(name);
    }
}

std::vector<OptionSpec> make_common() {
    return {
        {"-q", "--quiet", "", "no progress on stderr", "",
         [](Options &o, std::string_view) { o.common.quiet = true; }},
        {"", "--debug", "", "libkcapi's own debug log on stderr", "",
         [](Options &o, std::string_view) { o.common.debug = true; }},
        {"", "--emulated", "WHEN",
         "auto (default), yes or no: override emulator detection\n"
         "(environment: CRCBENCH_EMULATED)",
         "yes",
         [](Options &o, std::string_view v) {
             if (v != "auto" && v != "yes" && v != "no")
                 throw UsageError("--emulated: '" + std::string(v) + "' must be auto, yes or no");
             o.common.emulated = std::string(v);
         }},
        {"-a", "--alg", "ALG",
         "the CRC algorithm: crc32c (default), crct10dif or\n"
         "crc64-rocksoft (its drivers, its reference; keys only\n"
         "where the algorithm has them: crc32c)",
         "crct10dif", [](Options &o, std::string_view v) { o.common.alg = parse_alg(v); }},
        {"", "--proc-crypto", "PATH", "read the driver list from PATH instead of /proc/crypto",
         "/tmp/crypto",
         [](Options &o, std::string_view v) { o.common.proc_crypto = std::string(v); }},
    };
}

std::vector<OptionSpec> make_list() {
    return {
        {"-f", "--format", "F", "table (default), json or csv", "json",
         [](Options &o, std::string_view v) { o.list.format = parse_format(v); }},
    };
}

std::vector<OptionSpec> make_verify() {
    return {
        {"-d", "--driver", "D",
         "a driver name, the algorithm's name (\"crc32c\") or a\n"
         "userspace baseline (user:slice8, user:vmx, user:vmx-isa31;\n"
         "crc32c only); repeat or comma-separate (default: every\n"
         "driver of the --alg algorithm)",
         "crc32c-generic,crc32c",
         [](Options &o, std::string_view v) { add_drivers(o.verify.drivers, v); }},
        {"", "--user-baselines", "",
         "also the userspace baselines this build and CPU can run\n"
         "(user:slice8; user:vmx in a ppc64le build on POWER8+,\n"
         "user:vmx-isa31 on POWER10+)",
         "", [](Options &o, std::string_view) { o.verify.user_baselines = true; }},
        {"", "--seed", "N", "seed of the random cases (default: chosen and printed)", "7",
         [](Options &o, std::string_view v) {
             o.verify.seed = parse_uint(v, 0, kU64Max, "--seed");
         }},
        {"", "--random", "N", "number of random cases (default 100)", "5",
         [](Options &o, std::string_view v) {
             o.verify.random_cases = parse_uint(v, 0, 1000000, "--random");
         }},
        {"", "--max-length", "SIZE",
         "cap on case lengths (default 4M+64, e.g. 64K for a quick run)", "64K",
         [](Options &o, std::string_view v) { o.verify.max_length = parse_size(v); }},
        {"", "--case", "SPEC",
         "run only this case: LENGTH:OFFSET:SEED:SPLIT[:DATAKEY]\n"
         "SEED \"default\" (no setkey) or a 32-bit number (the crc32c\n"
         "key: raw initial state; the other --alg have no key);\n"
         "SPLIT \"digest\" (one-shot) or\n"
         "update sizes joined by '+', e.g. 4096:3:0x12345678:1000+3096",
         "16:0:default:digest",
         [](Options &o, std::string_view v) { o.verify.cases.emplace_back(v); }},
        {"", "--json", "FILE",
         "also write the JSON report (crcbench-alg.verify.v1) to FILE (checked before the cases "
         "run)",
         "/tmp/v.json",
         [](Options &o, std::string_view v) { o.verify.json_file = std::string(v); }},
    };
}

// --warmup-runs, --min-runs, --max-runs: a count of trials, up to the
// most --trials takes.
OptionSpec trial_count(std::string_view name, std::string_view help, std::string_view example,
                       std::uint64_t least, std::optional<unsigned> RunOptions::*into) {
    return {"", name, "N", help, example, [=](Options &o, std::string_view v) {
                o.run.*into = static_cast<unsigned>(parse_uint(v, least, 1000, name));
            }};
}

std::vector<OptionSpec> backend_run_options() {
    return {
        {"", "--backend", "LIST",
         "how to measure, comma-separated (default afalg):\n"
         "afalg: through AF_ALG, system calls included (end to end);\n"
         "tcrypt: inside the kernel, no system call per digest: the\n"
         "kernel's own hash speed test (modprobe tcrypt mode=300;\n"
         "needs root and CONFIG_CRYPTO_TEST=m) at its sizes 16..8K\n"
         "(--sizes is afalg's). afalg,tcrypt: side by side. Every\n"
         "driver and backend gets a fit time = a + b*size:\n"
         "a = per-call cost (ns), 1/b = marginal throughput (GB/s)",
         "afalg,tcrypt",
         [](Options &o, std::string_view v) { o.run.backend.backends = parse_backend_list(v); }},
        {"", "--tcrypt-sec", "N",
         "seconds tcrypt measures each of its 22 block/update\n"
         "combinations, per driver (default 1: 22 s per driver)",
         "2",
         [](Options &o, std::string_view v) {
             o.run.backend.tcrypt_sec = static_cast<unsigned>(parse_uint(v, 1, 60, "--tcrypt-sec"));
         }},
        {"", "--kmsg", "PATH",
         "testing: read tcrypt's records from PATH (a file in\n"
         "/dev/kmsg's format) instead of /dev/kmsg",
         "/tmp/kmsg",
         [](Options &o, std::string_view v) { o.run.backend.kmsg_path = std::string(v); }},
        {"", "--modprobe", "PROGRAM", "testing: run PROGRAM instead of modprobe to load tcrypt",
         "/tmp/fake-modprobe",
         [](Options &o, std::string_view v) { o.run.backend.modprobe = std::string(v); }},
    };
}

std::vector<OptionSpec> make_run() {
    std::vector<OptionSpec> run = {
        {"-d", "--driver", "D",
         "a driver name, the algorithm's name (\"crc32c\") or a\n"
         "userspace baseline (user:slice8, user:vmx, user:vmx-isa31:\n"
         "no AF_ALG, no system calls; crc32c only); repeat or\n"
         "comma-separate (default: every driver of the --alg\n"
         "algorithm whose self-test passed)",
         "crc32c-generic", [](Options &o, std::string_view v) { add_drivers(o.run.drivers, v); }},
        {"", "--user-baselines", "",
         "also the userspace baselines this build and CPU can run\n"
         "(user:slice8; user:vmx in a ppc64le build on POWER8+,\n"
         "user:vmx-isa31 on POWER10+)",
         "", [](Options &o, std::string_view) { o.run.user_baselines = true; }},
        {"-s", "--sizes", "LIST",
         "buffer sizes, comma-separated or repeated; A..B doubles\n"
         "from A to B (default 64..1M)",
         "64,4K..16K",
         [](Options &o, std::string_view v) { merge(o.run.sizes, parse_size_list(v)); }},
        {"-t", "--threads", "LIST",
         "threads hashing concurrently, each with its own handles;\n"
         "a list (1,2,4 or 1..16, doubling) runs once per count:\n"
         "a threads sweep (default 1)",
         "1..4", [](Options &o, std::string_view v) { o.run.threads = parse_thread_list(v); }},
        {"", "--cpus", "LIST",
         "pin thread t to the t-th CPU of LIST (round robin), e.g. 0,8\n"
         "or 0-3; each thread is created once per run, pins itself,\n"
         "then allocates, fills and hashes its own buffers (first\n"
         "touch: memory local to that CPU) in every driver and trial\n"
         "(default: the t-th CPU the process may run on, round robin)",
         "0", [](Options &o, std::string_view v) { o.run.cpus = parse_cpu_list(v); }},
        {"", "--working-set", "SIZE",
         "data each thread cycles through, as buffers of the measured\n"
         "size hashed in turn: above the cache sizes (e.g. 1G on\n"
         "POWER9) the data comes from memory, a cold-cache run\n"
         "(default: one buffer, cache-hot)",
         "1M",
         [](Options &o, std::string_view v) {
             std::size_t ws = parse_size(v);
             if (ws == 0 || ws > (std::size_t{64} << 30))
                 throw UsageError("--working-set: must be between 1 and 64G");
             o.run.working_set = ws;
         }},
        {"", "--duration", "T", "length of each trial, e.g. 250ms, 2s (default 250ms)", "10ms",
         [](Options &o, std::string_view v) {
             o.run.duration = parse_duration(v);
             o.run.duration_given = true;
         }},
        {"-n", "--iterations", "N", "operations per thread per trial instead of a duration", "100",
         [](Options &o, std::string_view v) {
             o.run.iterations = parse_uint(v, 1, 1000000000000ull, "--iterations");
         }},
        {"", "--warmup", "T", "untimed warm-up per driver and size (default 100ms; 0 = none)", "0",
         [](Options &o, std::string_view v) {
             o.run.warmup = parse_duration(v);
             o.run.warmup_given = true;
         }},
        trial_count("--warmup-runs",
                    "instead of --warmup: N untimed trials per driver and size\n"
                    "before the timed ones (hyperfine's --warmup; 0 = none)",
                    "2", 0, &RunOptions::warmup_runs),
        {"", "--trials", "N", "timed trials per driver and size, exactly (default 5)", "3",
         [](Options &o, std::string_view v) {
             o.run.trials = static_cast<unsigned>(parse_uint(v, 1, 1000, "--trials"));
             o.run.trials_given = true;
         }},
        trial_count("--min-runs",
                    "instead of --trials: as many trials as fill 3 s per driver\n"
                    "and size, at least N (as hyperfine does; default 10, or\n"
                    "--max-runs if lower)",
                    "4", 1, &RunOptions::min_runs),
        trial_count("--max-runs", "instead of --trials: at most N such trials (default 1000)", "20",
                    1, &RunOptions::max_runs),
        {"", "--mode", "M",
         "digest: one kcapi_md_digest per operation (default);\n"
         "stream: kcapi_md_update per chunk, then kcapi_md_final",
         "stream",
         [](Options &o, std::string_view v) {
             if (v == "digest")
                 o.run.mode = OpMode::digest;
             else if (v == "stream")
                 o.run.mode = OpMode::stream;
             else
                 throw UsageError("--mode: '" + std::string(v) + "' must be digest or stream");
         }},
        {"", "--chunk", "SIZE", "stream mode update size (default: the whole buffer)", "1K",
         [](Options &o, std::string_view v) { o.run.chunk = parse_size(v); }},
        {"", "--splice", "on|off",
         "on: libkcapi's vmsplice+splice path for messages of\n"
         "32 KiB up to its pipe size (3 system calls per digest);\n"
         "off (default): one sendmsg instead (2 per digest)",
         "on",
         [](Options &o, std::string_view v) {
             if (v != "on" && v != "off")
                 throw UsageError("--splice: '" + std::string(v) + "' must be on or off");
             o.run.splice = (v == "on");
         }},
        {"-f", "--format", "F", "stdout format: table (default), json or csv", "csv",
         [](Options &o, std::string_view v) { o.run.format = parse_format(v); }},
        {"", "--json", "FILE", "also write the JSON report to FILE (checked before the run)",
         "/tmp/r.json", [](Options &o, std::string_view v) { o.run.json_file = std::string(v); }},
        {"", "--csv", "FILE", "also write the CSV report to FILE (checked before the run)",
         "/tmp/r.csv", [](Options &o, std::string_view v) { o.run.csv_file = std::string(v); }},
        {"", "--runs-csv", "FILE",
         "also write every trial to FILE as CSV, one row each\n(as hyperfine's per-run export; "
         "checked before the run)",
         "/tmp/runs.csv",
         [](Options &o, std::string_view v) { o.run.runs_csv_file = std::string(v); }},
        {"", "--seed", "N", "seed of the buffer contents (default: chosen, in the JSON)", "0x10",
         [](Options &o, std::string_view v) { o.run.seed = parse_uint(v, 0, kU64Max, "--seed"); }},
    };
    for (OptionSpec &spec : backend_run_options())
        run.push_back(std::move(spec));
    return run;
}

std::vector<OptionSpec> make_file() {
    return {
        {"-d", "--driver", "D",
         "a driver name, the algorithm's name (\"crc32c\") or a\n"
         "userspace baseline (user:slice8, user:vmx, user:vmx-isa31;\n"
         "crc32c only); repeat or comma-separate (default: every\n"
         "driver of the --alg algorithm whose self-test passed)",
         "crc32c-generic", [](Options &o, std::string_view v) { add_drivers(o.file.drivers, v); }},
        {"", "--user-baselines", "", "also the userspace baselines this build and CPU can run", "",
         [](Options &o, std::string_view) { o.file.user_baselines = true; }},
        {"", "--page-size", "SIZE",
         "one CRC per page of SIZE bytes (e.g. 16K) instead of one\n"
         "per file; the file size must be a multiple of it",
         "16K",
         [](Options &o, std::string_view v) {
             std::size_t ps = parse_size(v);
             if (ps == 0 || ps > (std::size_t{1} << 30))
                 throw UsageError("--page-size: must be between 1 and 1G");
             o.file.page_size = ps;
         }},
        {"", "--innodb", "",
         "the files are InnoDB full_crc32 tablespaces (MariaDB 10.5+):\n"
         "check each page's stored checksum; page size from page 0\n"
         "(--page-size, if given, must agree)",
         "", [](Options &o, std::string_view) { o.file.innodb = true; }},
        {"", "--per-page", "", "every page's CRC in the table and JSON output", "",
         [](Options &o, std::string_view) { o.file.per_page = true; }},
        {"-f", "--format", "F",
         "stdout format: table (default), json, csv, or sum: one\n"
         "line 'CRC  PATH' per file as sha256sum prints them (the\n"
         "input of --check; whole files only)",
         "json",
         [](Options &o, std::string_view v) {
             o.file.sum_lines = (v == "sum");
             o.file.format = o.file.sum_lines ? Format::table : parse_format_or_sum(v);
         }},
        {"", "--repeat", "N",
         "timed passes per driver over each file (default 1); the\n"
         "table shows the median, the JSON every pass; not with '-'",
         "3",
         [](Options &o, std::string_view v) {
             o.file.repeat = static_cast<unsigned>(parse_uint(v, 1, 1000, "--repeat"));
         }},
        {"", "--drop-cache", "",
         "drop the file's pages from the page cache before each\n"
         "pass (posix_fadvise DONTNEED, checked with mincore): passes\n"
         "read from the disk; an error if they stay cached (tmpfs)",
         "", [](Options &o, std::string_view) { o.file.drop_cache = true; }},
        {"-c", "--check", "LIST",
         "read 'CRC  PATH' lines (from -f sum; '-': stdin) and\n"
         "check each file: 'PATH: OK' or 'PATH: FAILED' (as\n"
         "sha256sum -c; -q leaves out the OK lines); exit 1 if any\n"
         "failed or could not be read; no PATH operands",
         "sums.txt", [](Options &o, std::string_view v) { o.file.check_list = std::string(v); }},
        {"", "--tag", "",
         "with -f sum: BSD-style lines 'CRC32C (PATH) = CRC'\n(--check reads both styles)", "",
         [](Options &o, std::string_view) { o.file.tag = true; }},
        {"-z", "--zero", "",
         "with -f sum: end each line with NUL, not newline,\nand write paths unescaped", "",
         [](Options &o, std::string_view) { o.file.zero = true; }},
        {"", "--status", "", "with --check: print nothing on stdout; the exit code\ntells", "",
         [](Options &o, std::string_view) { o.file.status = true; }},
        {"", "--strict", "", "with --check: exit 1 for improperly formatted lines", "",
         [](Options &o, std::string_view) { o.file.strict = true; }},
        {"", "--ignore-missing", "",
         "with --check: skip listed files that do not exist\n(exit 1 if none was verified)", "",
         [](Options &o, std::string_view) { o.file.ignore_missing = true; }},
        {"-w", "--warn", "", "with --check: name each improperly formatted line", "",
         [](Options &o, std::string_view) { o.file.warn = true; }},
        {"", "--testing-read-window", "SIZE", "testing: the size of the read buffer (default 1M)",
         "4K",
         [](Options &o, std::string_view v) {
             std::size_t w = parse_size(v);
             if (w == 0 || w > (std::size_t{64} << 20))
                 throw UsageError("--testing-read-window: must be between 1 and 64M");
             o.file.read_window = w;
         }},
        {"", "--json", "FILE", "also write the JSON report to FILE (checked before hashing)",
         "/tmp/f.json", [](Options &o, std::string_view v) { o.file.json_file = std::string(v); }},
        {"", "--csv", "FILE", "also write the CSV report to FILE (checked before hashing)",
         "/tmp/f.csv", [](Options &o, std::string_view v) { o.file.csv_file = std::string(v); }},
    };
}

} // namespace

bool BackendOptions::has(Backend b) const {
    return std::find(backends.begin(), backends.end(), b) != backends.end();
}

std::string_view backend_name(Backend b) {
    return b == Backend::afalg ? "afalg" : "tcrypt";
}

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

const std::vector<OptionSpec> &common_option_table() {
    static const std::vector<OptionSpec> table = make_common();
    return table;
}

const std::vector<OptionSpec> &command_option_table(std::string_view command) {
    static const std::vector<OptionSpec> list = make_list(), verify = make_verify(),
                                         run = make_run(), file = make_file();
    if (command == "list")
        return list;
    if (command == "verify")
        return verify;
    if (command == "run")
        return run;
    if (command == "file")
        return file;
    throw std::out_of_range("no option table for '" + std::string(command) + "'");
}

} // namespace crcbench
