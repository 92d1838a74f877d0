// SPDX-License-Identifier: GPL-2.0-only
//
// The reports of list, run and verify and their rendering: a table for
// people, JSON and CSV for scripts (report_<command>.cpp). The JSON and CSV
// fields are a documented interface: add fields, never rename or remove them.
#pragma once

#include "bench.h"
#include "cli.h"
#include "crc_alg.h"
#include "driver_catalog.h"
#include "stats.h"
#include "system_info.h"
#include "tcrypt_runner.h"
#include "user_drivers.h"
#include "verifier.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace nlohmann {
template <typename T> struct adl_serializer<std::optional<T>> {
    template <typename J> static void to_json(J &j, const std::optional<T> &v) {
        j = v ? J(*v) : J(nullptr);
    }
};
} // namespace nlohmann

namespace crcbench {

inline std::string_view baseline_driver(CrcAlg alg) {
    return alg_info(alg).generic_driver;
}

// Linux 6.17 renamed the crypto API's software crc32c (a wrapper of the
// crc32c() library since 6.14) to crc32c-lib: there is no crc32c-generic.
inline constexpr std::string_view kCrc32cLibDriver = "crc32c-lib";

// The generic driver, else (crc32c) crc32c-lib, else the generic driver's
// name (absent: no ratios).
std::string choose_baseline(const std::vector<AlgEntry> &drivers, CrcAlg alg);

// The widest relative_ci_width() of a cell's ratio (else its bytes/s) that
// is not noisy: more trials narrow the interval, so they make fewer cells
// noisy, not more.
inline constexpr double kNoisySpread = 0.10;

struct ListReport : ReportBase {
    bool ambiguous = false;
};

struct RunRow {
    unsigned threads = 1;
    std::string driver;
    std::size_t size = 0;
    unsigned trials = 0;
    Summary bytes_per_s{};
    Summary ops_per_s{};
    // Paired: trial k of a driver over trial k of the baseline (run back to
    // back), so drift common to both cancels.
    std::optional<double> ratio_to_generic{}; // median of the per-trial ratios
    std::optional<Summary> ratio_trials{};
    bool noisy = false;
    // `noisy` judged the ratio's interval, not the throughput's.
    bool noisy_ratio() const { return ratio_trials && ratio_to_generic && !is_baseline; }
    bool is_baseline = false;
    std::vector<TrialSample> samples{};
    std::uint64_t checked_ops = 0;
    std::uint64_t mismatches = 0;

    // The time one thread spends on one operation.
    double ns_per_op() const { return ops_per_s.median > 0 ? threads * 1e9 / ops_per_s.median : 0; }
};

struct RunReport : ReportBase {
    BenchSettings settings;                 // settings.threads: the first count
    std::vector<unsigned> thread_counts{1}; // --threads: one run each, rows by count
    // --cpus, else occupied_cpus() of the largest thread count; empty: not pinned.
    std::vector<unsigned> pinned_cpus;
    std::vector<std::size_t> sizes;
    std::vector<std::string> measured;
    std::vector<RunRow> rows;         // by thread count, size, then driver
    std::vector<Mismatch> mismatches; // first mismatch per failing cell
    // rows are afalg's, inkernel tcrypt's.
    std::vector<Backend> backends{Backend::afalg};
    std::optional<InKernelResults> inkernel;
    int interrupted_by = 0; // the signal, 0: complete
    std::string baseline;   // choose_baseline(); empty: the generic driver
    std::vector<std::string> warnings;

