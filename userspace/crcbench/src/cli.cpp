// SPDX-License-Identifier: GPL-2.0-only
//
// The command line through CLI11: it splits "--name=value", "-s64", bundled
// flags ("-qd D"), "--" and the subcommands; the one option table
// (option_table.h) says what each option does and is what --help prints.
#include "cli.h"

#include "error.h"
#include "option_table.h"
#include "units.h"

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace crcbench {

std::string_view format_name(Format f) {
    switch (f) {
    case Format::table:
        return "table";
    case Format::json:
        return "json";
    case Format::csv:
        return "csv";
    }
    return "?";
}

std::string_view mode_name(OpMode m) {
    return m == OpMode::digest ? "digest" : "stream";
}

namespace {

// What CLI11 found, applied after parsing so that --help wins over a bad
// value anywhere on the line (the option's own parser throws UsageError).
using Pending = std::vector<std::function<void(Options &)>>;

// "-d,--driver" for CLI11.
std::string cli11_names(const OptionSpec &spec) {
    return spec.short_name.empty() ? std::string(spec.long_name)
                                   : fmt::format("{},{}", spec.short_name, spec.long_name);
}

void add_table(CLI::App &app, const std::vector<OptionSpec> &table, Pending &pending) {
    for (const OptionSpec &spec : table) {
        const OptionSpec *s = &spec; // the tables are static
        if (spec.metavar.empty()) {
            // A flag: "--quiet=1" is an error, as before.
            app.add_flag_callback(
                   cli11_names(spec),
                   [s, &pending] { pending.push_back([s](Options &o) { s->apply(o, {}); }); })
                ->disable_flag_override();
        } else {
            // Every occurrence counts (-d accumulates, and so do -s and -t).
            app.add_option(cli11_names(spec))
                ->type_size(1)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
                ->each([s, &pending](const std::string &v) {
                    pending.push_back([s, v](Options &o) { s->apply(o, v); });
                });
        }
    }
}

// Checks between options, and defaults that depend on them.
void finish_verify(VerifyOptions &v) {
    if (v.max_length > (256u << 20))
        throw UsageError("--max-length: must be between 0 and 256M");
}

void finish_run(RunOptions &r) {
    if (r.sizes.empty())
        r.sizes = parse_size_list("64..1M");
    for (std::size_t s : r.sizes)
        if (s == 0 || s > (256u << 20))
            throw UsageError(fmt::format("--sizes: each size must be between 1 and 256M, got {}",
                                         format_size(s)));
    if (r.duration_given && r.iterations)
        throw UsageError("--duration and --iterations exclude each other");
    if (!r.iterations && r.duration.count() == 0)
        throw UsageError("--duration must be greater than 0");
    if (r.warmup_given && r.warmup_runs)
        throw UsageError("--warmup (a time) and --warmup-runs (a count of trials) exclude each "
                         "other: give one");
    if (r.trials_given && (r.min_runs || r.max_runs))
        throw UsageError(fmt::format("--trials is the exact count and {} bounds a count that "
                                     "follows the trials' length: give one or the other",
                                     r.min_runs ? "--min-runs" : "--max-runs"));
    if (r.min_runs && r.max_runs && *r.min_runs > *r.max_runs)
        throw UsageError(fmt::format("--min-runs {} is more than --max-runs {}: no count fits "
                                     "both; raise --max-runs or lower --min-runs",
                                     *r.min_runs, *r.max_runs));
    if (r.chunk && r.mode != OpMode::stream)
        throw UsageError("--chunk needs --mode stream");
    if (r.chunk && *r.chunk == 0)
        throw UsageError("--chunk must be greater than 0");
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
    if (!f.check_list && f.paths.empty()) {
        throw UsageError("file: no PATH given (usage: crcbench-alg file [OPTIONS] PATH..., "
                         "'-' for standard input; or --check LIST)");
    }
    if (f.per_page && !f.page_size && !f.innodb)
        throw UsageError("--per-page needs --page-size or --innodb (pages to list)");
    if (f.sum_lines && (f.page_size || f.innodb))
        throw UsageError("--format sum prints one CRC per whole file: leave out --page-size and "
                         "--innodb (or use --format table, json or csv for page CRCs)");
    bool has_stdin = (f.check_list && *f.check_list == "-");
    for (const std::string &p : f.paths) {
        if (p != "-")
            continue;
        if (has_stdin)
            throw UsageError("'-' (standard input) given twice: it can be read only once");
        has_stdin = true;
    }
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

[[noreturn]] void unknown(std::string_view name, std::string_view command) {
    std::string where = command.empty() ? std::string() : fmt::format(" for '{}'", command);
    if (name.starts_with("-"))
        throw UsageError(fmt::format("unknown option {}{} (try --help)", name, where));
    throw UsageError(fmt::format("unexpected argument '{}'{} (try --help)", name, where));
}

// CLI11's wording of the two errors it finds itself, in the tool's words.
std::string cli11_message(std::string_view what) {
    std::size_t colon = what.find(": ");
    if (colon != std::string_view::npos && what.find(" required", colon) != std::string_view::npos)
        return fmt::format("option {} needs a value (try --help)", what.substr(0, colon));
    constexpr std::string_view kOverride = " was given a disallowed flag override";
    if (std::size_t at = what.find(kOverride); at != std::string_view::npos) {
        std::string_view name = what.substr(0, at);
        return fmt::format("option {}{} takes no value (try --help)", name.size() > 1 ? "--" : "-",
                           name);
    }
    return fmt::format("{} (try --help)", what);
}

constexpr std::string_view kCommandList = "commands: list, verify, run, file";

} // namespace

Options parse_args(std::span<const std::string_view> args) {
    Options o;
    Pending pending;
    CLI::App app{"", "crcbench-alg"};
    app.set_help_flag();
    app.allow_extras();
    app.require_subcommand(0, 1);
    bool help = false, version = false;
    app.add_flag("-h,--help", help)->disable_flag_override();
    app.add_flag("-V,--version", version)->disable_flag_override();
    add_table(app, common_option_table(), pending);

    struct Sub {
        std::string_view name;
        CLI::App *app;
        bool help = false;
    };
    std::vector<Sub> subs;
    for (std::string_view name : kCommandNames)
        subs.push_back({name, app.add_subcommand(std::string(name))});
    for (Sub &sub : subs) {
        sub.app->set_help_flag();
        sub.app->allow_extras();
        sub.app->fallthrough(); // the common options after the command name
        sub.app->add_flag("-h,--help", sub.help)->disable_flag_override();
        add_table(*sub.app, command_option_table(sub.name), pending);
    }
    subs[3].app->add_option("PATH", o.file.paths); // file's operands ("--" ends options)
    std::vector<std::string> help_args;
    CLI::App *help_cmd = app.add_subcommand("help");
    help_cmd->set_help_flag();
    help_cmd->add_option("TOPIC", help_args);

    // "--" ends the options; what follows are file's paths (CLI11 would
    // keep them as extras, since every command allows extras to name them).
    auto dashdash = std::find(args.begin(), args.end(), "--");
    std::vector<std::string> after_dashdash(dashdash == args.end() ? dashdash : dashdash + 1,
                                            args.end());
    // CLI11 takes the arguments last first.
    std::vector<std::string> argv(std::make_reverse_iterator(dashdash),
                                  std::make_reverse_iterator(args.begin()));
    try {
        app.parse(argv);
    } catch (const CLI::ParseError &e) {
        throw UsageError(cli11_message(e.what()));
    }

    const Sub *command = nullptr;
    for (const Sub &sub : subs)
        if (sub.app->parsed())
            command = &sub;
    if (help) {
        o.command = Command::help;
        return o;
    }
    if (version && !command && !help_cmd->parsed()) {
        o.command = Command::version;
        return o;
    }
    if (command && command->help) {
        o.command = Command::help;
        o.help_topic = command->name;
        return o;
    }
    if (help_cmd->parsed()) {
        o.command = Command::help;
        if (help_args.size() > 1)
            unknown(help_args[1], "help");
        if (!help_args.empty())
            o.help_topic = help_args[0];
        if (!o.help_topic.empty() && o.help_topic != "list" && o.help_topic != "verify" &&
            o.help_topic != "run" && o.help_topic != "file" && o.help_topic != "all")
            throw UsageError(
                fmt::format("no help for '{}' ({}; or all)", o.help_topic, kCommandList));
        return o;
    }
    std::vector<std::string> extras = app.remaining(true);
    if (!extras.empty()) {
        if (!command && !extras[0].starts_with("-"))
            throw UsageError(
                fmt::format("unknown command '{}' ({}; try --help)", extras[0], kCommandList));
        unknown(extras[0], command ? command->name : "");
    }
    if (dashdash != args.end()) {
        if (!command || command->name != "file")
            unknown("--", command ? command->name : "");
        o.file.paths.insert(o.file.paths.end(), after_dashdash.begin(), after_dashdash.end());
    }
    for (const auto &apply : pending)
        apply(o);
    if (!command) {
        o.command = Command::missing;
        return o;
    }
    if (command->name == "list") {
        o.command = Command::list;
    } else if (command->name == "verify") {
        o.command = Command::verify;
        finish_verify(o.verify);
    } else if (command->name == "run") {
        o.command = Command::run;
        finish_run(o.run);
    } else {
        o.command = Command::file;
        finish_file(o.file, o.common);
    }
    return o;
}

} // namespace crcbench
