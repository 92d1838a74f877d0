// SPDX-License-Identifier: GPL-2.0-only
#include "file_run.h"
#include "json_value.h"
#include "output.h"
#include "report_check.h"
#include "sample_reports.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace crcbench;
using namespace crcbench::check;

namespace {
// The problems of a report (default: the sample run) with `from` replaced by `to`.
std::vector<std::string> problems_after(const std::string &from, const std::string &to,
                                        std::string text = run_json(tst::sample_run(false))) {
    std::size_t pos = text.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    text.replace(pos, from.size(), to);
    return check_report(text, Expectations{});
}
bool mentions(const std::vector<std::string> &problems, const std::string &part) {
    for (const auto &p : problems)
        if (p.find(part) != std::string::npos)
            return true;
    return false;
}
std::string replaced(std::string text, const std::string &from, const std::string &to) {
    std::size_t pos = text.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    if (pos != std::string::npos)
        text.replace(pos, from.size(), to);
    return text;
}
std::string read_text(const std::filesystem::path &p) {
    std::ifstream in(p);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
void write_text(const std::filesystem::path &p, const std::string &text) {
    std::ofstream(p) << text;
}
// A copy of the committed schema directory, to edit.
std::filesystem::path schema_copy(const std::string &name) {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(dir);
    std::filesystem::copy(CRCBENCH_SCHEMA_DIR, dir);
    return dir;
}
// A whole-file report of one file through two drivers.
FileReport sample_file() {
    RunReport run = tst::sample_run(false);
    FileReport r;
    r.system = run.system;
    r.drivers = run.drivers;
    r.resolves_to = run.resolves_to;
    r.measured = {"crc32c-generic", "crc32c-vmx"};
    FileResult f;
    f.path = "data";
    f.size = 20000;
    f.crc = 0x12345678;
    for (const std::string &d : r.measured)
        f.results.push_back(
            {d, Transfer::splice, std::nullopt, 20000, 0.001, {0.001}, 0x12345678, 0, 0});
    r.files.push_back(f);
    return r;
}
} // namespace

TEST(JsonParser, AcceptsValidDocuments) {
    auto v =
        parse_json(R"( {"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83d\ude00"], "b": {}} )");
    ASSERT_EQ(v.type, JsonValue::Type::object);
    const JsonValue *a = v.get("a");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->items.size(), 6u);
    EXPECT_EQ(a->items[0].text, "1"); // a number's text as written
    EXPECT_EQ(a->items[1].text, "-2.5e3");
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
                         "no schema for \"x\""));
    EXPECT_TRUE(mentions(problems_after("\"trials\": 3,\n      \"bytes_per_s\"",
                                        "\"trials\": 4,\n      \"bytes_per_s\""),
                         "differs from $.config.trials"));
    EXPECT_TRUE(mentions(problems_after("\"verdict\": \"ok\"", "\"verdict\": \"mismatch\""),
                         "contradicts"));
    EXPECT_TRUE(mentions(problems_after("\"emulated\": false", "\"emulated\": true"),
                         "NOT POWER performance"));
    EXPECT_TRUE(mentions(
        problems_after("\"kernel_release\": \"6.1.0-28-powerpc64le\"", "\"kernel_release\": 6"),
        // (RapidJSON 1.1.0 names the allOf that holds the header, not the field)
        "$: breaks the schema's \"allOf\""));
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
                         "$.config: breaks the schema's \"oneOf\""));
}

// --min-runs/--max-runs: no exact count; each size's count within the
// bounds and the same for every driver of it.
TEST(ReportChecker, BoundedRunCounts) {
    RunReport r = tst::sample_run(false);
    r.settings.run_bounds = RunBounds{2, 4};
    r.settings.warmup_runs = 1;
    const std::string good = run_json(r);
    EXPECT_TRUE(check_report(good, {}).empty()) << check_report(good, {}).front();
    EXPECT_NE(good.find("\"trials\": null"), std::string::npos);
    EXPECT_TRUE(mentions(problems_after("\"trials\": 3,\n      \"bytes_per_s\"",
                                        "\"trials\": 4,\n      \"bytes_per_s\"", good),
                         "differs from another driver's"));
    r.settings.run_bounds = RunBounds{4, 8};
    EXPECT_TRUE(mentions(check_report(run_json(r), {}), "lies outside"));
}

