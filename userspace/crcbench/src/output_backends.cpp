// SPDX-License-Identifier: GPL-2.0-only
#include "output_backends.h"

#include "text_table.h"
#include "units.h"

#include <fmt/format.h>
#include <map>
#include <set>

namespace crcbench {
namespace {

const BackendFit *find_fit(const std::vector<BackendFit> &fits, const std::string &driver,
                           Backend b, unsigned threads) {
    for (const BackendFit &f : fits)
        if (f.driver == driver && f.backend == b && f.threads == threads)
            return &f;
    return nullptr;
}

std::string ns(double v) {
    return format_fixed(v, 1);
}

std::string ratio(const std::optional<double> &v) {
    return v ? format_fixed(*v, 2) + "x" : "-";
}

std::string size_span(const std::vector<SizeTime> &points) {
    if (points.empty())
        return "-";
    std::size_t lo = points.front().size, hi = lo;
    for (const SizeTime &p : points) {
        lo = std::min(lo, p.size);
        hi = std::max(hi, p.size);
    }
    return format_size(lo) + ".." + format_size(hi);
}

// The backend a fit is labelled with: user: baselines run in the afalg pass
// but hash in this process, no AF_ALG: "user".
std::string_view fit_backend(const BackendFit &f) {
    return f.driver.starts_with("user:") ? std::string_view("user") : backend_name(f.backend);
}

std::string backend_label(const RunReport &r, const BackendFit &f) {
    std::string label(fit_backend(f));
    if (f.backend == Backend::afalg && r.thread_counts.size() > 1)
        label += fmt::format(" {}T", f.threads);
    return label;
}

std::string side_by_side(const RunReport &r) {
    const bool afalg = !r.rows.empty();
    const unsigned threads = r.thread_counts.front();
    std::string out = std::string(afalg ? "both backends per driver" : "in-kernel per driver") +
                      ", ns per operation (one digest of SIZE bytes)";
    out += afalg && threads > 1 ? ", AF_ALG at " + std::to_string(threads) + " threads" : "";
    out += r.system.emulation.emulated() ? ", EMULATED" : "";
    out += ":\n  end to end (AF_ALG): throughput ratio to " + std::string(r.baseline_name()) +
           " through AF_ALG, system calls included;\n  in-kernel: tcrypt (sec=" +
           std::to_string(r.inkernel->sec) + "), the ratio of the times inside the kernel\n";
    Table t({"DRIVER", "SIZE", "AF_ALG ns/op", "end to end (AF_ALG)", "in-kernel ns/op",
             "in-kernel vs generic"},
            "lrrrrr");
    for (const std::string &d : r.measured) {
        std::map<std::size_t, std::pair<const RunRow *, const InKernelRow *>> by_size;
        for (const RunRow &row : r.rows)
            if (row.driver == d && row.threads == threads)
                by_size[row.size].first = &row;
        for (const InKernelRow &row : r.inkernel->rows)
            if (row.driver == d)
                by_size[row.size].second = &row;
        if (by_size.empty())
            continue;
        for (const auto &[size, pair] : by_size) {
            const auto &[a, k] = pair;
            t.add({d, format_size(size), a ? ns(afalg_ns_per_op(*a)) : "-",
                   a ? ratio(a->ratio_to_generic) + (a->noisy ? "~" : "") : "-",
                   k ? ns(k->ns_per_op) : "-", k ? ratio(k->ratio_to_generic) : "-"});
        }
    }
    out += t.str();
    for (const NotMeasured &n : r.inkernel->not_measured)
        out += "  " + n.driver + ": no tcrypt row (" + n.reason + ")\n";
    return out;
}

// How far below zero an intercept may lie and still be noise around zero.
constexpr double kInterceptNoiseSe = 2.0;

std::string fits_table(const RunReport &r) {
    std::string out = "fit time_ns = a + b*size per driver and backend (least squares on "
                      "relative error): a = per-call cost,\n1/b = marginal throughput "
                      "(GB/s = 10^9 bytes/s); R^2 and the largest relative residual say "
                      "how well the line fits; +- one standard error";
    out += r.system.emulation.emulated() ? " (EMULATED)" : "";
    out += ":\n";
    Table t({"DRIVER", "BACKEND", "SIZES", "a ns/call", "1/b GB/s", "R^2", "max resid"}, "lllrrrr");
    std::vector<std::string> no_fit, negative;
    for (const BackendFit &f : make_fits(r.rows, r.inkernel)) {
        if (!f.result.fit) {
            no_fit.push_back(f.driver + " " + backend_label(r, f) + ": no fit, " +
                             f.result.no_fit_reason);
            continue;
        }
        const LineFit &l = *f.result.fit;
        // Within a couple of standard errors of zero the intercept is noise
        // around a small cost; far below zero no positive cost fits, so the
        // straight line is the wrong model for these sizes.
        double below = l.a_se_ns > 0 ? -l.a_ns / l.a_se_ns : 0.0;
        if (l.negative_intercept() && below <= kInterceptNoiseSe)
            negative.push_back(fmt::format(
                "{} {}: a = {:.1f} ns < 0 ({:.1f} standard errors): the per-call cost is below "
                "what the fit resolves, read it as about 0",
                f.driver, backend_label(r, f), l.a_ns, below));
        else if (l.negative_intercept())
            negative.push_back(fmt::format(
                "{} {}: a = {:.1f} ns < 0 ({:.1f} standard errors): the straight line does not "
                "fit these sizes (the time is not a + b*size here; see max resid), so neither a "
                "nor 1/b means what it says; fit a narrower range of sizes (-s)",
                f.driver, backend_label(r, f), l.a_ns, below));
        t.add(
            {f.driver, backend_label(r, f), size_span(f.points),
             fmt::format("{}{} +-{:.1f}", ns(l.a_ns), l.negative_intercept() ? "*" : "", l.a_se_ns),
             l.marginal_gb_per_s ? format_fixed(*l.marginal_gb_per_s, 3) : "-",
             format_fixed(l.r_squared, 4), format_fixed(l.max_rel_residual * 100, 1) + "%"});
    }
    out += t.str();
    for (const std::string &line : no_fit)
        out += "  " + line + "\n";
    for (const std::string &line : negative)
        out += "  * " + line + "\n";
    if (r.inkernel)
        for (const NotMeasured &n : r.inkernel->not_measured)
            out += "  " + n.driver + " tcrypt: no tcrypt row (" + n.reason + ")\n";
    return out;
}

void fit_object(JsonWriter &w, const LineFitResult &res) {
    w.key("fit");
    if (!res.fit) {
        w.null();
        w.field("no_fit_reason", res.no_fit_reason);
        return;
    }
    const LineFit &f = *res.fit;
    w.begin_object();
    w.field("a_ns", f.a_ns);
    w.field("b_ns_per_byte", f.b_ns_per_byte);
    w.field("marginal_gb_per_s", f.marginal_gb_per_s);
    w.field("r_squared", f.r_squared);
    w.field("max_rel_residual", f.max_rel_residual);
    w.field("points", static_cast<std::uint64_t>(f.points));
    w.field("a_se_ns", f.a_se_ns);
    w.field("b_se_ns_per_byte", f.b_se_ns_per_byte);
    w.field("negative_intercept", f.negative_intercept());
    w.end_object();
    w.key("no_fit_reason").null();
}

} // namespace

double afalg_ns_per_op(const RunRow &row) {
    return row.ops_per_s.median > 0 ? row.threads * 1e9 / row.ops_per_s.median : 0.0;
}

std::string backends_table(const RunReport &r) {
    std::string out;
    if (r.inkernel)
        out += side_by_side(r);
    if (!r.rows.empty() || r.inkernel)
        out += fits_table(r);
    return out;
}

void backends_config_json(JsonWriter &w, const RunReport &r) {
    w.key("backends").begin_array();
    for (Backend b : r.backends)
        w.value(backend_name(b));
    w.end_array();
    w.key("tcrypt_sec");
    if (r.inkernel)
        w.value(r.inkernel->sec);
    else
        w.null();
}

void backends_json(JsonWriter &w, const RunReport &r) {
    w.key("inkernel");
    if (!r.inkernel) {
        w.null();
    } else {
        w.begin_object();
        w.field("backend", "tcrypt");
        w.field("sec", r.inkernel->sec);
        w.key("results").begin_array();
        for (const InKernelRow &row : r.inkernel->rows) {
            w.begin_object();
            w.field("driver", row.driver);
            w.field("driver_reported", row.driver_reported);
            w.field("size", static_cast<std::uint64_t>(row.size));
            w.field("ops_per_s", row.ops_per_s);
            w.field("bytes_per_s", row.bytes_per_s);
            w.field("ns_per_op", row.ns_per_op);
            w.field("ratio_to_generic", row.ratio_to_generic);
            w.end_object();
        }
        w.end_array();
        w.key("not_measured").begin_array();
        for (const NotMeasured &n : r.inkernel->not_measured) {
            w.begin_object();
            w.field("driver", n.driver);
            w.field("reason", n.reason);
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    w.key("fits").begin_array();
    for (const BackendFit &f : make_fits(r.rows, r.inkernel)) {
        w.begin_object();
        w.field("driver", f.driver);
        w.field("backend", fit_backend(f));
        w.field("threads", f.threads);
        w.key("points").begin_array();
        for (const SizeTime &p : f.points) {
            w.begin_object();
            w.field("size", static_cast<std::uint64_t>(p.size));
            w.field("ns_per_op", p.ns_per_op);
            w.end_object();
        }
        w.end_array();
        fit_object(w, f.result);
        w.end_object();
    }
    w.end_array();
}

std::string backends_csv_header() {
    return ",backend,ns_per_op,fit_a_ns,fit_b_ns_per_byte,fit_marginal_gb_per_s,fit_r_squared,"
           "fit_max_rel_residual,tcrypt_sec";
}

std::string backends_csv_cells(const RunReport &r, const std::vector<BackendFit> &fits,
                               const std::string &driver, Backend backend, unsigned threads,
                               double ns_per_op) {
    std::string out = fmt::format(",{},{}", backend_name(backend), format_round_trip(ns_per_op));
    const BackendFit *f = find_fit(fits, driver, backend, threads);
    if (f && f->result.fit) {
        const LineFit &l = *f->result.fit;
        out += fmt::format(
            ",{},{},{},{},{}", format_round_trip(l.a_ns), format_round_trip(l.b_ns_per_byte),
            l.marginal_gb_per_s ? format_round_trip(*l.marginal_gb_per_s) : std::string(),
            format_round_trip(l.r_squared), format_round_trip(l.max_rel_residual));
    } else {
        out += ",,,,,";
    }
    out += fmt::format(",{}", r.inkernel ? std::to_string(r.inkernel->sec) : std::string());
    return out;
}

} // namespace crcbench
