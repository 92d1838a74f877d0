// SPDX-License-Identifier: GPL-2.0-only
//
// Issue 3.4 item 9, the smaller things: a negative duration said "unknown
// unit", limit messages had two forms, "FAIL 32 of 130" did not say that only
// 5 reproducers follow, there was no ETA, the testing hooks were in the
// users' help, and `file --help` wrapped badly.
#include "cli.h"
#include "error.h"
#include "interrupt.h"
#include "text.h"
#include "verifier.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <initializer_list>
#include <sstream>
#include <vector>

using namespace crcbench;
using namespace std::chrono_literals;

namespace {
std::string message(std::initializer_list<std::string_view> args) {
    std::vector<std::string_view> v(args);
    try {
        parse_args(v);
    } catch (const UsageError &e) {
        return e.what();
    }
    return "(no error)";
}
bool has(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}
} // namespace

TEST(SmallerThings, NegativeDurationSaysNegative) {
    EXPECT_EQ(message({"run", "--duration", "-1s"}),
              "--duration: duration '-1s' must not be negative (try --help)");
    EXPECT_EQ(message({"run", "--warmup=-5ms"}),
              "--warmup: duration '-5ms' must not be negative (try --help)");
    EXPECT_TRUE(has(message({"run", "--duration", "1h"}), "unknown unit (use us, ms, s or m)"));
}

TEST(SmallerThings, LimitMessagesHaveOneForm) {
    for (const std::string &m :
         {message({"run", "-s", "2000G"}), message({"run", "-s", "512M"}),
          message({"verify", "--random", "2000000"}), message({"verify", "--max-length", "1G"}),
          message({"run", "--working-set", "0"}), message({"file", "--page-size", "2G", "x"}),
          message({"run", "--trials", "0"})}) {
        EXPECT_TRUE(has(m, "must be between")) << m;
        EXPECT_FALSE(has(m, "out of range")) << m;
        EXPECT_FALSE(has(m, "[")) << m;
    }
    EXPECT_EQ(message({"run", "-s", "2000G"}), "size '2000G' must be between 0 and 1024G");
}

TEST(SmallerThings, FailLineSaysWhichReproducersFollow) {
    EXPECT_EQ(reproducers_note(5, 32), "; the reproducers of the first 5 follow (each --case "
                                       "repeats one)");
    EXPECT_EQ(reproducers_note(1, 1), "; its reproducer follows");
    EXPECT_EQ(reproducers_note(3, 3), "; their reproducers follow");
    EXPECT_EQ(reproducers_note(0, 0), "");
}

TEST(SmallerThings, ProgressHasAnEta) {
    EXPECT_EQ(progress_line(1, 4, "crc32c-vmx 4K trial 1/5", 10s),
              "[ 25%] crc32c-vmx 4K trial 1/5, about 30s left");
    EXPECT_EQ(progress_line(1, 3, "x", 45s), "[ 33%] x, about 1m30s left");
    EXPECT_EQ(progress_line(1, 10, "x", 1000s), "[ 10%] x, about 2h30m left");
    EXPECT_EQ(progress_line(0, 4, "x", 1s), "[  0%] x"); // no rate yet
    EXPECT_EQ(progress_line(4, 4, "x", 1s), "[100%] x");
}

TEST(SmallerThings, TestingHooksParseButStayOutOfTheHelp) {
    std::string help = help_text("all");
    EXPECT_FALSE(has(help, "--kmsg"));
    EXPECT_FALSE(has(help, "--modprobe"));
    EXPECT_TRUE(has(help, "--tcrypt-sec"));
    std::vector<std::string_view> v{"run", "--kmsg", "/tmp/k", "--modprobe", "/bin/true"};
    Options o = parse_args(v);
    EXPECT_EQ(o.run.backend.kmsg_path, "/tmp/k");
    EXPECT_EQ(o.run.backend.modprobe, "/bin/true");
    Options unused;
    CommandLine cli(unused);
    std::size_t hidden = 0;
    for (const CLI::Option *opt : cli.app->get_subcommand("run")->get_options())
        hidden += opt->get_group().empty() && !opt->get_lnames().empty() &&
                  opt->get_lnames()[0] != "help";
    EXPECT_EQ(hidden, 2u);
}

TEST(SmallerThings, HelpFitsEightyColumns) {
    for (const char *topic : {"", "list", "verify", "run", "file", "all"}) {
        std::istringstream in(help_text(topic));
        std::size_t n = 0;
        for (std::string line; std::getline(in, line); ++n)
            EXPECT_LE(line.size(), 79u) << topic << ": " << line;
        EXPECT_GT(n, 10u);
    }
    // An option's text continues under itself, not at the margin.
    std::string file = help_text("file");
    EXPECT_TRUE(has(file,
                    "  --page-size SIZE      one CRC per page of SIZE bytes (e.g. 16K), not per\n"
                    "                        file;"))
        << file;
}
