// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"
#include "error.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <fmt/ranges.h>
#include <initializer_list>
#include <map>
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

// The help is printed from the parser's own options: every option it knows
// is in its command's --help (but the testing hooks) and parses, long and
// short, with a value of its kind; every --option a help text mentions is
// one the parser knows.
TEST(Cli, EveryDocumentedOptionParses) {
    // A value each option accepts; an option without one here fails.
    const std::map<std::string, std::vector<std::string>> value = {
        {"--emulated", {"yes"}},
        {"--alg", {"crct10dif"}},
        {"--proc-crypto", {"/tmp/crypto"}},
        {"--format", {"json"}},
        {"--driver", {"crc32c-generic,crc32c"}},
        {"--seed", {"0x10"}},
        {"--random", {"5"}},
        {"--max-length", {"64K"}},
        {"--case", {"16:0:default:digest"}},
        {"--json", {"/tmp/r.json"}},
        {"--csv", {"/tmp/r.csv"}},
        {"--runs-csv", {"/tmp/runs.csv"}},
        {"--sizes", {"64,4K..16K"}},
        {"--threads", {"1..4"}},
        {"--cpus", {"0"}},
        {"--working-set", {"1M"}},
        {"--duration", {"10ms"}},
        {"--iterations", {"100"}},
        {"--warmup", {"0"}},
        {"--warmup-runs", {"2"}},
        {"--trials", {"3"}},
        {"--min-runs", {"4"}},
        {"--max-runs", {"20"}},
        {"--mode", {"stream"}},
        {"--chunk", {"1K", "--mode", "stream"}},
        {"--splice", {"on"}},
        {"--backend", {"afalg,tcrypt"}},
        {"--tcrypt-sec", {"2"}},
        {"--kmsg", {"/tmp/kmsg"}},
        {"--modprobe", {"/tmp/fake-modprobe"}},
        {"--page-size", {"16K"}},
        {"--repeat", {"3"}},
        {"--check", {"sums.txt"}},
        {"--testing-read-window", {"4K"}}};
    Options unused;
    CommandLine cli(unused);
    std::size_t n = 0;
    for (std::string_view command : kCommandNames) {
        const CLI::App *sub = cli.app->get_subcommand(std::string(command));
        std::string help = help_text(command);
        for (const CLI::Option *opt : sub->get_options()) {
            if (opt->get_positional() || opt->get_lnames().empty() ||
                opt->get_lnames()[0] == "help")
                continue;
            std::string lname = "--" + opt->get_lnames()[0];
            if (!opt->get_group().empty()) {
                EXPECT_NE(help.find(lname + " "), std::string::npos)
                    << command << " help lacks " << lname;
            }
            std::vector<std::string> names{lname};
            for (const std::string &s : opt->get_snames())
                names.push_back("-" + s);
            for (const std::string &name : names) {
                std::vector<std::string> args{std::string(command), name};
                if (opt->get_expected_max() != 0) {
                    auto it = value.find(lname);
                    ASSERT_NE(it, value.end()) << lname << " has no value in this test";
                    args.insert(args.end(), it->second.begin(), it->second.end());
                }
                // Documented: "with --check" and "with -f sum" flags; file
                // takes a PATH unless --check; --per-page lists pages.
                std::string desc = opt->get_description();
                if (desc.starts_with("with --check"))
                    args.insert(args.end(), {"--check", "sums.txt"});
                if (desc.starts_with("with -f sum"))
                    args.insert(args.end(), {"-f", "sum"});
                if (command == "file" && lname != "--check" && !desc.starts_with("with --check"))
                    args.push_back("t.ibd");
                if (lname == "--per-page")
                    args.push_back("--innodb");
                std::vector<std::string_view> v(args.begin(), args.end());
                EXPECT_NO_THROW(parse_args(v)) << fmt::format("{}", fmt::join(args, " "));
                ++n;
            }
        }
        // Every --word in the text (usage, descriptions, option lines).
        for (std::size_t pos = 0; (pos = help.find("--", pos)) != std::string::npos;) {
            std::size_t end = help.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", pos + 2);
            std::string name = help.substr(pos, end - pos);
            pos = end;
            EXPECT_TRUE(sub->get_option_no_throw(name) || cli.app->get_option_no_throw(name))
                << command << " help mentions " << name << ", which does not parse";
        }
    }
    for (const CLI::Option *opt : cli.app->get_options()) {
        if (opt->get_positional() || opt->get_expected_max() == 0)
            continue;
        std::string lname = "--" + opt->get_lnames()[0];
        std::vector<std::string_view> v{lname, value.at(lname)[0], "list"};
        EXPECT_NO_THROW(parse_args(v)) << lname << " before the command";
    }
    EXPECT_GT(n, 35u);
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
