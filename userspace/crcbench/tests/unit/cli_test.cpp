// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"
#include "error.h"
#include "help.h"
#include "option_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <vector>

using namespace crcbench;
using namespace std::chrono_literals;

namespace {
Options parse(std::initializer_list<std::string_view> args) {
    std::vector<std::string_view> v(args);
    return parse_args(v);
}
} // namespace

TEST(Cli, NoArgumentsIsAMissingCommand) {
    EXPECT_EQ(parse({}).command, Command::missing);
    EXPECT_EQ(parse({"-q"}).command, Command::missing);
}

TEST(Cli, HelpForms) {
    EXPECT_EQ(parse({"--help"}).command, Command::help);
    auto o = parse({"run", "--help"});
    EXPECT_EQ(o.command, Command::help);
    EXPECT_EQ(o.help_topic, "run");
    o = parse({"help", "verify"});
    EXPECT_EQ(o.command, Command::help);
    EXPECT_EQ(o.help_topic, "verify");
    EXPECT_THROW(parse({"help", "bogus"}), UsageError);
    EXPECT_EQ(parse({"--version"}).command, Command::version);
}

TEST(Cli, HelpTextsDocumentExitCodes) {
    for (const char *topic : {"", "list", "verify", "run"}) {
        std::string text = help_text(topic);
        EXPECT_NE(text.find("Exit codes:"), std::string::npos) << topic;
        EXPECT_NE(text.find("4  crypto_user not loaded"), std::string::npos) << topic;
        EXPECT_NE(text.find("Usage: crcbench-alg"), std::string::npos) << topic;
    }
}

TEST(Cli, ListFormat) {
    EXPECT_EQ(parse({"list"}).list.format, Format::table);
    EXPECT_EQ(parse({"list", "--format", "json"}).list.format, Format::json);
    EXPECT_EQ(parse({"list", "--format=csv"}).list.format, Format::csv);
    EXPECT_EQ(parse({"list", "-f", "json"}).list.format, Format::json); // documented in --help
    EXPECT_THROW(parse({"list", "--format", "xml"}), UsageError);
    EXPECT_THROW(parse({"list", "--format"}), UsageError);
}

TEST(Cli, CommonOptionsBeforeAndAfterTheCommand) {
    auto o = parse({"-q", "list", "--debug", "--emulated", "yes"});
    EXPECT_TRUE(o.common.quiet);
    EXPECT_TRUE(o.common.debug);
    EXPECT_EQ(o.common.emulated, "yes");
    EXPECT_THROW(parse({"--emulated", "maybe", "list"}), UsageError);
    EXPECT_EQ(parse({"list", "--proc-crypto", "/tmp/x"}).common.proc_crypto, "/tmp/x");
    EXPECT_THROW(parse({"--quiet=1", "list"}), UsageError);
}

TEST(Cli, UnknownThingsAreUsageErrors) {
    EXPECT_THROW(parse({"frobnicate"}), UsageError);
    EXPECT_THROW(parse({"--frobnicate"}), UsageError);
    EXPECT_THROW(parse({"list", "--frobnicate"}), UsageError);
    EXPECT_THROW(parse({"list", "extra"}), UsageError);
    try {
        parse({"bench"});
        FAIL();
    } catch (const UsageError &e) {
        EXPECT_EQ(e.code(), ExitCode::usage);
        EXPECT_NE(std::string(e.what()).find("unknown command 'bench'"), std::string::npos);
    }
}

TEST(Cli, VerifyOptions) {
    auto o = parse({"verify", "--driver", "crc32c-vmx,crc32c-generic", "-d", "crc32c", "--seed",
                    "7", "--random", "5", "--max-length", "64K", "--case", "16:0:default:digest"});
    EXPECT_EQ(o.command, Command::verify);
    EXPECT_EQ(o.verify.drivers,
              (std::vector<std::string>{"crc32c-vmx", "crc32c-generic", "crc32c"}));
    EXPECT_EQ(o.verify.seed, 7u);
    EXPECT_EQ(o.verify.random_cases, 5u);
    EXPECT_EQ(o.verify.max_length, 65536u);
    EXPECT_EQ(o.verify.cases.size(), 1u);
    EXPECT_THROW(parse({"verify", "--driver", ""}), UsageError);
    EXPECT_THROW(parse({"verify", "--driver", "a,,b"}), UsageError);
    EXPECT_THROW(parse({"verify", "--max-length", "1G"}), UsageError);
    EXPECT_THROW(parse({"verify", "--random", "-1"}), UsageError);
}

