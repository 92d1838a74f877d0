// SPDX-License-Identifier: GPL-2.0-only
#include "rules.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace crcbench::check {
namespace {

// A list of numbers that must be strictly ascending ($.config.sizes, threads).
std::vector<double> ascending(const JsonValue &cfg, const std::string &key, Problems &p) {
    std::vector<double> out;
    for (const JsonValue &n : cfg.list(key)) {
        if (!out.empty() && n.number <= out.back())
            p.add("$.config." + key, "not strictly ascending");
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
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(',', at);
        const std::string item = text.substr(at, end == std::string::npos ? end : end - at);
        const std::size_t dash = item.find('-');
        const double from = std::stod(item.substr(0, dash));
        const double to = dash == std::string::npos ? from : std::stod(item.substr(dash + 1));
        for (double c = from; c <= to && out.size() < 65536; ++c)
            out.push_back(c);
        at = end == std::string::npos ? text.size() : end + 1;
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
    for (const JsonValue &c : pinned->items)
        got.push_back(c.number);
    if (!std::is_sorted(got.begin(), got.end()))
        p.add("$.config.pinned_cpus", "not ascending");
    if (auto cpus = cfg.str("cpus"); cpus && got != cpulist(*cpus))
        p.add("$.config.pinned_cpus", "differs from $.config.cpus (--cpus)");
}

double median_of(const JsonValue &row, const char *key) {
    const JsonValue *t = row.obj(key);
    return t ? t->num("median").value_or(0) : 0;
}

} // namespace

void check_run(const JsonValue &doc, const std::vector<std::string> &listed,
               const Expectations &expect, Problems &p) {
    static const JsonValue kNone;
    const JsonValue &cfg = doc.obj("config") ? *doc.obj("config") : kNone;
    const std::vector<double> sizes = ascending(cfg, "sizes", p);
    // run.v1: one thread count, a number, and rows without their own.
    const std::optional<double> one_count = cfg.num("threads");
    const std::vector<double> threads =
        one_count ? std::vector<double>{*one_count} : ascending(cfg, "threads", p);
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
    for (std::size_t i = 0; i < results.size(); ++i) {
        const JsonValue &row = results[i];
        const std::string path = "$.results[" + std::to_string(i) + "]";
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
            continue;
        if (ratio.has_value() != (row.obj("ratio_trials") != nullptr))
            p.add(path + ".ratio_trials", "must be null exactly when ratio_to_generic is");
        else if (ratio && std::fabs(median_of(row, "ratio_trials") - *ratio) > 1e-3 * *ratio)
            p.add(path + ".ratio_to_generic", "is not the median of ratio_trials");
    }
    // --backend tcrypt alone measures nothing through AF_ALG: no rows.
    bool afalg = !cfg.get("backends");
    for (const JsonValue &b : cfg.list("backends"))
        afalg = afalg || b.text == "afalg";
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

} // namespace crcbench::check
