// SPDX-License-Identifier: GPL-2.0-only
#include "report_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/pointer.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <sstream>
#include <tuple>
#include <type_traits>

namespace crcbench::check {
namespace {

struct Problems {
    std::vector<std::string> list;
    void add(const std::string &path, const std::string &what) {
        list.push_back(path + ": " + what);
    }
};

// f(item, "PATH[i]") for each item of the array at PATH.
template <typename F> void each(const std::vector<JsonValue> &items, const std::string &path, F f) {
    for (std::size_t i = 0; i < items.size(); ++i)
        f(items[i], path + "[" + std::to_string(i) + "]");
}

template <typename T> bool contains(const std::vector<T> &v, const std::type_identity_t<T> &x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

bool is_user_driver(const std::string &d) {
    return d.rfind("user:", 0) == 0;
}

// "crc32c" when absent (reports of older tools).
std::string report_alg(const JsonValue &doc) {
    return doc.str("alg").value_or("crc32c");
}

// Returns the names a report may have measured.
std::vector<std::string> check_header(const JsonValue &doc, const Expectations &expect,
                                      Problems &p) {
    // An emulated report says its figures are not POWER's; others say nothing.
    const JsonValue *sys = doc.obj("system");
    std::optional<bool> emulated = sys ? sys->flag("emulated") : std::nullopt;
    if (emulated) {
        std::optional<std::string> notice = doc.str("notice");
        if (*emulated && (!notice || notice->find("NOT POWER performance") == std::string::npos))
            p.add("$.notice", "an emulated report must say its figures are NOT POWER performance");
        if (!*emulated && notice)
            p.add("$.notice", "must be null when not emulated");
        if (expect.emulated && *expect.emulated != *emulated)
            p.add("$.system.emulated", *emulated ? "true, expected false" : "false, expected true");
    }
    // Each driver once; at most one resolves, and it is crc32c_resolves_to.
    std::vector<std::string> names;
    std::optional<std::string> resolving;
    int resolvers = 0;
    each(doc.list("drivers"), "$.drivers", [&](const JsonValue &d, const std::string &path) {
        std::string name = d.str("driver").value_or("");
        if (contains(names, name))
            p.add(path, "driver \"" + name + "\" listed twice");
        names.push_back(name);
        if (d.flag("resolves_crc32c").value_or(false)) {
            ++resolvers;
            resolving = name;
        }
    });
    if (resolvers > 1)
        p.add("$.drivers", "more than one driver marked resolves_crc32c");
    std::optional<std::string> resolves = doc.str("crc32c_resolves_to");
    if (!resolves && resolving)
        p.add("$.crc32c_resolves_to", "null but a driver is marked resolves_crc32c");
    if (resolves && resolves != resolving)
        p.add("$.crc32c_resolves_to",
              "\"" + *resolves + "\" is not the driver marked resolves_crc32c");
    // A user: baseline has a reason exactly when it is unavailable.
    each(doc.list("user_drivers"), "$.user_drivers",
         [&](const JsonValue &u, const std::string &path) {
             bool available = u.flag("available").value_or(false);
             if (available == u.str("unavailable_reason").has_value())
                 p.add(path + ".unavailable_reason", "must be null exactly when available");
             if (available)
                 names.push_back(u.str("driver").value_or(""));
         });
    for (const std::string &d : expect.drivers)
        if (!contains(names, d))
            p.add("$.drivers", "expected driver \"" + d + "\" is not listed");
    return names;
}

std::vector<std::string> check_measured(const JsonValue &doc,
                                        const std::vector<std::string> &listed,
                                        const Expectations &expect, Problems &p) {
    std::vector<std::string> measured;
    each(doc.list("measured"), "$.measured", [&](const JsonValue &m, const std::string &path) {
        if (m.text != report_alg(doc) && !contains(listed, m.text))
            p.add(path, "\"" + m.text + "\" is not among $.drivers");
        measured.push_back(m.text);
    });
    for (const std::string &d : expect.drivers)
        if (!contains(measured, d))
            p.add("$.measured", "expected driver \"" + d + "\" was not measured");
    return measured;
}

bool check_partial(const JsonValue &doc, Problems &p) {
    const bool partial = doc.flag("partial").value_or(false);
    if (const JsonValue *by = doc.get("interrupted_by");
        by && partial != (by->type == JsonValue::Type::string))
        p.add("$.interrupted_by", "must name the signal exactly when partial is true");
    return partial;
}

void check_verify(const JsonValue &doc, Problems &p) {
    // Each driver's verdict from its mismatches, no more reproducers than
    // mismatches; the report's verdict from them all and the drivers not run.
    check_partial(doc, p); // the results are of the cases run before a signal
    bool any_bad = !doc.list("not_run").empty();
    each(doc.list("results"), "$.results", [&](const JsonValue &row, const std::string &path) {
        const double mismatches = row.num("mismatches").value_or(0);
        const std::string verdict = row.str("verdict").value_or("");
        if ((mismatches > 0) != (verdict == "mismatch"))
            p.add(path + ".verdict", "\"" + verdict + "\" contradicts mismatches");
        if (static_cast<double>(row.list("reproducers").size()) > mismatches)
            p.add(path + ".reproducers", "more than min(mismatches, 5)");
        any_bad = any_bad || mismatches > 0;
    });
    const std::string verdict = doc.str("verdict").value_or("");
    if ((verdict == "mismatch") != any_bad)
        p.add("$.verdict", "\"" + verdict + "\" contradicts the results");
}

// A list of numbers that must be strictly ascending (sizes, threads, invalid_pages).
std::vector<double> ascending(const JsonValue &obj, const std::string &key, const std::string &path,
                              Problems &p) {
    std::vector<double> out;
    for (const JsonValue &n : obj.list(key)) {
        if (!out.empty() && n.number <= out.back())
            p.add(path + key, "not strictly ascending");
        out.push_back(n.number);
    }
    return out;
}

// min <= median <= max, the median's interval inside them, mad <= max - min.
void check_ordered(const JsonValue *t, const std::string &path, Problems &p) {
    if (!t)
        return;
    const double mn = t->num("min").value_or(0), md = t->num("median").value_or(0),
                 mx = t->num("max").value_or(0);
    if (!(mn <= md && md <= mx))
        p.add(path, "needs 0 <= min <= median <= max");
    auto lo = t->num("ci_low"), hi = t->num("ci_high");
    if (lo && hi && !(mn <= *lo && *lo <= md && md <= *hi && *hi <= mx))
        p.add(path, "needs min <= ci_low <= median <= ci_high <= max, 0 <= ci_level < 1");
    if (auto mad = t->num("mad"); mad && *mad > mx - mn + 1e-9 * mx)
        p.add(path + ".mad", "must be a number in [0, max - min]");
}

// "0-3,8" as 0 1 2 3 8 (the schema's pattern holds: digits, '-' and ',').
std::vector<double> cpulist(const std::string &text) {
    std::vector<double> out;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        const std::size_t dash = item.find('-');
        const double from = std::stod(item.substr(0, dash));
        const double to = dash == std::string::npos ? from : std::stod(item.substr(dash + 1));
        for (double c = from; c <= to && out.size() < 65536; ++c)
            out.push_back(c);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// $.config.pinned_cpus: ascending, and --cpus's CPUs when it was given.
void check_pinned(const JsonValue &cfg, Problems &p) {
    const JsonValue *pinned = cfg.get("pinned_cpus");
    if (!pinned)
        return; // reports before it
    std::vector<double> got;
    std::ranges::transform(pinned->items, std::back_inserter(got), &JsonValue::number);
    if (!std::is_sorted(got.begin(), got.end()))
        p.add("$.config.pinned_cpus", "not ascending");
    if (auto cpus = cfg.str("cpus"); cpus && got != cpulist(*cpus))
        p.add("$.config.pinned_cpus", "differs from $.config.cpus (--cpus)");
}

double median_of(const JsonValue &row, const char *key) {
    const JsonValue *t = row.obj(key);
    return t ? t->num("median").value_or(0) : 0;
}

// $.inkernel: tcrypt's rows against $.measured, each other and the
// generic driver's rows (the in-kernel ratios).
void check_inkernel(const JsonValue &ik, const JsonValue &cfg,
                    const std::vector<std::string> &measured, const std::string &alg, Problems &p) {
    const std::string generic = alg + "-generic";
    if (ik.num("sec") != cfg.num("tcrypt_sec"))
        p.add("$.config.tcrypt_sec", "differs from $.inkernel.sec");
    std::map<double, double> generic_ns; // size -> ns/op
    std::set<std::string> with_rows;
    std::set<std::pair<std::string, double>> seen;
    each(
        ik.list("results"), "$.inkernel.results", [&](const JsonValue &row, const std::string &rp) {
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
        });
    // Every row's ratio, once the generic driver's rows are known.
    each(ik.list("results"), "$.inkernel.results",
         [&](const JsonValue &row, const std::string &rp) {
             const std::optional<double> ratio = row.num("ratio_to_generic");
             const double ns = row.num("ns_per_op").value_or(0);
             auto it = generic_ns.find(row.num("size").value_or(0));
             if (it == generic_ns.end() && ratio)
                 p.add(rp + ".ratio_to_generic", "set, but " + generic + " has no row here");
             if (it != generic_ns.end() &&
                 (!ratio || std::fabs(*ratio - it->second / ns) > 1e-3 * *ratio))
                 p.add(rp + ".ratio_to_generic", "is not " + generic + "'s ns_per_op / this one's");
         });
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
    std::set<std::pair<std::string, std::string>> fitted; // driver, backend
    each(doc.list("fits"), "$.fits", [&](const JsonValue &f, const std::string &path) {
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
        fitted.insert({d, b});
        std::vector<std::pair<double, double>> xy;
        for (const JsonValue &pt : f.list("points"))
            if (auto size = pt.num("size"), ns = pt.num("ns_per_op"); size && ns && *ns > 0)
                xy.push_back({*size, *ns});
        if (const JsonValue *fit = f.obj("fit"))
            check_fit(*fit, path + ".fit", xy, p);
    });
    for (const std::string &d : measured) {
        const std::string own = is_user_driver(d) ? "user" : "afalg";
        if (contains(backends, "afalg") && !fitted.count({d, own}))
            p.add("$.fits", "has no " + own + " fit for " + d);
        if (contains(backends, "tcrypt") && !is_user_driver(d) && !fitted.count({d, "tcrypt"}))
            p.add("$.fits", "has no tcrypt fit for " + d);
    }
}

void check_backends(const JsonValue &doc, const std::vector<std::string> &measured, Problems &p) {
    const JsonValue *cfg = doc.obj("config");
    if (!cfg || !cfg->get("backends"))
        return; // a report from before the backends: nothing of theirs to check
    std::vector<std::string> backends;
    std::ranges::transform(cfg->list("backends"), std::back_inserter(backends), &JsonValue::text);
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

void check_run(const JsonValue &doc, const std::vector<std::string> &listed,
               const Expectations &expect, Problems &p) {
    static const JsonValue kNone;
    const JsonValue &cfg = doc.obj("config") ? *doc.obj("config") : kNone;
    const std::vector<double> sizes = ascending(cfg, "sizes", "$.config.", p);
    // run.v1: one thread count, a number, and rows without their own.
    const std::optional<double> one_count = cfg.num("threads");
    const std::vector<double> threads =
        one_count ? std::vector<double>{*one_count} : ascending(cfg, "threads", "$.config.", p);
    check_pinned(cfg, p);
    // The schema's pattern allows 20 digits; the seed is 64 bits.
    if (auto seed = cfg.str("seed"); seed && seed->size() == 20 && *seed > "18446744073709551615")
        p.add("$.config.seed", "is not a decimal unsigned 64-bit integer string");
    // The baseline is $.alg's generic driver; for crc32c on 6.17 and later
    // crc32c-lib (its new name), but only where there is no crc32c-generic.
    const std::string alg = report_alg(doc), baseline = cfg.str("baseline").value_or("");
    const bool lib = alg == "crc32c" && baseline == "crc32c-lib";
    if (baseline != alg + "-generic" && !lib)
        p.add("$.config.baseline", "is \"" + baseline + "\", not " + alg + "-generic" +
                                       (alg == "crc32c" ? " or crc32c-lib" : "") +
                                       " (the $.alg baseline)");
    if (lib && contains(listed, "crc32c-generic"))
        p.add("$.config.baseline",
              "is crc32c-lib, but crc32c-generic is among $.drivers (the baseline)");
    const std::vector<std::string> measured = check_measured(doc, listed, expect, p);

    // partial: SIGINT/SIGTERM cut the run short, so rows may be missing and
    // have fewer trials.
    const bool partial = check_partial(doc, p);
    // No exact count (trials null): --min-runs/--max-runs chose one per
    // size, the same for every driver of a size and thread count.
    const std::optional<double> exact = cfg.num("trials");
    const double trials = exact.value_or(0);
    const double min_runs = cfg.num("min_runs").value_or(1),
                 max_runs = cfg.num("max_runs").value_or(0);
    if (!exact && !cfg.num("max_runs"))
        p.add("$.config.trials", "is null, but $.config.max_runs is not set");
    std::map<std::pair<double, double>, double> count_of; // (size, threads) -> trials
    const std::vector<JsonValue> &results = doc.list("results");
    std::set<std::tuple<std::string, double, double>> seen;
    bool any_mismatch = false;
    each(results, "$.results", [&](const JsonValue &row, const std::string &path) {
        const std::string driver = row.str("driver").value_or("");
        const double size = row.num("size").value_or(0), n = row.num("trials").value_or(0);
        const double th = row.num("threads").value_or(one_count.value_or(0));
        if (!contains(measured, driver))
            p.add(path + ".driver", "\"" + driver + "\" is not in $.measured");
        if (!contains(sizes, size))
            p.add(path + ".size", "is not in $.config.sizes");
        if (!contains(threads, th))
            p.add(path + ".threads", "is not in $.config.threads");
        if (!seen.insert({driver, size, th}).second)
            p.add(path, "duplicate result for this driver, size and thread count");
        if (exact && (partial ? n > trials : n != trials))
            p.add(path + ".trials",
                  partial ? "exceeds $.config.trials" : "differs from $.config.trials");
        if (!exact && (n > max_runs || (!partial && n < min_runs)))
            p.add(path + ".trials", "lies outside $.config.min_runs..$.config.max_runs");
        if (auto [it, fresh] = count_of.insert({{size, th}, n}); !fresh && it->second != n)
            p.add(path + ".trials", "differs from another driver's at this size and thread count");
        if (row.num("checked_ops").value_or(0) < n)
            p.add(path + ".checked_ops", "fewer checked operations than trials");
        if (const JsonValue *samples = row.get("samples")) {
            if (static_cast<double>(samples->items.size()) != n)
                p.add(path + ".samples", "must hold one sample per trial");
            for (const JsonValue &t : samples->items)
                if (t.num("bytes") != t.num("ops").value_or(0) * size)
                    p.add(path + ".samples", "a sample's bytes are not ops x size");
        }
        check_ordered(row.obj("bytes_per_s"), path + ".bytes_per_s", p);
        check_ordered(row.obj("ops_per_s"), path + ".ops_per_s", p);
        check_ordered(row.obj("ratio_trials"), path + ".ratio_trials", p);
        const double bps = median_of(row, "bytes_per_s"), ops = median_of(row, "ops_per_s");
        // Both are printed with one decimal: allow that rounding, times the size.
        if (ops > 0 && std::fabs(ops * size - bps) > 0.01 * bps + 0.06 * size + 1.0)
            p.add(path, "bytes_per_s.median is not ops_per_s.median x size");
        any_mismatch = any_mismatch || row.num("mismatches").value_or(0) > 0;
        const std::optional<double> ratio = row.num("ratio_to_generic");
        if (ratio && !contains(measured, baseline))
            p.add(path + ".ratio_to_generic",
                  "a ratio, but the baseline " + baseline + " was not measured");
        if (ratio && driver == baseline && std::fabs(*ratio - 1.0) > 1e-3)
            p.add(path + ".ratio_to_generic", "the baseline's own ratio must be 1");
        if (!row.get("ratio_trials")) // run.v1: ratios without their trials
            return;
        if (ratio.has_value() != (row.obj("ratio_trials") != nullptr))
            p.add(path + ".ratio_trials", "must be null exactly when ratio_to_generic is");
        else if (ratio && std::fabs(median_of(row, "ratio_trials") - *ratio) > 1e-3 * *ratio)
            p.add(path + ".ratio_to_generic", "is not the median of ratio_trials");
    });
    // --backend tcrypt alone measures nothing through AF_ALG: no rows.
    const bool afalg = !cfg.get("backends") ||
                       std::ranges::any_of(cfg.list("backends"),
                                           [](const JsonValue &b) { return b.text == "afalg"; });
    const std::size_t want = afalg ? measured.size() * sizes.size() * threads.size() : 0;
    if (partial ? results.size() > want : results.size() != want)
        p.add("$.results",
              "has " + std::to_string(results.size()) +
                  " rows, expected measured x sizes x thread counts = " + std::to_string(want));
    const std::string verdict = doc.str("verdict").value_or("");
    if ((verdict == "mismatch") != any_mismatch && !(partial && !any_mismatch))
        p.add("$.verdict", "\"" + verdict + "\" contradicts the mismatch counts");
    check_backends(doc, measured, p);
}

// --innodb: the counts add up to the pages, the list holds the invalid ones.
void check_innodb(const JsonValue &s, std::optional<double> pages, const std::string &path,
                  Problems &p) {
    const std::vector<JsonValue> &invalid = s.list("invalid_pages");
    if (s.num("invalid") != static_cast<double>(invalid.size()))
        p.add(path + ".invalid_pages", "does not hold $.invalid pages");
    ascending(s, "invalid_pages", path + ".", p);
    if (pages &&
        s.num("valid").value_or(0) + s.num("empty").value_or(0) + s.num("invalid").value_or(0) !=
            *pages)
        p.add(path, "valid + empty + invalid is not the file's pages");
}

void check_file(const JsonValue &doc, const std::vector<std::string> &listed,
                const Expectations &expect, Problems &p) {
    const std::vector<std::string> measured = check_measured(doc, listed, expect, p);
    // partial: SIGINT/SIGTERM ended the run early, so the last file may lack
    // drivers and a driver may have fewer passes than --repeat.
    const bool partial = check_partial(doc, p);
    const JsonValue *cfg = doc.obj("config");
    const double repeat = cfg ? cfg->num("repeat").value_or(1) : 1;
    bool any_mismatch = false, any_invalid = false;
    each(doc.list("files"), "$.files", [&](const JsonValue &f, const std::string &path) {
        const std::optional<double> page_size = f.num("page_size"), pages = f.num("pages");
        if (page_size.has_value() != pages.has_value())
            p.add(path + ".pages", "must be null exactly when page_size is");
        if (const JsonValue *crcs = f.get("page_crcs")) {
            if (!pages || static_cast<double>(crcs->items.size()) != *pages)
                p.add(path + ".page_crcs", "must hold one CRC per page");
            for (std::size_t k = 0; k < crcs->items.size(); ++k)
                if (crcs->items[k].num("index") != static_cast<double>(k))
                    p.add(path + ".page_crcs", "indexes are not 0, 1, 2, ...");
        }
        if (const JsonValue *s = f.obj("innodb")) {
            check_innodb(*s, pages, path + ".innodb", p);
            any_invalid = any_invalid || s->num("invalid").value_or(0) > 0;
        }
        // One result per measured driver; an agreeing driver's CRC is the file's.
        std::set<std::string> drivers;
        const std::optional<std::string> crc = f.str("crc");
        each(f.list("results"), path + ".results", [&](const JsonValue &r, const std::string &rp) {
            const std::string d = r.str("driver").value_or("");
            if (!contains(measured, d))
                p.add(rp + ".driver", "\"" + d + "\" is not in $.measured");
            if (!drivers.insert(d).second)
                p.add(rp, "a second result for this driver");
            const double mismatches = r.num("mismatches").value_or(0);
            any_mismatch = any_mismatch || mismatches > 0;
            if (mismatches == 0 && crc && r.str("crc") && r.str("crc") != crc)
                p.add(rp + ".crc", "differs from the file's, with no mismatch");
            const double bps = r.num("bytes_per_s").value_or(0);
            if (std::fabs(r.num("gb_per_s").value_or(0) * 1e9 - bps) > 1e-6 * bps + 1.0)
                p.add(rp + ".gb_per_s", "is not bytes_per_s / 10^9");
            if (r.num("invalid_pages").has_value() != (f.obj("innodb") != nullptr))
                p.add(rp + ".invalid_pages", "must be null exactly when the file is not InnoDB");
            if (const JsonValue *passes = r.get("pass_seconds")) {
                const auto n = static_cast<double>(passes->items.size());
                if (partial ? n > repeat : n != repeat)
                    p.add(rp + ".pass_seconds", partial ? "more passes than $.config.repeat"
                                                        : "must hold $.config.repeat passes");
            }
        });
        if (partial ? drivers.size() > measured.size() : drivers.size() != measured.size())
            p.add(path + ".results", "must hold one result per measured driver");
    });
    // A wrong CRC outranks invalid pages.
    const std::string want = any_mismatch ? "mismatch" : any_invalid ? "invalid_pages" : "ok";
    const std::string verdict = doc.str("verdict").value_or("");
    if (verdict != want)
        p.add("$.verdict", "\"" + verdict + "\" contradicts the results (" + want + ")");
}

// The schema files one validation uses, loaded on demand: the root and what
// its "$ref"s name (RapidJSON asks through IRemoteSchemaDocumentProvider).
class SchemaSet : public rapidjson::IRemoteSchemaDocumentProvider {
  public:
    explicit SchemaSet(std::optional<std::string> dir) : dir_(std::move(dir)) {}

    std::vector<std::string> problems;

    // The schema `name` (a path when it is the --schema file), checked and
    // compiled; nullptr after a problem.
    const rapidjson::SchemaDocument *schema(const std::string &name, bool is_path = false) {
        auto [it, fresh] = loaded_.try_emplace(name);
        Entry &e = it->second;
        if (!fresh)
            return e.schema.get(); // (null while it is being compiled: a cycle)
        std::optional<std::string> text = is_path ? read_file(name) : find(name);
        if (!text) {
            problems.push_back(fmt::format("schema {}: cannot read it", name));
            return nullptr;
        }
        e.text = std::move(*text);
        e.doc.Parse(e.text.c_str(), e.text.size());
        if (e.doc.HasParseError()) {
            problems.push_back(fmt::format("schema {}: not JSON at offset {}: {}", name,
                                           e.doc.GetErrorOffset(),
                                           rapidjson::GetParseError_En(e.doc.GetParseError())));
            return nullptr;
        }
        // RapidJSON takes a "$ref" it cannot resolve for an empty schema,
        // which accepts anything: each must resolve, or the check fails.
        if (!refs_resolve(name, e.doc, e.doc))
            return nullptr;
        e.schema = std::make_unique<rapidjson::SchemaDocument>(e.doc, this);
        return e.schema.get();
    }

    const rapidjson::SchemaDocument *GetRemoteDocument(const char *uri,
                                                       rapidjson::SizeType) override {
        // RapidJSON 1.1.0 passes a length one short (HandleRefSchema's
        // i - 1); the "$ref" string goes on to its '#', so read up to that.
        return schema(std::string(uri, std::strcspn(uri, "#")));
    }

  private:
    struct Entry {
        std::string text;
        rapidjson::Document doc;
        std::unique_ptr<rapidjson::SchemaDocument> schema;
    };

    // Beside the --schema file first, else compiled in.
    std::optional<std::string> find(const std::string &name) const {
        if (name.find('/') != std::string::npos)
            return std::nullopt; // only names, no paths, from a "$ref"
        if (dir_)
            if (auto text = read_file(*dir_ + "/" + name))
                return text;
        if (auto text = embedded_schema(name))
            return std::string(*text);
        return std::nullopt;
    }

    bool refs_resolve(const std::string &name, const rapidjson::Value &v,
                      const rapidjson::Document &doc) {
        bool ok = true;
        if (v.IsArray())
            for (const rapidjson::Value &item : v.GetArray())
                ok = refs_resolve(name, item, doc) && ok;
        if (!v.IsObject())
            return ok;
        for (const auto &m : v.GetObject()) {
            if (std::strcmp(m.name.GetString(), "$ref") == 0 && m.value.IsString()) {
                std::string ref = m.value.GetString();
                std::size_t hash = ref.find('#');
                const rapidjson::Document *target = &doc;
                if (hash != 0) {
                    const rapidjson::SchemaDocument *other = schema(ref.substr(0, hash));
                    target = other ? &loaded_.at(ref.substr(0, hash)).doc : nullptr;
                }
                std::string fragment = hash == std::string::npos ? "#" : ref.substr(hash);
                rapidjson::Pointer pointer(fragment.c_str(), fragment.size());
                if (!target || !pointer.IsValid() || !pointer.Get(*target)) {
                    problems.push_back(
                        fmt::format("schema {}: \"$ref\": \"{}\" resolves nowhere", name, ref));
                    ok = false;
                }
            } else {
                ok = refs_resolve(name, m.value, doc) && ok;
            }
        }
        return ok;
    }

    std::optional<std::string> dir_;
    std::map<std::string, Entry> loaded_;
};

// "/results/0/size" as "$.results[0].size".
std::string json_path(const rapidjson::Pointer &p) {
    std::string out = "$";
    for (const rapidjson::Pointer::Token &t : std::span(p.GetTokens(), p.GetTokenCount()))
        out += t.index != rapidjson::kPointerInvalidIndex ? fmt::format("[{}]", t.index)
                                                          : "." + std::string(t.name, t.length);
    return out;
}

} // namespace

std::optional<std::string> read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return in ? std::optional(std::string(std::istreambuf_iterator<char>(in), {})) : std::nullopt;
}

// RapidJSON's draft-04 validator: every structural rule comes from the
// schema files, none from C++. A "$ref" of schema_file is looked up beside
// it first. The first rule broken (RapidJSON stops there), or what is
// wrong with the schema itself.
std::vector<std::string> schema_problems(std::string_view text, const std::string &report_schema,
                                         const std::optional<std::string> &schema_file) {
    std::optional<std::string> dir;
    if (schema_file) {
        std::size_t slash = schema_file->rfind('/');
        dir = slash == std::string::npos ? "." : schema_file->substr(0, slash);
    }
    SchemaSet set(dir);
    const rapidjson::SchemaDocument *root =
        schema_file ? set.schema(*schema_file, true) : set.schema(report_schema + ".schema.json");
    if (!root) {
        if (!schema_file && !embedded_schema(report_schema + ".schema.json"))
            return {fmt::format("$.schema: no schema for \"{}\" (this checker knows {})",
                                report_schema, fmt::join(embedded_report_schemas(), ", "))};
        return set.problems;
    }
    if (!set.problems.empty())
        return set.problems;
    rapidjson::SchemaValidator validator(*root);
    rapidjson::Reader reader;
    rapidjson::MemoryStream ms(text.data(), text.size());
    reader.Parse<rapidjson::kParseValidateEncodingFlag | rapidjson::kParseFullPrecisionFlag>(
        ms, validator);
    if (validator.IsValid())
        return {};
    rapidjson::StringBuffer where;
    validator.GetInvalidSchemaPointer().StringifyUriFragment(where);
    return {fmt::format("{}: breaks the schema's \"{}\" (at {})",
                        json_path(validator.GetInvalidDocumentPointer()),
                        validator.GetInvalidSchemaKeyword(), where.GetString())};
}

std::vector<std::string> check_report(std::string_view text, const Expectations &expect) {
    JsonValue doc;
    try {
        doc = parse_json(text);
    } catch (const JsonParseError &e) {
        return {std::string("not JSON: ") + e.what()};
    }
    const std::string schema = doc.str("schema").value_or("");
    if (schema.empty() && !expect.schema_file)
        return {"$.schema: missing, or not a string: which schema to check against?"};
    Problems p;
    if (expect.kind && schema.rfind("crcbench-alg." + *expect.kind + ".", 0) != 0)
        p.add("$.schema", "is \"" + schema + "\", expected a " + *expect.kind + " report");
    if (expect.alg && report_alg(doc) != *expect.alg)
        p.add("$.alg", "is \"" + report_alg(doc) + "\", expected \"" + *expect.alg + "\"");
    // The structure first: the rules across fields assume it.
    std::vector<std::string> structural = schema_problems(text, schema, expect.schema_file);
    if (!structural.empty()) {
        p.list.insert(p.list.end(), structural.begin(), structural.end());
        return p.list;
    }
    std::vector<std::string> listed = check_header(doc, expect, p);
    const std::string kind = schema.substr(0, schema.rfind('.'));
    if (kind == "crcbench-alg.run")
        check_run(doc, listed, expect, p);
    else if (kind == "crcbench-alg.verify")
        check_verify(doc, p);
    else if (kind == "crcbench-alg.file")
        check_file(doc, listed, expect, p);
    const std::string verdict = doc.str("verdict").value_or("");
    if (expect.verdict && kind != "crcbench-alg.list" && verdict != *expect.verdict)
        p.add("$.verdict", "is \"" + verdict + "\", expected \"" + *expect.verdict + "\"");
    return p.list;
}

} // namespace crcbench::check
