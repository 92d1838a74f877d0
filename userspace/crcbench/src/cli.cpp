// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"

#include "error.h"
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

Format parse_format(std::string_view v) {
    if (v == "table")
        return Format::table;
    if (v == "json")
        return Format::json;
    if (v == "csv")
        return Format::csv;
    throw UsageError("--format: '" + std::string(v) + "' must be table, json or csv");
}

void add_drivers(std::vector<std::string> &out, std::string_view list) {
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t end = list.find(',', start);
        if (end == std::string_view::npos)
            end = list.size();
        std::string_view name = list.substr(start, end - start);
        if (name.empty())
            throw UsageError("--driver: empty driver name");
        out.emplace_back(name);
        start = end + 1;
    }
}

// Options every command accepts. Returns false if `name` is not one of them.
bool common_option(std::string_view name, Cursor &cur, Options &o) {
    if (name == "--quiet" || name == "-q") {
        cur.no_value(name);
        o.common.quiet = true;
    } else if (name == "--debug") {
        cur.no_value(name);
        o.common.debug = true;
    } else if (name == "--emulated") {
        std::string v(cur.value(name));
        if (v != "auto" && v != "yes" && v != "no")
            throw UsageError("--emulated: '" + v + "' must be auto, yes or no");
        o.common.emulated = v;
    } else if (name == "--proc-crypto") {
        o.common.proc_crypto = std::string(cur.value(name));
    } else {
        return false;
    }
    return true;
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

void parse_list(Cursor &cur, Options &o) {
    while (!cur.done()) {
        std::string_view name = cur.take_option();
        if (help_option(name, cur, o, "list"))
            return;
        if (common_option(name, cur, o))
            continue;
        if (name == "--format" || name == "-f")
            o.list.format = parse_format(cur.value(name));
        else
            unknown(name, "list");
    }
}

void parse_verify(Cursor &cur, Options &o) {
    VerifyOptions &v = o.verify;
    while (!cur.done()) {
        std::string_view name = cur.take_option();
        if (help_option(name, cur, o, "verify"))
            return;
        if (common_option(name, cur, o))
            continue;
        if (name == "--driver" || name == "-d")
            add_drivers(v.drivers, cur.value(name));
        else if (name == "--seed")
            v.seed =
                parse_uint(cur.value(name), 0, std::numeric_limits<std::uint64_t>::max(), "--seed");
        else if (name == "--random")
            v.random_cases = parse_uint(cur.value(name), 0, 1000000, "--random");
        else if (name == "--max-length")
            v.max_length = parse_size(cur.value(name));
        else if (name == "--case")
            v.cases.emplace_back(cur.value(name));
        else
            unknown(name, "verify");
    }
    if (v.max_length > (256u << 20))
        throw UsageError("--max-length: at most 256M");
}

void parse_run(Cursor &cur, Options &o) {
    RunOptions &r = o.run;
    bool have_duration = false;
    while (!cur.done()) {
        std::string_view name = cur.take_option();
        if (help_option(name, cur, o, "run"))
            return;
        if (common_option(name, cur, o))
            continue;
        if (name == "--driver" || name == "-d")
            add_drivers(r.drivers, cur.value(name));
        else if (name == "--sizes" || name == "-s")
            r.sizes = parse_size_list(cur.value(name));
        else if (name == "--threads" || name == "-t")
            r.threads = static_cast<unsigned>(parse_uint(cur.value(name), 1, 1024, "--threads"));
        else if (name == "--duration") {
            r.duration = parse_duration(cur.value(name));
            have_duration = true;
        } else if (name == "--iterations" || name == "-n")
            r.iterations = parse_uint(cur.value(name), 1, 1000000000000ull, "--iterations");
        else if (name == "--warmup")
            r.warmup = parse_duration(cur.value(name));
        else if (name == "--trials")
            r.trials = static_cast<unsigned>(parse_uint(cur.value(name), 1, 1000, "--trials"));
        else if (name == "--mode") {
            std::string_view m = cur.value(name);
            if (m == "digest")
                r.mode = OpMode::digest;
            else if (m == "stream")
                r.mode = OpMode::stream;
            else
                throw UsageError("--mode: '" + std::string(m) + "' must be digest or stream");
        } else if (name == "--splice") {
            std::string_view v = cur.value(name);
            if (v != "on" && v != "off")
                throw UsageError("--splice: '" + std::string(v) + "' must be on or off");
            r.splice = (v == "on");
        } else if (name == "--chunk")
            r.chunk = parse_size(cur.value(name));
        else if (name == "--format" || name == "-f")
            r.format = parse_format(cur.value(name));
        else if (name == "--json")
            r.json_file = std::string(cur.value(name));
        else if (name == "--csv")
            r.csv_file = std::string(cur.value(name));
        else if (name == "--seed")
            r.seed =
                parse_uint(cur.value(name), 0, std::numeric_limits<std::uint64_t>::max(), "--seed");
        else
            unknown(name, "run");
    }
    if (r.sizes.empty())
        r.sizes = parse_size_list("64..1M");
    for (std::size_t s : r.sizes)
        if (s == 0 || s > (256u << 20))
            throw UsageError("--sizes: each size must be between 1 and 256M, got " +
                             std::to_string(s));
    if (have_duration && r.iterations)
        throw UsageError("--duration and --iterations exclude each other");
    if (!r.iterations && r.duration.count() == 0)
        throw UsageError("--duration must be greater than 0");
    if (r.chunk && r.mode != OpMode::stream)
        throw UsageError("--chunk needs --mode stream");
    if (r.chunk && *r.chunk == 0)
        throw UsageError("--chunk must be greater than 0");
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
        if (!common_option(name, cur, o))
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
            o.help_topic != "run" && o.help_topic != "all")
            throw UsageError("no help for '" + o.help_topic +
                             "' (commands: list, verify, run; or all)");
        return o;
    }
    if (command == "list") {
        o.command = Command::list;
        parse_list(cur, o);
    } else if (command == "verify") {
        o.command = Command::verify;
        parse_verify(cur, o);
    } else if (command == "run") {
        o.command = Command::run;
        parse_run(cur, o);
    } else {
        throw UsageError("unknown command '" + std::string(command) +
                         "' (commands: list, verify, run; try --help)");
    }
    return o;
}

} // namespace crcbench
