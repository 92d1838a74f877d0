// SPDX-License-Identifier: GPL-2.0-only
#include "report.h"

#include <algorithm>
#include <map>

namespace crcbench {

namespace {

double relative_spread(const Summary &s) {
    return s.median > 0 ? (s.max - s.min) / s.median : 0.0;
}

} // namespace

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
            bps.push_back(t.seconds > 0 ? static_cast<double>(t.bytes) / t.seconds : 0.0);
            ops.push_back(t.seconds > 0 ? static_cast<double>(t.ops) / t.seconds : 0.0);
        }
        r.bytes_per_s = summarize(bps);
        r.ops_per_s = summarize(ops);
        r.checked_ops = c.checked_ops;
        r.mismatches = c.mismatches;
        if (c.driver == generic && c.mismatches == 0)
            baseline[c.size] = &c;
        rows.push_back(r);
    }
    auto rate = [](const TrialSample &t) {
        return t.seconds > 0 ? static_cast<double>(t.bytes) / t.seconds : 0.0;
    };
    for (std::size_t i = 0; i < rows.size(); ++i) {
        RunRow &r = rows[i];
        auto it = baseline.find(r.size);
        if (it != baseline.end() && r.mismatches == 0 &&
            it->second->trials.size() == cells[i].trials.size()) {
            std::vector<double> ratios;
            for (std::size_t k = 0; k < cells[i].trials.size(); ++k) {
                double base = rate(it->second->trials[k]);
                if (base > 0)
                    ratios.push_back(rate(cells[i].trials[k]) / base);
            }
            if (!ratios.empty() && ratios.size() == cells[i].trials.size()) {
                r.ratio_trials = summarize(ratios);
                r.ratio_to_generic = r.ratio_trials->median;
            }
        }
        r.noisy =
            relative_spread(r.ratio_trials && r.driver != generic ? *r.ratio_trials
                                                                  : r.bytes_per_s) > kNoisySpread;
    }
    return rows;
}

} // namespace crcbench
