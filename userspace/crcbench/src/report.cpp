// SPDX-License-Identifier: GPL-2.0-only
#include "report.h"

#include <map>

namespace crcbench {

std::vector<RunRow> make_rows(const std::vector<CellResult> &cells) {
    std::vector<RunRow> rows;
    std::map<std::size_t, double> baseline; // size -> median bytes/s
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
        if (c.driver == kBaselineDriver && c.mismatches == 0)
            baseline[c.size] = r.bytes_per_s.median;
        rows.push_back(r);
    }
    for (RunRow &r : rows) {
        auto it = baseline.find(r.size);
        if (it != baseline.end() && it->second > 0 && r.mismatches == 0)
            r.ratio_to_generic = r.bytes_per_s.median / it->second;
    }
    return rows;
}

} // namespace crcbench