TEST(ReportChecker, Expectations) {
    const std::string doc = run_json(tst::sample_run(false));
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
    e.kind = "list";
    EXPECT_TRUE(mentions(check_report(doc, e), "expected a list report"));
    EXPECT_TRUE(mentions(check_report("[]", Expectations{}), "$.schema: missing"));
}

// config.seed is a decimal string in run.v2: exact above 2^53, where JSON
// readers that hold numbers as doubles (jq) would round a number.
TEST(ReportChecker, SeedIsAnExactDecimalString) {
    auto r = tst::sample_run(false);
    r.settings.seed = 18446744073709551557ull; // 2^64 - 59, not a double
    std::string text = run_json(r);
    EXPECT_NE(text.find("\"seed\": \"18446744073709551557\""), std::string::npos) << text;
    EXPECT_TRUE(check_report(text, Expectations{}).empty());
    std::string seed99 = "\"seed\": \"99\"";
    for (const char *bad : {"\"seed\": 99", "\"seed\": \"099\"", "\"seed\": \"-1\"",
                            "\"seed\": \"18446744073709551616\"", "\"seed\": \"\""})
        EXPECT_TRUE(mentions(problems_after(seed99, bad), "$.config.seed")) << bad;
    // A v2 report merely renamed run.v1 is no report of the tool that wrote
    // v1 (RunV1ReportsOfTheFirstRelease): the v1 schema refuses its v2 fields.
    std::string v1 = run_json(tst::sample_run(false));
    v1.replace(v1.find("run.v2"), 6, "run.v1");
    v1.replace(v1.find(seed99), seed99.size(), "\"seed\": 99");
    // v1 had one thread count (a number) and no per-row counts.
    std::size_t th = v1.find("\"threads\": [");
    v1.replace(th, v1.find(']', th) + 1 - th, "\"threads\": 1");
    for (std::size_t pos; (pos = v1.find("\"threads\": 1,\n      \"size\"")) != std::string::npos;)
        v1.erase(pos, std::string("\"threads\": 1,\n      ").size());
    EXPECT_TRUE(
        mentions(check_report(v1, Expectations{}), "breaks the schema's \"additionalProperties\""));
}

// Issue 3.4: crcbench-alg 0.1.0, the first packaged release, wrote run.v1
// reports (config.seed a number, one thread count); no schema file existed
// then, its checker knew them. The fixtures are reports that tool made
// through its AF_ALG fake; they check against schema/crcbench-alg.run.v1
// and the rules across fields, which still catch what they caught then.
TEST(ReportChecker, RunV1ReportsOfTheFirstRelease) {
    const std::string ok = read_text(CRCBENCH_FIXTURES "/run-v1-crcbench-alg-0.1.0.json");
    const std::string bad =
        read_text(CRCBENCH_FIXTURES "/run-v1-crcbench-alg-0.1.0-stream-mismatch.json");
    ASSERT_NE(ok.find("\"schema\": \"crcbench-alg.run.v1\""), std::string::npos);
    ASSERT_NE(ok.find("\"version\": \"0.1.0\""), std::string::npos);
    Expectations e;
    e.kind = "run";
    e.drivers = {"crc32c-generic", "crc32c-fakevec"};
    e.verdict = "ok";
    auto problems = check_report(ok, e);
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
    e.drivers = {"crc32c-broken"};
    e.verdict = "mismatch";
    problems = check_report(bad, e);
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
    auto after = [&](const std::string &from, const std::string &to) {
        return problems_after(from, to, ok);
    };
    EXPECT_TRUE(mentions(after("\"seed\": 18446744073709551557", "\"seed\": \"7\""),
                         "$.config.seed: breaks the schema"));
    EXPECT_TRUE(mentions(after("\"threads\": 1,", "\"threads\": [1],"),
                         "$.config.threads: breaks the schema"));
    EXPECT_TRUE(mentions(
        after("\"trials\": 3,\n      \"bytes_per_s\"", "\"trials\": 2,\n      \"bytes_per_s\""),
        "differs from $.config.trials"));
    EXPECT_TRUE(mentions(after("\"verdict\": \"ok\"", "\"verdict\": \"mismatch\""),
                         "contradicts the mismatch counts"));
    EXPECT_TRUE(mentions(after("\"size\": 4096", "\"size\": 64"), "duplicate result"));
    // A schema no checker knows: the message names the ones it does.
    EXPECT_TRUE(mentions(after("crcbench-alg.run.v1", "crcbench-alg.run.v3"),
                         "no schema for \"crcbench-alg.run.v3\" (this checker knows "
                         "crcbench-alg.file.v1, crcbench-alg.list.v1, crcbench-alg.run.v1, "
                         "crcbench-alg.run.v2, crcbench-alg.verify.v1)"));
}

