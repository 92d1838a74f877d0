// SPDX-License-Identifier: GPL-2.0-only
#include "json_value.h"
#include "output.h"
#include "report_check.h"
#include "sample_reports.h"

#include <gtest/gtest.h>

using namespace crcbench;

namespace {

bool has(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

// A line of `text` whose cells, split on runs of spaces, are `cells`.
bool has_row(const std::string &text, const std::vector<std::string> &cells) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        std::string line = text.substr(pos, end - pos), cell;
        std::vector<std::string> got;
        for (char c : line + " ") {
            if (c != ' ') {
                cell += c;
            } else if (!cell.empty()) {
                got.push_back(cell);
                cell.clear();
            }
        }
        if (got == cells)
            return true;
        pos = end == std::string::npos ? text.size() : end + 1;
    }
    return false;
}

// sample_run (AF_ALG: crc32c-generic, crc32c-vmx, user:slice8 at 64 and 4K)
// plus tcrypt's rows for the two kernel drivers: generic 100 + 1 ns/B,
// vmx 50 + 0.1 ns/B, at 16, 64, 256 and 1K.
RunReport with_tcrypt(bool emulated) {
    RunReport r = tst::sample_run(emulated, true);
    r.backends = {Backend::afalg, Backend::tcrypt};
    InKernelResults k;
    k.sec = 1;
    for (const char *d : {"crc32c-generic", "crc32c-vmx"})
        for (std::size_t size : {16, 64, 256, 1024}) {
            bool generic = std::string(d) == "crc32c-generic";
            double ns = generic ? 100.0 + 1.0 * size : 50.0 + 0.1 * size;
            InKernelRow row;
            row.driver = row.driver_reported = d;
            row.size = size;
            row.ops_per_s = 1e9 / ns;
            row.bytes_per_s = row.ops_per_s * size;
            row.ns_per_op = ns;
            k.rows.push_back(row);
        }
    k.not_measured.push_back(
        {"user:slice8", "a userspace baseline: tcrypt measures kernel drivers only"});
    add_inkernel_ratios(k.rows);
    r.inkernel = k;
    return r;
}

std::vector<std::string> problems_of(const std::string &json) {
    return check::check_report(json, {});
}

} // namespace

TEST(OutputBackends, FitsAndRatiosFromTheRows) {
    RunReport r = with_tcrypt(false);
    // afalg: 2 sizes only (no fit, a reason); tcrypt: the exact lines.
    int tcrypt_fits = 0;
    for (const BackendFit &f : make_fits(r.rows, r.inkernel)) {
        if (f.backend == Backend::afalg) {
            EXPECT_FALSE(f.result.fit);
            EXPECT_EQ(f.points.size(), 2u);
            continue;
        }
        ++tcrypt_fits;
        ASSERT_TRUE(f.result.fit) << f.driver;
        bool generic = f.driver == "crc32c-generic";
        EXPECT_NEAR(f.result.fit->a_ns, generic ? 100.0 : 50.0, 1e-6);
        EXPECT_NEAR(*f.result.fit->marginal_gb_per_s, generic ? 1.0 : 10.0, 1e-6);
    }
    EXPECT_EQ(tcrypt_fits, 2);
    // in-kernel ratio at 1K: (100 + 1024) / (50 + 102.4)
    const InKernelRow &vmx1k = r.inkernel->rows.back();
    EXPECT_NEAR(*vmx1k.ratio_to_generic, 1124.0 / 152.4, 1e-9);
}

TEST(OutputBackends, TableShowsBothBackendsSideBySide) {
    std::string t = run_table(with_tcrypt(false));
    EXPECT_TRUE(has(t, "end to end (AF_ALG)")) << t;
    EXPECT_TRUE(has(t, "in-kernel vs generic"));
    EXPECT_TRUE(has(t, "fit time_ns = a + b*size"));
    // crc32c-vmx at 1K: tcrypt only; at 4K: AF_ALG only (3.00x, 1/3 of generic's time).
    EXPECT_TRUE(has_row(t, {"crc32c-vmx", "1K", "-", "-", "152.4", "7.38x"})) << t;
    EXPECT_TRUE(has_row(t, {"crc32c-vmx", "4K", "83333.3", "3.00x", "-", "-"}));
    EXPECT_TRUE(has_row(
        t, {"crc32c-vmx", "tcrypt", "16..1K", "50.0", "+-0.0", "10.000", "1.0000", "0.0%"}));
    EXPECT_TRUE(has(t, "crc32c-generic afalg: no fit, fewer than 3 sizes measured"));
    EXPECT_TRUE(has(t, "user:slice8: no tcrypt row (a userspace baseline"));
    EXPECT_FALSE(has(t, "EMULATED"));
    EXPECT_TRUE(
        has(run_table(with_tcrypt(true)), "ns per operation (one digest of SIZE bytes), EMULATED"));
}

