// SPDX-License-Identifier: GPL-2.0-only
//
// What `list` and `run` report, independent of the output format.
#pragma once

#include "bench.h"
#include "crc_alg.h"
#include "driver_catalog.h"
#include "proc_crypto.h"
#include "stats.h"
#include "system_info.h"
#include "tcrypt_runner.h"
#include "user_drivers.h"

#include <optional>
#include <string>
#include <vector>

namespace crcbench {

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

} // namespace crcbench