// The userspace baselines: an available one may be measured (it is not in
// $.drivers, which lists the kernel's), an unavailable one may not.
TEST(ReportChecker, UserDrivers) {
    std::string text = run_json(tst::sample_run(false, true));
    EXPECT_NE(text.find("\"driver\": \"user:slice8\""), std::string::npos);
    Expectations e;
    e.drivers = {"user:slice8"};
    auto problems = check_report(text, e);
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
                         "$: breaks the schema's \"allOf\""));
}

// Issue 3.4 item 2: an interrupted run's report (partial) validates with
// fewer rows and trials; a complete one may not lose either, and partial
// and interrupted_by must agree.
TEST(ReportChecker, ReportsThatSurvive) {
    auto r = tst::sample_run(false);
    std::string complete = run_json(r);
    EXPECT_NE(complete.find("\"partial\": false,\n  \"interrupted_by\": null"), std::string::npos);
    EXPECT_TRUE(check_report(complete, Expectations{}).empty());
    r.interrupted_by = 2; // SIGINT
    r.rows.pop_back();
    for (RunRow &row : r.rows) {
        row.trials = 1;
        row.samples.resize(1);
    }
    std::string partial = run_json(r);
    EXPECT_NE(partial.find("\"partial\": true,\n  \"interrupted_by\": \"SIGINT\""),
              std::string::npos);
    auto problems = check_report(partial, Expectations{});
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
    // The same rows without the mark: rows and trials are missing.
    std::string unmarked = partial;
    const std::string yes = "\"partial\": true", sigint = "\"SIGINT\"";
    unmarked.replace(unmarked.find(yes), yes.size(), "\"partial\": false");
    unmarked.replace(unmarked.find(sigint), sigint.size(), "null");
    EXPECT_TRUE(mentions(check_report(unmarked, Expectations{}), "differs from"));
    EXPECT_TRUE(mentions(check_report(unmarked, Expectations{}), "expected measured x sizes"));
    std::string contradictory = partial;
    contradictory.replace(contradictory.find(sigint), sigint.size(), "null");
    EXPECT_TRUE(mentions(check_report(contradictory, Expectations{}), "$.interrupted_by"));
}

// Issue 3.4 item 7: the structure comes from the schema files. A rule that
// only the schema states (no C++ knows config.mode's values, or how many
// trials a run may have) rejects a report; the same report against an
// edited copy of the schema gets the other verdict, also through an edited
// copy of the common schema beside it (the "$ref" is looked up there).
TEST(ReportChecker, StructuralRulesComeFromTheSchemaFiles) {
    const std::string good = run_json(tst::sample_run(false));
    const std::string bogus = replaced(good, "\"mode\": \"digest\"", "\"mode\": \"bogus\"");
    EXPECT_TRUE(check_report(good, {}).empty());
    EXPECT_TRUE(mentions(check_report(bogus, {}), "$.config.mode: breaks the schema's \"enum\""));

    const std::filesystem::path dir = schema_copy("crcbench-jsoncheck-schema-test");
    const std::filesystem::path run = dir / "crcbench-alg.run.v2.schema.json";
    const std::filesystem::path common = dir / "crcbench-alg.common.schema.json";
    Expectations from_file;
    from_file.schema_file = run.string();
    EXPECT_TRUE(check_report(good, from_file).empty()); // the copy as committed
    // bogus becomes a mode; 3 trials become too many.
    write_text(run,
               replaced(replaced(read_text(run), "\"mode\": {\"enum\": [\"digest\", \"stream\"]}",
                                 "\"mode\": {\"enum\": [\"digest\", \"stream\", \"bogus\"]}"),
                        "\"trials\": {\"type\": [\"integer\", \"null\"], \"minimum\": 1,",
                        "\"trials\": {\"type\": [\"integer\", \"null\"], \"minimum\": 1, "
                        "\"maximum\": 2,"));
    auto problems = check_report(good, from_file);
    EXPECT_TRUE(mentions(problems, "$.config.trials: breaks the schema's \"maximum\""))
        << (problems.empty() ? "accepted" : problems.front());
    write_text(run, replaced(read_text(run), "\"maximum\": 2,", "\"maximum\": 3,"));
    EXPECT_TRUE(check_report(bogus, from_file).empty());
    // The header's rules come from the common schema beside the file.
    write_text(common,
               replaced(read_text(common), "\"version\": {\"type\": \"string\", \"minLength\": 1}",
                        "\"version\": {\"type\": \"string\", \"minLength\": 100}"));
    EXPECT_FALSE(check_report(good, from_file).empty());
    EXPECT_TRUE(check_report(good, {}).empty()); // the compiled-in schemas are unchanged
    // A "$ref" that resolves nowhere fails the check (RapidJSON alone
    // would take it for an empty schema, which accepts anything).
    write_text(common, replaced(read_text(common), "\"header\": {", "\"renamed\": {"));
    EXPECT_TRUE(mentions(check_report(good, from_file), "resolves nowhere"));
    from_file.schema_file = (dir / "absent.json").string();
    EXPECT_TRUE(mentions(check_report(good, from_file), "cannot read it"));
    std::filesystem::remove_all(dir);
}

