// SPDX-License-Identifier: GPL-2.0-only
//
// Issue 3.4 item 8: the command line through CLI11, the reports through
// nlohmann-json, the checker's reading through RapidJSON. What the libraries
// bring that the hand-written parts lacked, and what must not change.
#include "cli.h"
#include "error.h"
#include "json_value.h"
#include "output.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

using namespace crcbench;

namespace {
Options parse(std::initializer_list<std::string_view> args) {
    std::vector<std::string_view> v(args);
    return parse_args(v);
}
} // namespace

TEST(Libraries, CliAcceptsConventionalSpellings) {
    // A short option's value attached, as getopt allows.
    EXPECT_EQ(parse({"run", "-s64"}).run.sizes, (std::vector<std::size_t>{64}));
    EXPECT_EQ(parse({"run", "-dcrc32c-generic"}).run.drivers,
              (std::vector<std::string>{"crc32c-generic"}));
    // Bundled flags, the last one taking the next argument.
    Options o = parse({"run", "-qd", "crc32c-generic"});
    EXPECT_TRUE(o.common.quiet);
    EXPECT_EQ(o.run.drivers, (std::vector<std::string>{"crc32c-generic"}));
    EXPECT_EQ(parse({"run", "--sizes=4K"}).run.sizes, (std::vector<std::size_t>{4096}));
    // A list option repeated adds up, as -d always did (-s used to override).
    EXPECT_EQ(parse({"run", "-s", "4K", "-s", "64", "-s64"}).run.sizes,
              (std::vector<std::size_t>{64, 4096}));
    EXPECT_EQ(parse({"run", "-d", "a", "-d", "b,c"}).run.drivers,
              (std::vector<std::string>{"a", "b", "c"}));
    // --help wins over a bad value anywhere on the line.
    EXPECT_EQ(parse({"run", "--mode", "fast", "--help"}).command, Command::help);
    // A negative number is a value (then refused by the option's own check).
    EXPECT_THROW(parse({"verify", "--random", "-1"}), UsageError);
}

TEST(Libraries, CliErrorsStayInTheToolsWords) {
    auto message = [](std::initializer_list<std::string_view> args) {
        try {
            parse(args);
        } catch (const UsageError &e) {
            EXPECT_EQ(e.code(), ExitCode::usage);
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    // CLI11's own words, one line, naming the option, pointing at --help
    // (its failure_message); the tool's checks keep theirs.
    for (const std::string &m :
         {message({"run", "--sizes"}), message({"--quiet=1", "list"}), message({"run", "--bogus"}),
          message({"list", "--format", "xml"}), message({"run", "--mode", "0"})}) {
        EXPECT_EQ(m.find('\n'), std::string::npos) << m;
        EXPECT_TRUE(m.ends_with(" (try --help)")) << m;
    }
    EXPECT_EQ(message({"run", "--sizes"}), "--sizes: 1 required LIST missing (try --help)");
    EXPECT_EQ(message({"run", "--bogus"}),
              "The following argument was not expected: --bogus (try --help)");
    EXPECT_EQ(message({"list", "--format", "xml"}),
              "--format: 'xml' is not in {csv,json,table} (try --help)");
    EXPECT_EQ(message({"run", "--duration", "1s", "--iterations", "5"}),
              "--duration excludes --iterations: they exclude each other; give one or the other "
              "(try --help)");
    EXPECT_EQ(message({"list", "extra"}),
              "'extra' for 'list' is no option and no operand (try --help)");
    EXPECT_EQ(message({"run", "--", "x"}),
              "'--' ends the options before file's paths; 'run' takes no operands (try --help)");
    EXPECT_NE(message({"bogus"}).find("unknown command 'bogus'"), std::string::npos);
}

// The writer (nlohmann-json) and the checker's reader (RapidJSON) are two
// libraries: what one writes, the other reads back exactly.
TEST(Libraries, WriterAndCheckerReaderAgree) {
    Json w = {{"name", "caf\xc3\xa9 \xff"},
              {"small", 0.0004},
              {"third", 1.0 / 3.0},
              {"count", std::uint64_t{18446744073709551615u}},
              {"none", nullptr},
              {"list", Json::array({1, true})},
              {"empty", Json::object()}};
    check::JsonValue v = check::parse_json(json_text(w));
    ASSERT_EQ(v.type, check::JsonValue::Type::object);
    ASSERT_EQ(v.members.size(), 7u);
    EXPECT_EQ(v.members[0].first, "name"); // document order kept
    EXPECT_EQ(v.get("name")->text, "caf\xc3\xa9 \xef\xbf\xbd");
    EXPECT_EQ(v.get("small")->number, 0.0004);
    EXPECT_EQ(v.get("third")->number, 1.0 / 3.0);
    EXPECT_EQ(v.get("count")->text, "18446744073709551615");
    EXPECT_EQ(v.get("count")->type, check::JsonValue::Type::number);
    EXPECT_EQ(v.get("none")->type, check::JsonValue::Type::null);
    EXPECT_EQ(v.get("list")->items.size(), 2u);
    EXPECT_EQ(v.get("empty")->type, check::JsonValue::Type::object);
    // The reader is stricter than the writer needs: duplicates, NaN.
    EXPECT_THROW(check::parse_json("{\"a\": 1, \"a\": 1}"), check::JsonParseError);
    EXPECT_THROW(check::parse_json("[NaN]"), check::JsonParseError);
}
