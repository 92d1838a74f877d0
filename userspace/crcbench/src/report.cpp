// SPDX-License-Identifier: GPL-2.0-only
#include "output.h"

#include "error.h"
#include "text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace crcbench {

std::string choose_baseline(const std::vector<AlgEntry> &drivers, CrcAlg alg) {
    auto present = [&](std::string_view name) {
        return std::any_of(drivers.begin(), drivers.end(),
                           [&](const AlgEntry &e) { return e.driver == name; });
    };
    if (alg == CrcAlg::crc32c && !present(baseline_driver(alg)) && present(kCrc32cLibDriver))
        return std::string(kCrc32cLibDriver);
    return std::string(baseline_driver(alg));
}

std::string RunReport::no_ratio_reason() const {
    const std::string_view base = baseline_name();
    if (std::find(measured.begin(), measured.end(), base) != measured.end())
        return {};
    const bool present = std::any_of(drivers.begin(), drivers.end(),
                                     [&](const AlgEntry &e) { return e.driver == base; });
    if (present)
        return "the baseline " + std::string(base) + " was not measured (add -d " +
               std::string(base) + ")";
    std::string why = "this kernel has no " + std::string(base);
    if (alg == CrcAlg::crc32c)
        why += " and no " + std::string(kCrc32cLibDriver) + " (6.17 and later)";
    return why + ": no baseline";
}

std::vector<std::string> run_warnings(const RunReport &r) {
    std::vector<std::string> out;
    const MachineState &m = r.system.machine_state;
    unsigned most = 0;
    for (unsigned t : r.thread_counts)
        most = std::max(most, t);
    std::size_t online = 0;
    std::vector<unsigned> online_cpus;
    if (m.cpus_online) {
        try {
            online_cpus = parse_cpu_list(*m.cpus_online);
            online = online_cpus.size();
        } catch (const UsageError &) {
            // not a cpulist: no count to compare with
        }
    }
    const std::vector<unsigned> &pinned = r.settings.cpus;
    if (!pinned.empty() && most > pinned.size())
        out.push_back(fmt::format(
            "{} threads on {} pinned CPU{} (--cpus {}): threads share CPUs, so ns/op and the "
            "fits (which assume a CPU per thread) overstate the time per operation; use at most "
            "{} threads or more --cpus",
            most, pinned.size(), pinned.size() == 1 ? "" : "s", format_cpu_list(pinned),
            pinned.size()));
    else if (pinned.empty() && online && most > online)
        out.push_back(fmt::format("{} threads on {} online CPUs: threads share CPUs, so ns/op "
                                  "and the fits overstate the time per operation",
                                  most, online));
    if (m.loadavg && online) {
        double load = std::strtod(m.loadavg->c_str(), nullptr);
        if (load > static_cast<double>(online))
            out.push_back(fmt::format("load average {:.2f} is above the {} online CPUs: other "
                                      "work competes with the measurement",
                                      load, online));
    }
    if (m.cpufreq_governor && *m.cpufreq_governor != "performance")
        out.push_back(fmt::format("cpufreq governor is {}, not performance: the clock may change "
                                  "during the run (cpupower frequency-set -g performance)",
                                  *m.cpufreq_governor));
    if (m.thread_siblings && pinned.size() > 1) {
        try {
            std::vector<unsigned> siblings = parse_cpu_list(*m.thread_siblings);
            std::vector<unsigned> shared;
            for (unsigned c : pinned)
                if (std::find(siblings.begin(), siblings.end(), c) != siblings.end())
                    shared.push_back(c);
            if (shared.size() > 1)
                out.push_back(fmt::format("pinned CPUs {} are SMT siblings (one core): their "
                                          "threads share its pipelines",
                                          format_cpu_list(shared)));
        } catch (const UsageError &) {
        }
    }
    // Too few or too short trials: numbers without the means to judge them.
    // With --min-runs/--max-runs the count is each row's own.
    unsigned fewest = r.settings.trials;
    if (r.settings.run_bounds) {
        fewest = r.settings.run_bounds->max;
        for (const RunRow &row : r.rows)
            fewest = std::min(fewest, row.trials);
    }
    if (fewest < kFewestTrials)
        out.push_back(fmt::format("{} trial{} per cell: no spread and no confidence interval to "
                                  "judge the numbers by; use {} {} or more",
                                  fewest, fewest == 1 ? "" : "s",
                                  r.settings.run_bounds ? "--min-runs" : "--trials",
                                  kFewestTrials));
    // Outliers by the modified z-score of each trial's bytes/s, 0.6745 (x -
    // median) / MAD (Iglewicz and Hoaglin), which one wild trial cannot
    // drag along as it does a mean and a standard deviation.
    std::size_t outlier_cells = 0, outliers = 0, trials_seen = 0;
    const RunRow *first_outlier = nullptr;
    for (const RunRow &row : r.rows) {
        const Summary &b = row.bytes_per_s;
        if (b.mad <= 0)
            continue;
        std::size_t here = 0;
        for (const TrialSample &t : row.samples) {
            if (0.6745 * std::fabs(t.bytes_per_s() - b.median) / b.mad > kOutlierZ)
                ++here;
        }
        if (here) {
            if (!first_outlier) {
                first_outlier = &row;
                outliers = here;
                trials_seen = row.samples.size();
            }
            ++outlier_cells;
        }
    }
    if (first_outlier)
        out.push_back(fmt::format(
            "outliers: {} of {} trials of {} at {} bytes{} lie far from the rest (another program, "
            "an interrupt storm or a clock change during a trial); the medians and intervals "
            "discount them, the means do not; run on a quiet machine, pin with --cpus, or use a "
            "longer --warmup or more --trials",
            outliers, trials_seen, first_outlier->driver, first_outlier->size,
            outlier_cells > 1 ? fmt::format(" (and {} more cells)", outlier_cells - 1) : ""));
    const RunRow *shortest_row = nullptr;
    double shortest = 0;
    for (const RunRow &row : r.rows)
        for (const TrialSample &t : row.samples)
            if (!shortest_row || t.seconds < shortest) {
                shortest_row = &row;
                shortest = t.seconds;
            }
    if (shortest_row && shortest < kShortestTrialSeconds)
        out.push_back(fmt::format(
            "a trial took {:.3f} ms ({} at {} bytes): trials that short measure the clock, the "
            "threads' start and the scheduler as much as the driver; use a larger --iterations "
            "or --duration (a trial of {} ms or more)",
            shortest * 1e3, shortest_row->driver, shortest_row->size, kShortestTrialSeconds * 1e3));
    return out;
}