// Every kind of report the tool writes passes: list, run (with the user
// baselines), verify and file (whole file, pages, InnoDB) reports.
TEST(ReportChecker, AcceptsEveryKindOfReport) {
    auto ok = [](const std::string &text) {
        auto problems = check_report(text, {});
        EXPECT_TRUE(problems.empty()) << problems.front() << "\n" << text;
    };
    ok(run_json(tst::sample_run(false)));
    ok(run_json(tst::sample_run(true, true)));
    FileReport file = sample_file();
    ok(file_json(file));
    file.page_size = 4096;
    file.per_page = true;
    FileResult &f = file.files[0];
    f.size = 16384;
    f.page_size = 4096;
    f.pages = 4;
    f.crc.reset();
    f.page_crcs = {1, 2, 3, 4};
    for (FileDriverResult &d : f.results)
        d.crc.reset();
    ok(file_json(file));
    file.innodb = true;
    f.innodb = InnodbSummary{0x15, 2, 1, 1, {3}};
    for (FileDriverResult &d : f.results)
        d.invalid_pages = 1;
    ok(file_json(file));
}

// File reports (which the checker could not read before): the rules across
// their fields.
TEST(ReportChecker, ChecksFileReports) {
    const std::string good = file_json(sample_file());
    Expectations e;
    e.kind = "file";
    e.verdict = "ok";
    EXPECT_TRUE(check_report(good, e).empty());
    e.kind = "run";
    EXPECT_TRUE(mentions(check_report(good, e), "expected a run report"));
    auto after = [&](const std::string &from, const std::string &to) {
        return problems_after(from, to, good);
    };
    EXPECT_TRUE(
        mentions(after("\"mismatches\": 0", "\"mismatches\": 1"), "contradicts the results"));
    EXPECT_TRUE(mentions(after("\"verdict\": \"ok\"", "\"verdict\": \"invalid_pages\""),
                         "contradicts the results"));
    EXPECT_TRUE(mentions(after("\"crc\": \"0x12345678\",\n          \"mismatches\"",
                               "\"crc\": \"0x12345679\",\n          \"mismatches\""),
                         "differs from the file's"));
    EXPECT_TRUE(mentions(after("\"gb_per_s\": 0.02", "\"gb_per_s\": 0.03"), "bytes_per_s / 10^9"));
    EXPECT_TRUE(mentions(after("\"transfer\": \"splice\"", "\"transfer\": \"zerocopy\""),
                         "breaks the schema's \"enum\""));
    FileReport two = sample_file();
    two.files[0].results.pop_back();
    EXPECT_TRUE(mentions(check_report(file_json(two), {}), "one result per measured driver"));
}