TEST(OutputBackends, AfalgAloneHasNoSideBySideTable) {
    RunReport r = tst::sample_run(false);
    std::string t = run_table(r);
    EXPECT_FALSE(has(t, "in-kernel"));
    EXPECT_TRUE(has(t, "fit time_ns = a + b*size"));
}

TEST(OutputBackends, JsonCarriesBothBackendsAndPassesTheChecker) {
    RunReport r = with_tcrypt(false);
    std::string j = run_json(r);
    EXPECT_TRUE(has(j, "\"backends\": [\"afalg\", \"tcrypt\"]") || has(j, "\"backends\": [")) << j;
    EXPECT_TRUE(has(j, "\"tcrypt_sec\": 1"));
    EXPECT_TRUE(has(j, "\"driver_reported\": \"crc32c-vmx\""));
    EXPECT_TRUE(has(j, "\"marginal_gb_per_s\": 10.0000"));
    auto problems = problems_of(j);
    EXPECT_TRUE(problems.empty()) << problems.front();
    // The checker notices a fit that does not belong to its points, an
    // in-kernel ratio that is not generic's time over this one's, and a
    // missing tcrypt row.
    std::string bad = j;
    bad.replace(bad.find("\"a_ns\": 50.000"), 14, "\"a_ns\": 70.000");
    EXPECT_FALSE(problems_of(bad).empty());
    bad = j;
    bad.replace(bad.find("\"ratio_to_generic\": 7.3753"), 26, "\"ratio_to_generic\": 7.0000");
    EXPECT_FALSE(problems_of(bad).empty());
    r.inkernel->rows.pop_back();
    r.inkernel->rows.pop_back();
    r.inkernel->rows.pop_back();
    r.inkernel->rows.pop_back();
    bool noticed = false;
    for (const std::string &p : problems_of(run_json(r)))
        noticed |= has(p, "has no row for crc32c-vmx");
    EXPECT_TRUE(noticed);
}

TEST(OutputBackends, TcryptAloneHasNoAfalgRows) {
    RunReport r = with_tcrypt(false);
    r.backends = {Backend::tcrypt};
    r.rows.clear();
    auto problems = problems_of(run_json(r));
    EXPECT_TRUE(problems.empty()) << problems.front();
    std::string t = run_table(r);
    EXPECT_TRUE(has(t, "152.4"));
    EXPECT_TRUE(has(t, "AF_ALG: not measured (--backend tcrypt"));
    EXPECT_TRUE(has(t, "in-kernel per driver, ns per operation"));
    EXPECT_FALSE(has(t, "verdict:"));
}

TEST(OutputBackends, CsvHasARowPerBackend) {
    std::string csv = run_csv(with_tcrypt(false));
    EXPECT_TRUE(has(csv.substr(0, csv.find('\n')), ",backend,ns_per_op,fit_a_ns,fit_b_ns_per_byte,"
                                                   "fit_marginal_gb_per_s,fit_r_squared,"
                                                   "fit_max_rel_residual,tcrypt_sec"));
    // AF_ALG rows: ns/op from the median ops/s (4000/s: 250 us), no fit (2 sizes).
    EXPECT_TRUE(has(csv, ",afalg,250000,,,,,,1,")) << csv;
    // tcrypt rows: one measurement, the fit of that driver.
    EXPECT_TRUE(has(csv, "crc32c-vmx,1024,digest,1,1,")) << csv;
    // (round-trip numbers: the least-squares fit's last bits show)
    EXPECT_TRUE(has(csv, ",tcrypt,152.4,50.0000000000000")) << csv;
    EXPECT_TRUE(has(csv, ",0.09999999999999998,10.000000000000002,1,1.8649415636748036e-16,1,"))
        << csv;
}
