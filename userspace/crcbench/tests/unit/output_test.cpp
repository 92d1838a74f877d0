// SPDX-License-Identifier: GPL-2.0-only
#include "file_run.h"
#include "json_value.h"
#include "output.h"
#include "report_check.h"
#include "sample_reports.h"
#include "text.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <algorithm>

using namespace crcbench;
using crcbench::tst::sample_run;
using crcbench::tst::sample_system;

namespace {
bool has(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}
std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        out.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return out;
}
ListReport sample_list(bool emulated) {
    ListReport r;
    r.system = sample_system(emulated);
    r.drivers = alg_drivers(parse_proc_crypto(tst::fixture("proc-crypto-guest.txt")));
    r.resolves_to = "crc32c-vmx";
    return r;
}
} // namespace

TEST(Output, RunTableIsAlignedAndComplete) {
    std::string t = run_table(sample_run(false));
    EXPECT_TRUE(has(t, "kernel 6.1.0-28-powerpc64le (ppc64le)"));
    EXPECT_TRUE(has(t, "\"crc32c\" resolves to: crc32c-vmx"));
    EXPECT_TRUE(has(t, "verdict: ok"));
    EXPECT_FALSE(has(t, "EMULATED"));
    // Header and rows: the "median" column ends at the same place in every row.
    auto ls = lines(t);
    auto header = std::find_if(ls.begin(), ls.end(), [](auto &l) { return has(l, "SIZE"); });
    ASSERT_NE(header, ls.end());
    std::size_t end = header->find("median") + 6;
    int rows = 0;
    for (auto it = header + 1; it != ls.end() && has(*it, "crc32c-"); ++it, ++rows) {
        EXPECT_EQ((*it)[end], ' ') << *it;
        EXPECT_NE((*it)[end - 1], ' ') << *it;
    }
    EXPECT_EQ(rows, 4);
    EXPECT_TRUE(has(t, "3.00x"));
    EXPECT_TRUE(has(t, "1.00x"));
}

TEST(Output, EmulatedRunsSaySoInEveryFormat) {
    auto r = sample_run(true);
    std::string table = run_table(r);
    // Said at the top and at the bottom of the table.
    auto first = table.find("NOT POWER performance");
    ASSERT_NE(first, std::string::npos);
    EXPECT_NE(table.find("NOT POWER performance", first + 1), std::string::npos);
    EXPECT_TRUE(has(run_json(r), "\"notice\": \"EMULATED: these figures come from an emulator "
                                 "and are NOT POWER performance\""));
    EXPECT_TRUE(has(run_json(r), "\"emulated\": true"));
    auto csv = lines(run_csv(r));
    for (std::size_t i = 1; i < csv.size(); ++i)
        EXPECT_TRUE(has(csv[i], ",true,6.1.0-28-powerpc64le,")) << csv[i];
    EXPECT_TRUE(has(list_table(sample_list(true)), "NOT POWER performance"));
    EXPECT_TRUE(has(list_json(sample_list(true)), "NOT POWER performance"));
}

TEST(Output, CsvHeaderIsStableAndCellsAreQuoted) {
    auto csv = lines(run_csv(sample_run(false)));
    ASSERT_EQ(csv.size(), 5u);
    EXPECT_EQ(
        csv[0],
        "driver,size,mode,threads,trials,bytes_per_s_min,bytes_per_s_median,"
        "bytes_per_s_max,ops_per_s_min,ops_per_s_median,ops_per_s_max,"
        "ratio_to_generic,ratio_trials_min,ratio_trials_max,noisy,checked_ops,mismatches,"
        "backend,ns_per_op,fit_a_ns,fit_b_ns_per_byte,fit_marginal_gb_per_s,fit_r_squared,"
        "fit_max_rel_residual,tcrypt_sec,chunk,splice,duration_s,"
        "iterations,warmup_s,seed,alg,baseline,working_set,emulated,kernel_release,cpu_model,cpus,"
        "cpus_online,cpufreq_governor,cpufreq_cur_khz,cpufreq_max_khz,"
        "cpuinfo_clock,smt_control,smt_active,thread_siblings,"
        "lpar_shared_processor_mode,lpar_entitled_capacity,lpar_capped,loadavg,pinned_cpus,"
        "warmup_runs,min_runs,max_runs,partial");
    // Numbers in their shortest round-trip form (issue 3.4 item 2).
    EXPECT_EQ(csv[1], "crc32c-generic,64,digest,1,3,128000,256000,384000,2000,4000,"
                      "6000,1,1,1,true,6000,0,afalg,250000,,,,,,,"
                      ",false,0.25,,0.1,99,"
                      "crc32c,crc32c-generic,,false,"
                      "6.1.0-28-powerpc64le,\"POWER8 (architected), altivec supported\""
                      ",,,,,,,,,,,,,,,,,,false");
    EXPECT_TRUE(has(csv[2], "crc32c-vmx,64,digest,1,3,384000,768000,1152000,"));
    EXPECT_TRUE(has(csv[2], ",3,3,3,false,"));
    EXPECT_EQ(lines(list_csv(sample_list(false)))[0],
              "driver,module,priority,selftest,internal,resolves_crc32c,alg");
    EXPECT_EQ(lines(list_csv(sample_list(false)))[1],
              "crc32c-vmx,crc32c_vmx,300,passed,false,true,crc32c");
}

