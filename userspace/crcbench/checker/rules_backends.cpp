// SPDX-License-Identifier: GPL-2.0-only
#include "rules.h"

#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace crcbench::check {
namespace {

// $.inkernel: tcrypt's rows against $.measured, each other and the
// generic driver's rows (the in-kernel ratios).
void check_inkernel(const JsonValue &ik, const JsonValue &cfg,
                    const std::vector<std::string> &measured, const std::string &alg, Problems &p) {
    const std::string generic = alg + "-generic";
    if (ik.num("sec") != cfg.num("tcrypt_sec"))
        p.add("$.config.tcrypt_sec", "differs from $.inkernel.sec");
    struct Row {
        double size, ns;
        std::optional<double> ratio;
        std::string path;
    };
    std::vector<Row> rows;
    std::map<double, double> generic_ns; // size -> ns/op
    std::set<std::string> with_rows;
    std::set<std::pair<std::string, double>> seen;
    const std::vector<JsonValue> &results = ik.list("results");
    for (std::size_t i = 0; i < results.size(); ++i) {
        const JsonValue &row = results[i];
        const std::string rp = "$.inkernel.results[" + std::to_string(i) + "]";
        const std::string d = row.str("driver").value_or(""),
                          rep = row.str("driver_reported").value_or("");
        const double size = row.num("size").value_or(0), ops = row.num("ops_per_s").value_or(0),
                     bytes = row.num("bytes_per_s").value_or(0),
                     ns = row.num("ns_per_op").value_or(0);
        const std::optional<double> ratio = row.num("ratio_to_generic");
        if (!contains(measured, d) || is_user_driver(d))
            p.add(rp + ".driver", "\"" + d + "\" is not a measured kernel driver");
        if (d != alg && rep != d)
            p.add(rp + ".driver_reported", "tcrypt measured another driver");
        if (!seen.insert({d, size}).second)
            p.add(rp, "duplicate row for this driver and size");
        with_rows.insert(d);
        if (std::fabs(ns * ops - 1e9) > 1e-3 * 1e9)
            p.add(rp + ".ns_per_op", "is not 10^9 / ops_per_s");
        if (std::fabs(bytes - ops * size) > 1e-3 * bytes + size)
            p.add(rp + ".bytes_per_s", "is not ops_per_s x size");
        if (rep == generic) {
            generic_ns[size] = ns;
            if (!ratio || std::fabs(*ratio - 1.0) > 1e-3)
                p.add(rp + ".ratio_to_generic", "the baseline's own ratio must be 1");
        }
        rows.push_back({size, ns, ratio, rp});
    }
    for (const Row &r : rows) {
        auto it = generic_ns.find(r.size);
        if (it == generic_ns.end() && r.ratio)
            p.add(r.path + ".ratio_to_generic", "set, but " + generic + " has no row here");
        if (it != generic_ns.end() &&
            (!r.ratio || std::fabs(*r.ratio - it->second / r.ns) > 1e-3 * *r.ratio))
            p.add(r.path + ".ratio_to_generic", "is not " + generic + "'s ns_per_op / this one's");
    }
    std::set<std::string> skipped;
    for (const JsonValue &n : ik.list("not_measured"))
        skipped.insert(n.str("driver").value_or(""));
    for (const std::string &d : measured) {
        if (is_user_driver(d) && !skipped.count(d))
            p.add("$.inkernel.not_measured", "does not name the userspace baseline " + d);
        if (!is_user_driver(d) && !with_rows.count(d))
            p.add("$.inkernel.results", "has no row for " + d);
    }
}

// A fit's a and b must reproduce its reported worst residual, its points
// count its points, and the marginal rate be 1/b.
void check_fit(const JsonValue &fit, const std::string &path,
               const std::vector<std::pair<double, double>> &xy, Problems &p) {
    const double a = fit.num("a_ns").value_or(0), b = fit.num("b_ns_per_byte").value_or(0);
    if (fit.num("points") != static_cast<double>(xy.size()))
        p.add(path + ".points", "must be the number of points, at least 3");
    const std::optional<double> gbps = fit.num("marginal_gb_per_s");
    if (b > 0 && (!gbps || std::fabs(*gbps * b - 1.0) > 1e-2))
        p.add(path + ".marginal_gb_per_s", "is not 1 / b_ns_per_byte");
    if (b <= 0 && gbps)
        p.add(path + ".marginal_gb_per_s", "must be null when b_ns_per_byte <= 0");
    // a has 3 decimals, b 6, each point's time 3, the residual 6.
    double worst = 0, slack = 1e-6;
    for (const auto &[x, y] : xy) {
        worst = std::max(worst, std::fabs(a + b * x - y) / y);
        slack = std::max(slack, (1e-3 + 5e-7 * x) / y + 1e-6);
    }
    if (std::fabs(worst - fit.num("max_rel_residual").value_or(0)) > slack)
        p.add(path + ".max_rel_residual", "does not match a_ns and b_ns_per_byte");
}

// $.fits: one per driver and backend (afalg: per thread count).
void check_fits(const JsonValue &doc, const std::vector<std::string> &backends,
                const std::vector<std::string> &measured, Problems &p) {
    std::set<std::tuple<std::string, std::string, double>> seen;
    const std::vector<JsonValue> &fits = doc.list("fits");
    for (std::size_t i = 0; i < fits.size(); ++i) {
        const JsonValue &f = fits[i];
        const std::string path = "$.fits[" + std::to_string(i) + "]";
        const std::string d = f.str("driver").value_or(""), b = f.str("backend").value_or("");
        if (!contains(measured, d))
            p.add(path + ".driver", "\"" + d + "\" is not in $.measured");
        // user: baselines run in the afalg pass without AF_ALG: backend "user".
        if (is_user_driver(d) ? b != "user" || !contains(backends, "afalg")
                              : !contains(backends, b))
            p.add(path + ".backend",
                  "\"" + b + "\" is not " +
                      (is_user_driver(d) ? "\"user\" (a user: baseline)" : "in $.config.backends"));
        if (!seen.insert({d, b, f.num("threads").value_or(0)}).second)
            p.add(path, "duplicate fit for this driver, backend and thread count");
        std::vector<std::pair<double, double>> xy;
        for (const JsonValue &pt : f.list("points"))
            if (auto size = pt.num("size"), ns = pt.num("ns_per_op"); size && ns && *ns > 0)
                xy.push_back({*size, *ns});
        if (const JsonValue *fit = f.obj("fit"))
            check_fit(*fit, path + ".fit", xy, p);
    }
    for (const std::string &d : measured) {
        const std::string own = is_user_driver(d) ? "user" : "afalg";
        auto has = [&](const std::string &backend) {
            for (const auto &[driver, b, t] : seen)
                if (driver == d && b == backend)
                    return true;
            return false;
        };
        if (contains(backends, "afalg") && !has(own))
            p.add("$.fits", "has no " + own + " fit for " + d);
        if (contains(backends, "tcrypt") && !is_user_driver(d) && !has("tcrypt"))
            p.add("$.fits", "has no tcrypt fit for " + d);
    }
}

} // namespace

void check_backends(const JsonValue &doc, const std::vector<std::string> &measured, Problems &p) {
    const JsonValue *cfg = doc.obj("config");
    if (!cfg || !cfg->get("backends"))
        return; // a report from before the backends: nothing of theirs to check
    std::vector<std::string> backends;
    for (const JsonValue &b : cfg->list("backends"))
        backends.push_back(b.text);
    const JsonValue *ik = doc.obj("inkernel");
    if (!contains(backends, "tcrypt")) {
        if (ik)
            p.add("$.inkernel", "must be null without the tcrypt backend");
        if (cfg->num("tcrypt_sec"))
            p.add("$.config.tcrypt_sec", "must be null without the tcrypt backend");
    } else if (!ik) {
        p.add("$.inkernel", "must be an object with the tcrypt backend");
    } else {
        check_inkernel(*ik, *cfg, measured, report_alg(doc), p);
    }
    check_fits(doc, backends, measured, p);
}

} // namespace crcbench::check
