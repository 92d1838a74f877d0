// SPDX-License-Identifier: GPL-2.0-only
#include "json_value.h"
#include "output.h"
#include "report_schema.h"
#include "sample_reports.h"

#include <gtest/gtest.h>

using namespace crcbench;
using namespace crcbench::check;

namespace {
// The problems of a report (default: the sample run) with `from` replaced by `to`.
std::vector<std::string> problems_after(const std::string &from, const std::string &to,
                                        std::string text = run_json(tst::sample_run(false))) {
    std::size_t pos = text.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    text.replace(pos, from.size(), to);
    return check_report(parse_json(text), Expectations{});
}
bool mentions(const std::vector<std::string> &problems, const std::string &part) {
    for (const auto &p : problems)
        if (p.find(part) != std::string::npos)
            return true;
    return false;
}
} // namespace

TEST(JsonParser, AcceptsValidDocuments) {
    auto v =
        parse_json(R"( {"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83d\ude00"], "b": {}} )");
    ASSERT_EQ(v.type, JsonValue::Type::object);
    const JsonValue *a = v.get("a");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->items.size(), 6u);
    EXPECT_TRUE(a->items[0].is_unsigned_integer());
    EXPECT_FALSE(a->items[1].is_unsigned_integer());
    EXPECT_DOUBLE_EQ(a->items[1].number, -2500);
    EXPECT_EQ(a->items[5].text, "x\xc3\xa9\xf0\x9f\x98\x80");
}

TEST(JsonParser, RejectsInvalidDocuments) {
    for (const char *bad :
         {"", "{", "{\"a\":}", "[1,]", "{\"a\":1,}", "01", "1.", "-", "\"\x01\"",
          "{\"a\":1,\"a\":2}", "[1] x", "tru", "\"\\x\"", "\"\\ud800\"", "{a:1}", "NaN", "1e999",
          // not UTF-8: a stray continuation byte, a lone lead byte, an
          // overlong '/', a surrogate, above U+10FFFF, a 5-byte form
          "\"\x80\"", "\"\xc3\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
          "\"\xf8\x88\x80\x80\x80\""})
        EXPECT_THROW(parse_json(bad), JsonParseError) << bad;
    try {
        parse_json("{\n  \"a\": ?\n}");
    } catch (const JsonParseError &e) {
        EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos);
    }
}

TEST(ReportChecker, CatchesBrokenReports) {
    EXPECT_TRUE(mentions(problems_after("\"schema\": \"crcbench-alg.run.v2\"", "\"schema\": \"x\""),
                         "unknown schema"));
    EXPECT_TRUE(mentions(problems_after("\"trials\": 3,\n      \"bytes_per_s\"",
                                        "\"trials\": 4,\n      \"bytes_per_s\""),
                         "differs from $.config.trials"));
    EXPECT_TRUE(mentions(problems_after("\"verdict\": \"ok\"", "\"verdict\": \"mismatch\""),
                         "contradicts"));
    EXPECT_TRUE(mentions(problems_after("\"emulated\": false", "\"emulated\": true"),
                         "NOT POWER performance"));
    EXPECT_TRUE(mentions(
        problems_after("\"kernel_release\": \"6.1.0-28-powerpc64le\"", "\"kernel_release\": 6"),
        "$.system.kernel_release: is number"));
    EXPECT_TRUE(mentions(problems_after("\"min\": 128000.0,", "\"min\": 999999999.0,"),
                         "min <= median <= max"));
    EXPECT_TRUE(mentions(problems_after("\"ratio_to_generic\": 1.0,", "\"ratio_to_generic\": 2.0,"),
                         "baseline's own ratio must be 1"));
    EXPECT_TRUE(mentions(problems_after("\"crc32c_resolves_to\": \"crc32c-vmx\"",
                                        "\"crc32c_resolves_to\": \"crc32c-vpmsum\""),
                         "not the driver marked"));
    EXPECT_TRUE(mentions(problems_after("\"sizes\": [\n      64,\n      4096\n    ]",
                                        "\"sizes\": [\n      64,\n      4096,\n      8192\n    ]"),
                         "expected measured x sizes"));
    EXPECT_TRUE(mentions(problems_after("\"iterations\": null", "\"iterations\": 5"),
                         "exactly one of duration_s and iterations"));
}

TEST(ReportChecker, Expectations) {
    auto doc = parse_json(run_json(tst::sample_run(false)));
    Expectations e;
    e.drivers = {"crc32c-vpmsum"};
    EXPECT_TRUE(mentions(check_report(doc, e), "\"crc32c-vpmsum\" was not measured"));
    e = {};
    e.emulated = true;
    EXPECT_TRUE(mentions(check_report(doc, e), "$.system.emulated"));
    e = {};
    e.verdict = "mismatch";
    EXPECT_TRUE(mentions(check_report(doc, e), "expected \"mismatch\""));
    e = {};
    e.schema = "list";
    EXPECT_TRUE(mentions(check_report(doc, e), "expected a list report"));
    EXPECT_TRUE(mentions(check_report(parse_json("[]"), Expectations{}), "is not an object"));
}