// Issue 3.4: the run and file CSVs end with a partial column (last, so a
// reader of the columns before it reads them as before): true on every
// row of an interrupted command's CSV, false otherwise.
TEST(Output, CsvPartialColumnIsLast) {
    auto last = [](const std::string &line) { return line.substr(line.rfind(',') + 1); };
    auto r = sample_run(false);
    auto csv = lines(run_csv(r));
    EXPECT_EQ(last(csv[0]), "partial");
    for (std::size_t i = 1; i < csv.size(); ++i)
        EXPECT_EQ(last(csv[i]), "false") << csv[i];
    r.interrupted_by = 2;
    csv = lines(run_csv(r));
    ASSERT_GT(csv.size(), 1u);
    for (std::size_t i = 1; i < csv.size(); ++i)
        EXPECT_EQ(last(csv[i]), "true") << csv[i];

    FileReport f;
    f.system = r.system;
    f.measured = {"crc32c-generic"};
    FileResult one;
    one.path = "data";
    one.size = 100;
    one.crc = 0x1234;
    one.results.push_back(
        {"crc32c-generic", Transfer::read, std::nullopt, 100, 0.5, {0.5}, 0x1234, 0, 0});
    f.files.push_back(one);
    auto fcsv = lines(file_csv(f));
    ASSERT_EQ(fcsv.size(), 2u);
    EXPECT_TRUE(fcsv[0].ends_with(",passes,drop_cache,partial")) << fcsv[0];
    EXPECT_TRUE(fcsv[1].ends_with(",1,false,false")) << fcsv[1];
    f.interrupted_by = 15;
    EXPECT_TRUE(lines(file_csv(f))[1].ends_with(",1,false,true"));
}

TEST(Output, RunJsonPassesTheIndependentChecker) {
    for (bool emulated : {false, true}) {
        std::string text = run_json(sample_run(emulated));
        check::Expectations expect;
        expect.drivers = {"crc32c-generic", "crc32c-vmx"};
        expect.emulated = emulated;
        expect.verdict = "ok";
        expect.kind = "run";
        auto problems = check::check_report(text, expect);
        EXPECT_TRUE(problems.empty()) << problems.front() << "\n" << text;
    }
}

TEST(Output, ListJsonPassesTheIndependentChecker) {
    std::string text = list_json(sample_list(false));
    check::Expectations expect;
    expect.drivers = {"crc32c-generic", "crc32c-vpmsum", "crc32c-vmx"};
    expect.kind = "list";
    auto problems = check::check_report(text, expect);
    EXPECT_TRUE(problems.empty()) << problems.front() << "\n" << text;
}

TEST(Output, MismatchesShowInTableAndVerdict) {
    auto r = sample_run(false);
    r.rows[3].mismatches = 2;
    r.rows[3].ratio_to_generic.reset();
    r.rows[3].ratio_trials.reset(); // as make_rows leaves a wrong driver
    Mismatch m;
    m.driver = "crc32c-vmx";
    m.c.length = 4096;
    m.expected = 1;
    m.got = 2;
    r.mismatches.push_back(m);
    std::string t = run_table(r);
    EXPECT_TRUE(has(t, "WRONG 2/6000"));
    EXPECT_TRUE(has(t, "MISMATCH driver=crc32c-vmx length=4096"));
    EXPECT_TRUE(has(t, "verdict: MISMATCH"));
    std::string j = run_json(r);
    EXPECT_TRUE(has(j, "\"verdict\": \"mismatch\""));
    check::Expectations none;
    EXPECT_TRUE(check::check_report(j, none).empty());
}