TEST(Cli, RunDefaults) {
    auto o = parse({"run"});
    EXPECT_EQ(o.command, Command::run);
    EXPECT_EQ(o.run.sizes.size(), 15u);
    EXPECT_EQ(o.run.sizes.front(), 64u);
    EXPECT_EQ(o.run.sizes.back(), 1048576u);
    EXPECT_EQ(o.run.threads, (std::vector<unsigned>{1}));
    EXPECT_EQ(o.run.duration, 250ms);
    EXPECT_EQ(o.run.warmup, 100ms);
    EXPECT_EQ(o.run.trials, 5u);
    EXPECT_EQ(o.run.mode, OpMode::digest);
    EXPECT_FALSE(o.run.iterations);
    EXPECT_EQ(o.run.format, Format::table);
    EXPECT_FALSE(o.run.splice);
    EXPECT_TRUE(parse({"run", "--splice", "on"}).run.splice);
    EXPECT_THROW(parse({"run", "--splice", "maybe"}), UsageError);
}

TEST(Cli, RunOptions) {
    auto o =
        parse({"run",         "--sizes",          "64,4K",  "--threads", "16",   "--iterations",
               "100",         "--warmup",         "0",      "--trials",  "3",    "--mode",
               "stream",      "--chunk",          "1K",     "--format",  "json", "--json",
               "/tmp/a.json", "--csv=/tmp/a.csv", "--seed", "0x10"});
    EXPECT_EQ(o.run.sizes, (std::vector<std::size_t>{64, 4096}));
    EXPECT_EQ(o.run.threads, (std::vector<unsigned>{16}));
    EXPECT_EQ(parse({"run", "-t", "1..8"}).run.threads, (std::vector<unsigned>{1, 2, 4, 8}));
    EXPECT_EQ(parse({"run", "-t", "8,1,2,2"}).run.threads, (std::vector<unsigned>{1, 2, 8}));
    EXPECT_THROW(parse({"run", "-t", "4..1"}), UsageError);
    EXPECT_THROW(parse({"run", "-t", "1,,2"}), UsageError);
    EXPECT_EQ(o.run.iterations, 100u);
    EXPECT_EQ(o.run.warmup, 0ms);
    EXPECT_EQ(o.run.trials, 3u);
    EXPECT_EQ(o.run.mode, OpMode::stream);
    EXPECT_EQ(o.run.chunk, 1024u);
    EXPECT_EQ(o.run.format, Format::json);
    EXPECT_EQ(o.run.json_file, "/tmp/a.json");
    EXPECT_EQ(o.run.csv_file, "/tmp/a.csv");
    EXPECT_EQ(o.run.seed, 16u);
}

// Issue 4.4 item 1: warm-up by count and hyperfine's run bounds.
TEST(Cli, WarmupRunsAndRunBounds) {
    auto o = parse({"run", "--warmup-runs", "2", "--min-runs", "4", "--max-runs", "20"});
    EXPECT_EQ(o.run.warmup_runs, 2u);
    EXPECT_EQ(o.run.min_runs, 4u);
    EXPECT_EQ(o.run.max_runs, 20u);
    EXPECT_FALSE(parse({"run"}).run.warmup_runs);
    EXPECT_FALSE(parse({"run"}).run.min_runs);
    EXPECT_EQ(parse({"run", "--warmup-runs", "0"}).run.warmup_runs, 0u);
    EXPECT_EQ(parse({"run", "--warmup", "1s"}).run.warmup, 1s); // by time, as before
    EXPECT_EQ(parse({"run", "--min-runs", "3", "--max-runs", "3"}).run.max_runs, 3u);
    EXPECT_THROW(parse({"run", "--warmup", "0", "--warmup-runs", "2"}), UsageError);
    EXPECT_THROW(parse({"run", "--trials", "5", "--min-runs", "2"}), UsageError);
    EXPECT_THROW(parse({"run", "--trials", "5", "--max-runs", "9"}), UsageError);
    EXPECT_THROW(parse({"run", "--min-runs", "5", "--max-runs", "4"}), UsageError);
    EXPECT_THROW(parse({"run", "--min-runs", "0"}), UsageError);
    EXPECT_THROW(parse({"run", "--max-runs", "1001"}), UsageError);
    EXPECT_THROW(parse({"run", "--warmup-runs", "-1"}), UsageError);
}

TEST(Cli, RunRejectsContradictionsAndRanges) {
    EXPECT_THROW(parse({"run", "--duration", "1s", "--iterations", "5"}), UsageError);
    EXPECT_THROW(parse({"run", "--duration", "0"}), UsageError);
    EXPECT_THROW(parse({"run", "--threads", "0"}), UsageError);
    EXPECT_THROW(parse({"run", "--threads", "100000"}), UsageError);
    EXPECT_THROW(parse({"run", "--trials", "0"}), UsageError);
    EXPECT_THROW(parse({"run", "--sizes", "0"}), UsageError);
    EXPECT_THROW(parse({"run", "--sizes", "512M"}), UsageError);
    EXPECT_THROW(parse({"run", "--chunk", "1K"}), UsageError); // needs --mode stream
    EXPECT_THROW(parse({"run", "--mode", "stream", "--chunk", "0"}), UsageError);
    EXPECT_THROW(parse({"run", "--mode", "fast"}), UsageError);
    EXPECT_THROW(parse({"run", "--iterations", "0"}), UsageError);
}