    std::string_view baseline_name() const {
        return baseline.empty() ? baseline_driver(alg) : std::string_view(baseline);
    }
    // Why the ratios are "-": empty when the baseline was measured.
    std::string no_ratio_reason() const;
    bool ok() const { return mismatches.empty(); }
};

// What makes this run's numbers hard to read or compare, a sentence each.
std::vector<std::string> run_warnings(const RunReport &r);

// Below these, run_warnings() says the trials cannot be judged: fewer
// trials leave no interval, and a shorter trial is mostly timer and
// scheduler (hyperfine warns below the same few milliseconds).
inline constexpr unsigned kFewestTrials = 3;
inline constexpr double kShortestTrialSeconds = 0.005;
// A trial whose modified z-score exceeds this is an outlier (the cut-off
// Iglewicz and Hoaglin recommend).
inline constexpr double kOutlierZ = 3.5;

std::vector<RunRow> make_rows(const std::vector<CellResult> &cells,
                              std::string_view baseline = baseline_driver(CrcAlg::crc32c));

using Json = nlohmann::ordered_json;

inline constexpr std::string_view kRunSchema = "crcbench-alg.run.v2";
inline constexpr std::string_view kListSchema = "crcbench-alg.list.v1";
inline constexpr std::string_view kVerifySchema = "crcbench-alg.verify.v1";

std::string list_table(const ListReport &r);
std::string list_json(const ListReport &r);
std::string list_csv(const ListReport &r);

std::string run_table(const RunReport &r);
std::string run_json(const RunReport &r);
std::string run_csv(const RunReport &r);
std::string run_trials_csv(const RunReport &r);
// The side-by-side table (when tcrypt ran) and the fits.
std::string backends_table(const RunReport &r);

std::string render(const ListReport &r, Format f);
std::string render(const RunReport &r, Format f);

struct VerifyReport : ReportBase {
    std::string origin;                // "N fixed + M random cases (--seed S), ..."
    std::optional<std::uint64_t> seed; // none with --case
    std::vector<DriverVerdict> verdicts;
    std::vector<NotMeasured> not_run; // drivers the kernel does not hand out, and why
    int interrupted_by = 0;
    bool ok() const;
};
std::string verify_json(const VerifyReport &r);

// --- the parts every report shares (report_common.cpp) ---

// Bytes that are not UTF-8 as U+FFFD, doubles in their shortest round-trip
// form (non-finite as null); no final newline.
std::string json_text(const Json &j);
Json report_head(std::string_view schema, const ReportBase &r);
void add_drivers(Json &j, const ReportBase &r);
void add_partial(Json &j, int interrupted_by);
void to_json(Json &j, const UserDriver &u);
void to_json(Json &j, const NotMeasured &n);

// Every table's first lines: the tool and COMMAND, the system, the algorithm.
std::string table_head(std::string_view command, const ReportBase &r);
std::string resolve_line(const std::optional<std::string> &to, bool ambiguous,
                         CrcAlg alg = CrcAlg::crc32c);
std::string alg_line(CrcAlg alg);
// "PARTIAL: interrupted by SIGINT; WHAT", empty when complete.
std::string partial_line(int interrupted_by, const std::string &what);
// "*** kEmulationNotice ***", empty when not emulated.
std::string notice_line(const SystemInfo &s);

// Nested members named by their path joined with '_' (bytes_per_s_min).
Json flat(const Json &j, const std::string &prefix = "");
// header: the columns, comma-separated. A cell spelled as the JSON spells it
// (lists space-separated; null empty).
std::string csv_table(std::string_view header, const std::vector<Json> &rows);

class Table {
  public:
    // align: one letter per column, 'l' left or 'r' right.
    Table(std::vector<std::string> header, std::string align) : align_(std::move(align)) {
        rows_.push_back(std::move(header));
    }
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }

    std::string str() const {
        std::vector<std::size_t> width;
        for (const auto &row : rows_) {
            width.resize(std::max(width.size(), row.size()), 0);
            for (std::size_t i = 0; i < row.size(); ++i)
                width[i] = std::max(width[i], row[i].size());
        }
        std::string out;
        for (const auto &row : rows_) {
            std::string line;
            for (std::size_t i = 0; i < row.size(); ++i) {
                std::string pad(width[i] - row[i].size(), ' ');
                line +=
                    "  " + (i < align_.size() && align_[i] == 'r' ? pad + row[i] : row[i] + pad);
            }
            out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
        }
        return out;
    }

  private:
    std::string align_;
    std::vector<std::vector<std::string>> rows_;
};

} // namespace crcbench
