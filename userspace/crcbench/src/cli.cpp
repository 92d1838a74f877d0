// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"

#include "error.h"
#include "option_table.h"
#include "units.h"

#include <limits>
#include <string>

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

// Walks argv: "--name value", "--name=value", "-q".
class Cursor {
  public:
    explicit Cursor(std::span<const std::string_view> args) : args_(args) {}

    bool done() const { return pos_ >= args_.size(); }
    std::string_view peek() const { return args_[pos_]; }

    // Takes the next argument; splits "--name=value".
    std::string_view take_option() {
        std::string_view arg = args_[pos_++];
        inline_value_.reset();
        if (arg.starts_with("--")) {
            std::size_t eq = arg.find('=');
            if (eq != std::string_view::npos) {
                inline_value_ = arg.substr(eq + 1);
                return arg.substr(0, eq);
            }
        }
        return arg;
    }

    std::string_view value(std::string_view option) {
        if (inline_value_) {
            std::string_view v = *inline_value_;
            inline_value_.reset();
            return v;
        }
        if (done())
            throw UsageError("option " + std::string(option) + " needs a value");
        return args_[pos_++];
    }

    void no_value(std::string_view option) const {
        if (inline_value_)
            throw UsageError("option " + std::string(option) + " takes no value");
    }

  private:
    std::span<const std::string_view> args_;
    std::size_t pos_ = 0;
    std::optional<std::string_view> inline_value_;
};

// Looks `name` up in the command's table, then in the common one, and
// applies it. Returns false if neither has it.
bool table_option(std::string_view name, Cursor &cur, Options &o, std::string_view command) {
    for (const auto *table :
         {command.empty() ? nullptr : &command_option_table(command), &common_option_table()}) {
        if (!table)
            continue;
        for (const OptionSpec &spec : *table) {
            if (name != spec.long_name && (spec.short_name.empty() || name != spec.short_name))
                continue;
            if (spec.metavar.empty()) {
                cur.no_value(name);
                spec.apply(o, {});
            } else {
                spec.apply(o, cur.value(name));
            }
            return true;
        }
    }
    return false;
}

[[noreturn]] void unknown(std::string_view name, std::string_view command) {
    std::string where = command.empty() ? std::string() : " for '" + std::string(command) + "'";
    if (name.starts_with("-"))
        throw UsageError("unknown option " + std::string(name) + where + " (try --help)");
    throw UsageError("unexpected argument '" + std::string(name) + "'" + where + " (try --help)");
}

bool help_option(std::string_view name, Cursor &cur, Options &o, std::string_view topic) {
    if (name != "--help" && name != "-h")
        return false;
    cur.no_value(name);
    o.command = Command::help;
    o.help_topic = topic;
    return true;
}

void parse_command(Cursor &cur, Options &o, std::string_view command) {
    bool only_paths = false; // after "--"
    while (!cur.done()) {
        std::string_view name = cur.take_option();
        // file's operands: the paths ("-" starts an option unless after "--").
        if (command == "file" && (only_paths || !name.starts_with("-"))) {
            o.file.paths.emplace_back(name);
            continue;
        }
        if (command == "file" && name == "--") {
            only_paths = true;
            continue;
        }
        if (help_option(name, cur, o, command))
            return;
        if (!table_option(name, cur, o, command))
            unknown(name, command);
    }
}

// Checks between options, and defaults that depend on them.
void finish_verify(VerifyOptions &v) {
    if (v.max_length > (256u << 20))
        throw UsageError("--max-length: at most 256M");
}

void finish_run(RunOptions &r) {
    if (r.sizes.empty())
        r.sizes = parse_size_list("64..1M");
    for (std::size_t s : r.sizes)
        if (s == 0 || s > (256u << 20))
            throw UsageError("--sizes: each size must be between 1 and 256M, got " +
                             std::to_string(s));
    if (r.duration_given && r.iterations)
        throw UsageError("--duration and --iterations exclude each other");
    if (!r.iterations && r.duration.count() == 0)
        throw UsageError("--duration must be greater than 0");
    if (r.chunk && r.mode != OpMode::stream)
        throw UsageError("--chunk needs --mode stream");
    if (r.chunk && *r.chunk == 0)
        throw UsageError("--chunk must be greater than 0");
}

void finish_file(FileOptions &f, const CommonOptions &common) {
    if (f.innodb && common.alg != CrcAlg::crc32c)
        throw UsageError("--innodb: InnoDB full_crc32 page checksums are crc32c; --alg " +
                         std::string(alg_info(common.alg).name) +
                         " cannot check them (use --page-size for per-page CRCs of another "
                         "algorithm)");
    if (f.paths.empty())
        throw UsageError("file: no PATH given (usage: crcbench-alg file [OPTIONS] PATH...)");
    if (f.per_page && !f.page_size && !f.innodb)
        throw UsageError("--per-page needs --page-size or --innodb (pages to list)");
}

} // namespace

Options parse_args(std::span<const std::string_view> args) {
    Options o;
    Cursor cur(args);
    // Options before the command.
    while (!cur.done() && cur.peek().starts_with("-")) {
        std::string_view name = cur.take_option();
        if (help_option(name, cur, o, ""))
            return o;
        if (name == "--version" || name == "-V") {
            cur.no_value(name);
            o.command = Command::version;
            return o;
        }
        if (!table_option(name, cur, o, ""))
            unknown(name, "");
    }
    if (cur.done()) {
        o.command = Command::missing;
        return o;
    }
    std::string_view command = cur.take_option();
    if (command == "help") {
        o.command = Command::help;
        if (!cur.done())
            o.help_topic = cur.take_option();
        if (!cur.done())
            unknown(cur.take_option(), "help");
        if (!o.help_topic.empty() && o.help_topic != "list" && o.help_topic != "verify" &&
            o.help_topic != "run" && o.help_topic != "file" && o.help_topic != "all")
            throw UsageError("no help for '" + o.help_topic +
                             "' (commands: list, verify, run, file; or all)");
        return o;
    }
    if (command == "list") {
        o.command = Command::list;
        parse_command(cur, o, command);
    } else if (command == "verify") {
        o.command = Command::verify;
        parse_command(cur, o, command);
        if (o.command == Command::verify)
            finish_verify(o.verify);
    } else if (command == "run") {
        o.command = Command::run;
        parse_command(cur, o, command);
        if (o.command == Command::run)
            finish_run(o.run);
    } else if (command == "file") {
        o.command = Command::file;
        parse_command(cur, o, command);
        if (o.command == Command::file)
            finish_file(o.file, o.common);
    } else {
        throw UsageError("unknown command '" + std::string(command) +
                         "' (commands: list, verify, run, file; try --help)");
    }
    return o;
}

} // namespace crcbench