// Issue 3.4: file and verify reports of an interrupted command (partial)
// validate with what was measured: a file report with its last file by
// fewer drivers, a driver with fewer passes, or no file at all; a verify
// report with fewer cases. Without the mark they do not; partial and
// interrupted_by must agree.
TEST(ReportChecker, PartialFileAndVerifyReports) {
    FileReport file = sample_file();
    file.repeat = 3;
    for (FileDriverResult &d : file.files[0].results)
        d.pass_seconds = {0.001, 0.001, 0.001};
    const std::string complete = file_json(file);
    EXPECT_NE(complete.find("\"partial\": false,\n  \"interrupted_by\": null"), std::string::npos);
    EXPECT_TRUE(check_report(complete, {}).empty());
    file.interrupted_by = 15; // SIGTERM
    file.files[0].results.pop_back();
    file.files[0].results[0].pass_seconds.resize(2);
    const std::string partial = file_json(file);
    EXPECT_NE(partial.find("\"partial\": true,\n  \"interrupted_by\": \"SIGTERM\""),
              std::string::npos);
    auto problems = check_report(partial, {});
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
    const std::string unmarked = replaced(
        replaced(partial, "\"partial\": true", "\"partial\": false"), "\"SIGTERM\"", "null");
    EXPECT_TRUE(mentions(check_report(unmarked, {}), "one result per measured driver"));
    EXPECT_TRUE(mentions(check_report(unmarked, {}), "must hold $.config.repeat passes"));
    EXPECT_TRUE(
        mentions(check_report(replaced(partial, "\"SIGTERM\"", "null"), {}), "$.interrupted_by"));
    FileReport none = sample_file();
    none.files.clear();
    none.interrupted_by = 2;
    problems = check_report(file_json(none), {});
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
    none.interrupted_by = 0; // a complete report hashes at least one file
    EXPECT_TRUE(mentions(check_report(file_json(none), {}), "breaks the schema's \"anyOf\""));

    VerifyReport verify;
    verify.system = tst::sample_run(false).system;
    verify.origin = "3 case(s) from --case";
    verify.verdicts.push_back(DriverVerdict{"crc32c-generic", Judge::table, 3, 300, 0, {}});
    const std::string whole = verify_json(verify);
    EXPECT_NE(whole.find("\"partial\": false,\n  \"interrupted_by\": null"), std::string::npos);
    EXPECT_TRUE(check_report(whole, {}).empty());
    verify.interrupted_by = 2;
    verify.verdicts[0].cases = 1;
    const std::string cut = verify_json(verify);
    EXPECT_NE(cut.find("\"partial\": true,\n  \"interrupted_by\": \"SIGINT\""), std::string::npos);
    EXPECT_TRUE(check_report(cut, {}).empty());
    EXPECT_TRUE(
        mentions(check_report(replaced(cut, "\"SIGINT\"", "null"), {}), "$.interrupted_by"));
    EXPECT_TRUE(
        mentions(check_report(replaced(cut, "\"SIGINT\"", "\"SIGHUP\""), {}), "breaks the schema"));
}

// Issue 3.4: config.pinned_cpus, the CPUs the workers were pinned to: a
// list of CPU numbers, ascending, and --cpus's when it was given.
TEST(ReportChecker, PinnedCpus) {
    auto r = tst::sample_run(false);
    r.pinned_cpus = {0, 1};
    std::string text = run_json(r);
    EXPECT_NE(text.find("\"pinned_cpus\": [\n      0,\n      1\n    ]"), std::string::npos) << text;
    EXPECT_TRUE(check_report(text, {}).empty());
    r.settings.cpus = {8, 0, 1, 2};
    r.pinned_cpus = {0, 1, 2, 8};
    EXPECT_TRUE(check_report(run_json(r), {}).empty());
    r.pinned_cpus = {0, 1};
    EXPECT_TRUE(mentions(check_report(run_json(r), {}), "differs from $.config.cpus"));
    r.pinned_cpus = {8, 0, 1, 2};
    EXPECT_TRUE(mentions(check_report(run_json(r), {}), "not ascending"));
    r.pinned_cpus.clear();
    r.settings.cpus.clear();
    EXPECT_TRUE(check_report(run_json(r), {}).empty()); // not pinned (mask unreadable)
    EXPECT_TRUE(mentions(problems_after("\"pinned_cpus\": []", "\"pinned_cpus\": [-1]"),
                         "breaks the schema"));
}