// Item 1 of the 4.4 issue: file --repeat shows the spread of its passes
// (the slowest and the fastest in GB/s) beside their median.
TEST(Output, FileRepeatShowsItsSpread) {
    FileReport f;
    f.system = tst::sample_run(false).system;
    f.measured = {"crc32c-generic"};
    f.repeat = 3;
    FileResult one;
    one.path = "data";
    one.size = 1000000000;
    one.crc = 0x1234;
    one.results.push_back({"crc32c-generic",
                           Transfer::read,
                           std::nullopt,
                           1000000000,
                           0.5,
                           {0.5, 0.25, 1.0},
                           0x1234,
                           0,
                           0});
    f.files.push_back(one);
    std::string table = file_table(f);
    EXPECT_NE(table.find("GB/s min-max"), std::string::npos) << table;
    EXPECT_NE(table.find(" 1.000-4.000 "), std::string::npos) << table;
    EXPECT_NE(table.find("the slowest and the fastest"), std::string::npos) << table;
    f.repeat = 1;
    f.files[0].results[0].pass_seconds = {0.5};
    EXPECT_EQ(file_table(f).find("min-max"), std::string::npos);
}

// Item 1 of the 4.4 issue: every trial exported as CSV (--runs-csv), as
// hyperfine exports every run.
TEST(Output, RunTrialsCsvHasOneRowPerTrial) {
    RunReport r = tst::sample_run(false);
    auto rows = lines(run_trials_csv(r));
    ASSERT_EQ(rows.size(), 1u + 2 * 2 * 3);
    EXPECT_EQ(rows[0], "driver,size,threads,trial,seconds,bytes,ops,bytes_per_s,user_s,system_s,"
                       "partial");
    // crc32c-generic at 64 bytes, trial 2: 2000 ops of 64 bytes in 0.5 s.
    EXPECT_EQ(rows[2], "crc32c-generic,64,1,2,0.5,128000,2000,256000,0,0,false");
}

