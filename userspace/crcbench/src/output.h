// SPDX-License-Identifier: GPL-2.0-only
//
// Rendering of reports: an aligned table for people, JSON and CSV for
// scripts, one source file per report (report_list.cpp, report_run.cpp,
// report_file.cpp, report_verify.cpp) and the parts they share
// (report_common.cpp). The JSON and CSV fields are a stable, documented
// interface (README: "Output formats"); add fields, never rename or remove
// them.
#pragma once

#include "bench.h"
#include "crc_alg.h"
#include "driver_catalog.h"
#include "options.h"
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

// A JSON value of an optional: the value, or null where there is none.
namespace nlohmann {
template <typename T> struct adl_serializer<std::optional<T>> {
    template <typename J> static void to_json(J &j, const std::optional<T> &v) {
        if (v)
            j = *v;
        else
            j = nullptr;
    }
};
} // namespace nlohmann

namespace crcbench {

// What `list` and `run` report, independent of the output format.
// The algorithm's generic driver ("crc32c-generic", "crct10dif-generic",
// "crc64-rocksoft-generic"): the default baseline of the ratios.
inline std::string_view baseline_driver(CrcAlg alg) {
    return alg_info(alg).generic_driver;
}

// Linux 6.17 renamed the crypto API's software crc32c (a wrapper of the
// crc32c() library since 6.14) to crc32c-lib: there is no crc32c-generic.
inline constexpr std::string_view kCrc32cLibDriver = "crc32c-lib";

// The baseline of a kernel's drivers: the generic driver when present, else
// (crc32c) crc32c-lib, else the generic driver's name (absent: no ratios).
std::string choose_baseline(const std::vector<AlgEntry> &drivers, CrcAlg alg);

// A cell is noisy when the confidence interval of the median of its paired
// ratios (without a ratio: of its bytes/s) is wider than this fraction of
// the median (Summary::relative_ci_width). More trials narrow the interval,
// so more --trials make fewer cells noisy, not more.
inline constexpr double kNoisySpread = 0.10;

struct ListReport : ReportBase {
    bool ambiguous = false;
};

struct RunRow {
    unsigned threads = 1; // the thread count of this row's run (sweep)
    std::string driver;
    std::size_t size = 0;
    unsigned trials = 0;
    Summary bytes_per_s;
    Summary ops_per_s;
    // Paired: trial k of a driver over trial k of the baseline (the drivers
    // of one trial run back to back), so drift common to both cancels.
    std::optional<double> ratio_to_generic; // median of the per-trial ratios
    std::optional<Summary> ratio_trials;    // their min / median / max, MAD, CI
    bool noisy = false;                     // relative_ci_width() above kNoisySpread
    // Which interval `noisy` judged: the ratio's, or (the baseline's own row,
    // and a row without a ratio) the throughput's.
    bool noisy_ratio() const { return ratio_trials && ratio_to_generic && !is_baseline; }
    bool is_baseline = false;         // the row of the driver the ratios divide by
    std::vector<TrialSample> samples; // every trial, in order
    std::uint64_t checked_ops = 0;
    std::uint64_t mismatches = 0;

    // ns per operation: the time one thread spends on one.
    double ns_per_op() const { return ops_per_s.median > 0 ? threads * 1e9 / ops_per_s.median : 0; }
};

struct RunReport : ReportBase {
    BenchSettings settings;                 // settings.threads: the first count
    std::vector<unsigned> thread_counts{1}; // --threads: one run each, rows by count
    // The CPUs the workers were pinned to, ascending: --cpus when given, else
    // those the largest thread count occupied of the affinity mask at the
    // start (occupied_cpus; each smaller count uses the first of them);
    // empty when the mask could not be read (not pinned).
    std::vector<unsigned> pinned_cpus;
    std::vector<std::size_t> sizes;
    std::vector<std::string> measured; // the drivers this run measured
    std::vector<RunRow> rows;          // by thread count, size, then driver
    std::vector<Mismatch> mismatches;  // first mismatch per failing cell
    // --backend: rows are afalg's, inkernel tcrypt's (tcrypt_runner.h; the fits
    // of both are derived from them: make_fits)
    std::vector<Backend> backends{Backend::afalg};
    std::optional<InKernelResults> inkernel;
    // SIGINT/SIGTERM ended the run early (its signal number, 0: complete):
    // the rows hold the trials every driver of a size completed.
    int interrupted_by = 0;
    std::string baseline;              // choose_baseline(); empty: the generic driver
    std::vector<std::string> warnings; // run_warnings()

