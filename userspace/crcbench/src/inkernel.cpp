// SPDX-License-Identifier: GPL-2.0-only
#include "inkernel.h"

#include "report.h"

#include <map>

namespace crcbench {

std::vector<InKernelRow> inkernel_rows(const std::string &driver, const TcryptRun &run) {
    std::vector<InKernelRow> out;
    for (const TcryptRow &t : digest_rows(run)) {
        if (t.ops_per_s == 0)
            continue; // slower than one per second: no time to report
        InKernelRow r;
        r.driver = driver;
        r.driver_reported = run.reported_driver;
        r.size = t.block_len;
        r.ops_per_s = static_cast<double>(t.ops_per_s);
        r.bytes_per_s = static_cast<double>(t.bytes_per_s);
        r.ns_per_op = 1e9 / r.ops_per_s;
        out.push_back(r);
    }
    return out;
}

void add_inkernel_ratios(std::vector<InKernelRow> &rows, CrcAlg alg) {
    add_inkernel_ratios(rows, baseline_driver(alg));
}

void add_inkernel_ratios(std::vector<InKernelRow> &rows, std::string_view baseline) {
    std::map<std::size_t, double> generic; // size -> ns/op
    for (const InKernelRow &r : rows)
        if (r.driver_reported == baseline)
            generic[r.size] = r.ns_per_op;
    for (InKernelRow &r : rows) {
        auto it = generic.find(r.size);
        if (it != generic.end() && r.ns_per_op > 0)
            r.ratio_to_generic = it->second / r.ns_per_op;
        else
            r.ratio_to_generic.reset();
    }
}

std::vector<BackendFit> make_fits(const std::vector<RunRow> &afalg_rows,
                                  const std::optional<InKernelResults> &inkernel) {
    std::vector<BackendFit> fits;
    auto slot = [&fits](const std::string &driver, Backend b, unsigned threads) -> BackendFit & {
        for (BackendFit &f : fits)
            if (f.driver == driver && f.backend == b && f.threads == threads)
                return f;
        fits.push_back({driver, b, threads, {}, {}});
        return fits.back();
    };
    for (const RunRow &r : afalg_rows) {
        BackendFit &f = slot(r.driver, Backend::afalg, r.threads);
        double ns = r.ops_per_s.median > 0 ? r.threads * 1e9 / r.ops_per_s.median : 0.0;
        f.points.push_back({r.size, ns});
    }
    if (inkernel)
        for (const InKernelRow &r : inkernel->rows)
            slot(r.driver, Backend::tcrypt, 1).points.push_back({r.size, r.ns_per_op});
    for (BackendFit &f : fits)
        f.result = fit_line(f.points);
    return fits;
}

} // namespace crcbench