TEST(Output, JsonEscapesStrings) {
    auto r = sample_run(false);
    r.system.cpu_model = "quote\" backslash\\ tab\t ctl\x01";
    std::string j = run_json(r);
    EXPECT_TRUE(has(j, R"("quote\" backslash\\ tab\t ctl\u0001")"));
    auto doc = check::parse_json(j);
    EXPECT_EQ(doc.get("system")->get("cpu_model")->text, r.system.cpu_model);
}

// Issue 3.4 item 2: numbers round-trip (a 400 us trial is 0.0004, not
// 0.000); strings are valid UTF-8 whatever the bytes (a file name is any
// bytes): valid sequences kept, anything else U+FFFD, DEL escaped.
TEST(Output, JsonNumbersRoundTripAndStringsAreUtf8) {
    for (double v : {0.0004, 1e-7, 128000.0, 0.1, 1.0 / 3.0, 6.02214076e23, 4.9e-324}) {
        std::string text = json_text(v);
        EXPECT_EQ(std::strtod(text.c_str(), nullptr), v) << text;
        EXPECT_NO_THROW(check::parse_json(text)) << text;
    }
    auto r = sample_run(false);
    r.settings.iterations.reset();
    r.settings.duration = std::chrono::microseconds(400);
    std::string j = run_json(r);
    EXPECT_TRUE(has(j, "\"duration_s\": 0.0004,")) << j;
    EXPECT_TRUE(check::check_report(j, check::Expectations{}).empty());
    EXPECT_EQ(json_text("caf\xc3\xa9 \xf0\x9f\x98\x80"), "\"caf\xc3\xa9 \xf0\x9f\x98\x80\"");
    // Not UTF-8: each invalid sequence becomes U+FFFD (nlohmann-json's
    // error_handler_t::replace), written as UTF-8.
    EXPECT_EQ(json_text("a\xff"
                        "b\xc3"),
              "\"a\xef\xbf\xbd"
              "b\xef\xbf\xbd\"");
    EXPECT_EQ(json_text("\xed\xa0\x80"),
              "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");            // a surrogate
    EXPECT_EQ(json_text("\xc0\xaf"), "\"\xef\xbf\xbd\xef\xbf\xbd\""); // overlong
    EXPECT_EQ(json_text("tab\t\x01"), "\"tab\\t\\u0001\"");
    r.system.cpu_model = "bad \xff\xfe name";
    EXPECT_NO_THROW(check::parse_json(run_json(r)));
    // Names in the file table and reproducer: quoted so that a shell gives
    // the same bytes back (tests/host/e2e.sh file_names pastes them).
    EXPECT_EQ(quote_name("db/ibdata1.ibd"), "db/ibdata1.ibd");
    EXPECT_EQ(quote_name("caf\xc3\xa9"), "caf\xc3\xa9");
    EXPECT_EQ(quote_name("my file's"), "'my file'\\''s'");
    EXPECT_EQ(quote_name("a\nb\xff\t\\'"), "$'a\\nb\\xff\\t\\\\\\''");
    EXPECT_EQ(quote_name(""), "''");
}

TEST(Output, RenderDispatchesOnFormat) {
    auto r = sample_run(false);
    EXPECT_EQ(render(r, Format::json), run_json(r));
    EXPECT_EQ(render(r, Format::csv), run_csv(r));
    EXPECT_EQ(render(r, Format::table), run_table(r));
}

// The CSV carries the JSON report's configuration and machine state: every
// config key and machine_state item has a column with the same value.
TEST(Output, CsvCarriesTheJsonConfiguration) {
    auto r = sample_run(false);
    r.settings.seed = 18446744073709551557ull;
    r.settings.mode = OpMode::stream;
    r.settings.chunk = 1000;
    r.settings.iterations = 50;
    r.system.machine_state.cpus_online = "0-3,8-11";
    r.system.machine_state.loadavg = "0.10 0.20 0.30";
    r.settings.cpus = {8, 0, 1, 2};
    r.pinned_cpus = {0, 1, 2, 8};
    r.settings.working_set = std::size_t{1} << 30;
    auto doc = crcbench::check::parse_json(run_json(r));
    auto csv = lines(run_csv(r));
    auto header = crcbench::split(csv[0], ',');
    auto row = csv[1];
    // Cells: split on commas outside quotes.
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : row) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            cells.emplace_back();
        else
            cells.back() += c;
    }
    ASSERT_EQ(cells.size(), header.size());
    auto column = [&](std::string_view name) -> std::optional<std::string> {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == name)
                return cells[i];
        return std::nullopt;
    };
    auto as_text = [](const crcbench::check::JsonValue &v) -> std::string {
        using T = crcbench::check::JsonValue::Type;
        switch (v.type) {
        case T::null:
            return "";
        case T::string:
            return v.text;
        case T::boolean:
            return v.boolean ? "true" : "false";
        case T::number:
            return v.text;
        default:
            return "<" + std::string(type_name(v.type)) + ">";
        }
    };
    std::size_t n = 0;
    for (const char *section : {"config", "system"}) {
        const auto *obj = doc.get(section);
        ASSERT_NE(obj, nullptr);
        if (std::string_view(section) == "system")
            obj = obj->get("machine_state");
        for (const auto &[key, value] : obj->members) {
            if (key == "sizes" || key == "vulnerabilities")
                continue;            // one row per size; the texts stay in the JSON
            if (key == "backends") { // a row holds its own backend
                ASSERT_EQ(value.type, crcbench::check::JsonValue::Type::array);
                auto own = column("backend");
                ASSERT_TRUE(own);
                EXPECT_TRUE(std::any_of(value.items.begin(), value.items.end(), [&](const auto &b) {
                    return b.text == *own;
                })) << *own;
                continue;
            }
            auto cell = column(key);
            ASSERT_TRUE(cell) << "no CSV column for " << section << "." << key;
            if (key == "pinned_cpus") { // an array of CPUs; the CSV cell the same, spaced
                ASSERT_EQ(value.type, crcbench::check::JsonValue::Type::array);
                std::string cpus;
                for (const auto &c : value.items)
                    cpus += (cpus.empty() ? "" : " ") + c.text;
                EXPECT_EQ(*cell, cpus);
                EXPECT_EQ(*cell, "0 1 2 8");
                continue;
            }
            if (key == "threads") { // the sweep's counts; a row holds its own count
                ASSERT_EQ(value.type, crcbench::check::JsonValue::Type::array);
                EXPECT_TRUE(std::any_of(value.items.begin(), value.items.end(), [&](const auto &n) {
                    return n.text == *cell;
                })) << *cell;
                continue;
            }
            EXPECT_EQ(*cell, as_text(value)) << key;
            ++n;
        }
    }
    EXPECT_GE(n, 20u);
}