// The option table is the parser's and the help's: every option it holds
// parses (long and short form, with its example value) and is in the help,
// and every --option a help text mentions is one the parser accepts.
TEST(Cli, EveryDocumentedOptionParses) {
    auto args_for = [](std::string_view command, std::string_view name, const OptionSpec &spec) {
        std::vector<std::string_view> v{command, name};
        if (!spec.metavar.empty())
            v.push_back(spec.example);
        if (spec.long_name == "--chunk") { // documented: needs --mode stream
            v.push_back("--mode");
            v.push_back("stream");
        }
        // Documented as "with --check: ..." or "with -f sum: ...".
        bool with_check = spec.help.starts_with("with --check");
        if (with_check) {
            v.push_back("--check");
            v.push_back("sums.txt");
        }
        if (spec.help.starts_with("with -f sum")) {
            v.push_back("-f");
            v.push_back("sum");
        }
        if (command == "file" && spec.long_name != "--check" && !with_check) { // documented:
            v.push_back("t.ibd"); // file needs a PATH (--check: none); --per-page, pages
            if (spec.long_name == "--per-page")
                v.push_back("--innodb");
        }
        return v;
    };
    std::size_t n = 0;
    for (std::string_view command : kCommandNames) {
        std::string help = help_text(command);
        std::vector<const OptionSpec *> all;
        for (const OptionSpec &s : command_option_table(command))
            all.push_back(&s);
        for (const OptionSpec &s : common_option_table())
            all.push_back(&s);
        for (const OptionSpec *s : all) {
            for (std::string_view name : {s->long_name, s->short_name}) {
                if (name.empty())
                    continue;
                auto v = args_for(command, name, *s);
                EXPECT_NO_THROW(parse_args(v)) << command << " " << name << " " << s->example;
                ++n;
            }
        }
        for (const OptionSpec &s : command_option_table(command))
            if (!is_hidden(s)) { // the testing hooks parse but are not in --help
                EXPECT_NE(help.find(std::string(s.long_name) + " "), std::string::npos)
                    << command << " help lacks " << s.long_name;
            }
        // Every --word in the text (usage, descriptions, option lines).
        for (std::size_t pos = 0; (pos = help.find("--", pos)) != std::string::npos;) {
            std::size_t end = help.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", pos + 2);
            std::string name = help.substr(pos, end - pos);
            pos = end;
            if (name == "--help" || name == "--version")
                continue;
            bool known = std::any_of(all.begin(), all.end(),
                                     [&](const OptionSpec *s) { return s->long_name == name; });
            EXPECT_TRUE(known) << command << " help mentions " << name << ", which does not parse";
        }
    }
    for (const OptionSpec &s : common_option_table()) {
        std::vector<std::string_view> v{s.long_name};
        if (!s.metavar.empty())
            v.push_back(s.example);
        v.push_back("list");
        EXPECT_NO_THROW(parse_args(v)) << s.long_name << " before the command";
    }
    EXPECT_GT(n, 35u);
    EXPECT_THROW(command_option_table("bogus"), std::out_of_range);
}

TEST(Cli, FileTakesPathsAndPageOptions) {
    Options o = parse({"file", "-d", "crc32c-generic", "a.ibd", "--innodb", "b.ibd", "--per-page",
                       "--page-size", "16K", "--", "-odd-name"});
    EXPECT_EQ(o.command, Command::file);
    EXPECT_EQ(o.file.paths, (std::vector<std::string>{"a.ibd", "b.ibd", "-odd-name"}));
    EXPECT_TRUE(o.file.innodb);
    EXPECT_TRUE(o.file.per_page);
    EXPECT_EQ(o.file.page_size, std::optional<std::size_t>(16384));
    EXPECT_EQ(o.file.format, Format::table);
    EXPECT_THROW(parse({"file"}), UsageError);                    // no PATH
    EXPECT_THROW(parse({"file", "--per-page", "x"}), UsageError); // no pages to list
    EXPECT_THROW(parse({"file", "--page-size", "0", "x"}), UsageError);
    EXPECT_THROW(parse({"file", "--frobnicate", "x"}), UsageError);
    EXPECT_EQ(parse({"help", "file"}).help_topic, "file");
    EXPECT_NE(help_text("file").find("Usage: crcbench-alg file [OPTIONS] PATH..."),
              std::string::npos);
}