// config.seed is a decimal string in run.v2: exact above 2^53, where JSON
// readers that hold numbers as doubles (jq) would round a number.
TEST(ReportChecker, SeedIsAnExactDecimalString) {
    auto r = tst::sample_run(false);
    r.settings.seed = 18446744073709551557ull; // 2^64 - 59, not a double
    std::string text = run_json(r);
    EXPECT_NE(text.find("\"seed\": \"18446744073709551557\""), std::string::npos) << text;
    EXPECT_TRUE(check_report(parse_json(text), Expectations{}).empty());
    std::string seed99 = "\"seed\": \"99\"";
    for (const char *bad : {"\"seed\": 99", "\"seed\": \"099\"", "\"seed\": \"-1\"",
                            "\"seed\": \"18446744073709551616\"", "\"seed\": \"\""})
        EXPECT_TRUE(mentions(problems_after(seed99, bad), "$.config.seed")) << bad;
    // A run.v1 report (numeric seed) from an older tool still validates.
    std::string v1 = run_json(tst::sample_run(false));
    v1.replace(v1.find("run.v2"), 6, "run.v1");
    v1.replace(v1.find(seed99), seed99.size(), "\"seed\": 99");
    // v1 had one thread count (a number) and no per-row counts.
    std::size_t th = v1.find("\"threads\": [");
    v1.replace(th, v1.find(']', th) + 1 - th, "\"threads\": 1");
    for (std::size_t pos; (pos = v1.find("\"threads\": 1,\n      \"size\"")) != std::string::npos;)
        v1.erase(pos, std::string("\"threads\": 1,\n      ").size());
    EXPECT_TRUE(check_report(parse_json(v1), Expectations{}).empty());
}

// The userspace baselines: an available one may be measured (it is not in
// $.drivers, which lists the kernel's), an unavailable one may not.
TEST(ReportChecker, UserDrivers) {
    std::string text = run_json(tst::sample_run(false, true));
    EXPECT_NE(text.find("\"driver\": \"user:slice8\""), std::string::npos);
    Expectations e;
    e.drivers = {"user:slice8"};
    auto problems = check_report(parse_json(text), e);
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());

    auto after = [&](const std::string &from, const std::string &to) {
        return problems_after(from, to, text);
    };
    // Measured, but listed as unavailable.
    EXPECT_TRUE(mentions(after("\"available\": true,\n      \"unavailable_reason\": null",
                               "\"available\": false,\n      \"unavailable_reason\": \"x\""),
                         "\"user:slice8\" is not among $.drivers"));
    EXPECT_TRUE(mentions(after("\"unavailable_reason\": null", "\"unavailable_reason\": \"x\""),
                         "null exactly when available"));
    EXPECT_TRUE(mentions(after("\"driver\": \"user:vmx\"", "\"driver\": \"vmx\""),
                         "does not start with user:"));
}

// Issue 3.4 item 2: an interrupted run's report (partial) validates with
// fewer rows and trials; a complete one may not lose either, and partial
// and interrupted_by must agree.
TEST(ReportChecker, ReportsThatSurvive) {
    auto r = tst::sample_run(false);
    std::string complete = run_json(r);
    EXPECT_NE(complete.find("\"partial\": false,\n  \"interrupted_by\": null"), std::string::npos);
    EXPECT_TRUE(check_report(parse_json(complete), Expectations{}).empty());
    r.interrupted_by = 2; // SIGINT
    r.rows.pop_back();
    for (RunRow &row : r.rows) {
        row.trials = 1;
        row.samples.resize(1);
    }
    std::string partial = run_json(r);
    EXPECT_NE(partial.find("\"partial\": true,\n  \"interrupted_by\": \"SIGINT\""),
              std::string::npos);
    auto problems = check_report(parse_json(partial), Expectations{});
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
    // The same rows without the mark: rows and trials are missing.
    std::string unmarked = partial;
    const std::string yes = "\"partial\": true", sigint = "\"SIGINT\"";
    unmarked.replace(unmarked.find(yes), yes.size(), "\"partial\": false");
    unmarked.replace(unmarked.find(sigint), sigint.size(), "null");
    EXPECT_TRUE(mentions(check_report(parse_json(unmarked), Expectations{}), "differs from"));
    EXPECT_TRUE(
        mentions(check_report(parse_json(unmarked), Expectations{}), "expected measured x sizes"));
    std::string contradictory = partial;
    contradictory.replace(contradictory.find(sigint), sigint.size(), "null");
    EXPECT_TRUE(
        mentions(check_report(parse_json(contradictory), Expectations{}), "$.interrupted_by"));
}