std::vector<RunRow> make_rows(const std::vector<CellResult> &cells, CrcAlg alg) {
    return make_rows(cells, baseline_driver(alg));
}

std::vector<RunRow> make_rows(const std::vector<CellResult> &cells, std::string_view generic) {
    std::vector<RunRow> rows;
    std::map<std::size_t, const CellResult *> baseline; // size -> the baseline's cell
    for (const CellResult &c : cells) {
        RunRow r;
        r.driver = c.driver;
        r.size = c.size;
        r.trials = static_cast<unsigned>(c.trials.size());
        std::vector<double> bps, ops;
        for (const TrialSample &t : c.trials) {
            bps.push_back(t.bytes_per_s());
            ops.push_back(t.seconds > 0 ? static_cast<double>(t.ops) / t.seconds : 0.0);
        }
        r.bytes_per_s = summarize(bps);
        r.ops_per_s = summarize(ops);
        r.samples = c.trials;
        r.checked_ops = c.checked_ops;
        r.mismatches = c.mismatches;
        if (c.driver == generic && c.mismatches == 0)
            baseline[c.size] = &c;
        rows.push_back(r);
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        RunRow &r = rows[i];
        auto it = baseline.find(r.size);
        if (it != baseline.end() && r.mismatches == 0 &&
            it->second->trials.size() == cells[i].trials.size()) {
            std::vector<double> ratios;
            for (std::size_t k = 0; k < cells[i].trials.size(); ++k) {
                double base = it->second->trials[k].bytes_per_s();
                if (base > 0)
                    ratios.push_back(cells[i].trials[k].bytes_per_s() / base);
            }
            if (!ratios.empty() && ratios.size() == cells[i].trials.size()) {
                r.ratio_trials = summarize(ratios);
                r.ratio_to_generic = r.ratio_trials->median;
            }
        }
        r.is_baseline = r.driver == generic;
        const Summary &judged = r.noisy_ratio() ? *r.ratio_trials : r.bytes_per_s;
        r.noisy = judged.relative_ci_width() > kNoisySpread;
    }
    return rows;
}

} // namespace crcbench