    std::string_view baseline_name() const {
        return baseline.empty() ? baseline_driver(alg) : std::string_view(baseline);
    }
    // Why the ratios are "-": empty when the baseline was measured.
    std::string no_ratio_reason() const;
    bool ok() const { return mismatches.empty(); }
};

// What makes this run's numbers hard to read or compare, one sentence
// each: threads above the pinned CPUs or the online CPUs (ns/op and the fits
// assume a CPU per thread), load above the CPU count, a cpufreq governor
// other than performance, pinned CPUs that are SMT siblings. Printed on
// stderr and kept in the JSON ("warnings").
std::vector<std::string> run_warnings(const RunReport &r);

// Below these, run_warnings() says the trials cannot be judged: fewer
// trials leave no interval, and a shorter trial is mostly timer and
// scheduler (hyperfine warns below the same few milliseconds).
inline constexpr unsigned kFewestTrials = 3;
inline constexpr double kShortestTrialSeconds = 0.005;
// A trial whose modified z-score exceeds this is an outlier (the cut-off
// Iglewicz and Hoaglin recommend).
inline constexpr double kOutlierZ = 3.5;

// Turns measured cells into rows with statistics and baseline ratios.
// The ratios are to baseline_driver(alg).
std::vector<RunRow> make_rows(const std::vector<CellResult> &cells, CrcAlg alg = CrcAlg::crc32c);
// The same with the ratios to `baseline`.
std::vector<RunRow> make_rows(const std::vector<CellResult> &cells, std::string_view baseline);

// Members in document order.
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
// --runs-csv: one row per trial of every cell (the JSON's samples[]).
std::string run_trials_csv(const RunReport &r);
// Table: the side-by-side table (when tcrypt ran) and the fits.
std::string backends_table(const RunReport &r);

std::string render(const ListReport &r, Format f);
std::string render(const RunReport &r, Format f);

// "emulation" values in JSON: none, qemu_tcg, qemu_kvm, qemu_user, forced.
std::string_view emulation_name(Emulation e);

// verify --json: what was checked against what, each driver's verdict and
// the reproducers of its first mismatches.
struct VerifyReport : ReportBase {
    std::string origin;                // "N fixed + M random cases (--seed S), ..."
    std::optional<std::uint64_t> seed; // of the random cases; none with --case
    std::vector<DriverVerdict> verdicts;
    std::vector<NotMeasured> not_run; // drivers the kernel does not hand out, and why
    // SIGINT/SIGTERM ended the cases early (its signal number, 0: complete):
    // the verdicts are of the cases run before it.
    int interrupted_by = 0;
    bool ok() const;
};
std::string verify_json(const VerifyReport &r);

// --- the parts every report shares (report_common.cpp) ---

// The text of a JSON value: strings escaped, every byte sequence that is not
// UTF-8 as U+FFFD, doubles in their shortest round-trip form (non-finite as
// null), indented by two. A report adds the final newline.
std::string json_text(const Json &j);
// The start of every JSON report: schema, tool, version, alg (the --alg
// algorithm of every driver in it), system and notice (the emulation's).
Json report_head(std::string_view schema, const ReportBase &r);
// "drivers" (each with "resolves_crc32c"), "crc32c_resolves_to" and "user_drivers".
void add_drivers(Json &j, const ReportBase &r);
// "partial" (SIGINT/SIGTERM cut the command short) and "interrupted_by"
// (the signal's name, null when complete): run, file and verify reports.
void add_partial(Json &j, int interrupted_by);
void to_json(Json &j, const UserDriver &u);
void to_json(Json &j, const NotMeasured &n);

// Table output: the system lines (kernel, CPU, state, emulation banner).
std::string system_lines(const SystemInfo &s);
// The line that says what "crc32c" (the algorithm's name) resolves to, and
// one that names the algorithm.
std::string resolve_line(const std::optional<std::string> &to, bool ambiguous,
                         CrcAlg alg = CrcAlg::crc32c);
std::string alg_line(CrcAlg alg);
// Table output: the last line of an interrupted command, "PARTIAL:
// interrupted by SIGINT; WHAT" (empty when it completed).
std::string partial_line(int interrupted_by, const std::string &what);

// CSV: a cell, RFC 4180-quoted when needed.
std::string csv_cell(std::string_view s);
// A report's JSON object flattened for a CSV row: nested objects' members
// named by their path joined with '_' (bytes_per_s.min: bytes_per_s_min).
Json flat(const Json &j);
// CSV from rows of the report's JSON: a column is the row's member of that
// name, spelled as the JSON spells it (true/false; numbers as written;
// lists space-separated); absent or null: an empty cell.
std::string csv_table(const std::vector<std::string> &columns, const std::vector<Json> &rows);

// Column-aligned text tables of the table outputs (report_*.cpp).
// Column-aligned text: left-aligned first columns, right-aligned numbers.
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
            std::string line = "  ";
            for (std::size_t i = 0; i < row.size(); ++i) {
                std::string pad(width[i] - row[i].size(), ' ');
                line += (i < align_.size() && align_[i] == 'r') ? pad + row[i] : row[i] + pad;
                if (i + 1 < row.size())
                    line += "  ";
            }
            line.erase(line.find_last_not_of(' ') + 1);
            out += line + "\n";
        }
        return out;
    }

  private:
    std::string align_;
    std::vector<std::vector<std::string>> rows_;
};

} // namespace crcbench
