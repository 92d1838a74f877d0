// SPDX-License-Identifier: GPL-2.0-only
#include "report_schema.h"

#include "backends_check.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace crcbench::check {
namespace {

using Type = JsonValue::Type;

// "0".."18446744073709551615", no sign, no leading zero, no exponent.
bool is_u64_decimal(const std::string &s) {
    if (s.empty() || s.size() > 20 || (s.size() > 1 && s[0] == '0'))
        return false;
    if (!std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        return false;
    return s.size() < 20 || s <= "18446744073709551615";
}

class Checker {
  public:
    std::vector<std::string> problems;
    std::vector<std::string> measured_drivers; // $.measured, once check_results read it

    void problem(const std::string &path, const std::string &what) {
        problems.push_back(path + ": " + what);
    }

    const JsonValue *member(const JsonValue &obj, const std::string &path, const char *key,
                            Type type, bool nullable = false) {
        const JsonValue *v = obj.get(key);
        std::string p = path + "." + key;
        if (!v) {
            problem(p, "missing");
            return nullptr;
        }
        if (nullable && v->type == Type::null)
            return v;
        if (v->type != type) {
            problem(p, "is " + std::string(type_name(v->type)) + ", expected " +
                           std::string(type_name(type)) + (nullable ? " or null" : ""));
            return nullptr;
        }
        return v;
    }

    std::optional<std::string> str(const JsonValue &obj, const std::string &path, const char *key,
                                   bool non_empty = true) {
        const JsonValue *v = member(obj, path, key, Type::string);
        if (!v)
            return std::nullopt;
        if (non_empty && v->text.empty())
            problem(path + "." + key, "is empty");
        return v->text;
    }

    std::optional<double> uint(const JsonValue &obj, const std::string &path, const char *key,
                               double min = 0) {
        const JsonValue *v = member(obj, path, key, Type::number);
        if (!v)
            return std::nullopt;
        if (!v->is_unsigned_integer()) {
            problem(path + "." + key, "is not an unsigned integer");
            return std::nullopt;
        }
        if (v->number < min)
            problem(path + "." + key, "is below " + std::to_string(static_cast<long long>(min)));
        return v->number;
    }

    std::optional<bool> boolean(const JsonValue &obj, const std::string &path, const char *key) {
        const JsonValue *v = member(obj, path, key, Type::boolean);
        return v ? std::optional<bool>(v->boolean) : std::nullopt;
    }

    std::optional<bool> check_system(const JsonValue &doc) {
        const JsonValue *sys = member(doc, "$", "system", Type::object);
        if (!sys)
            return std::nullopt;
        str(*sys, "$.system", "kernel_release");
        str(*sys, "$.system", "machine");
        str(*sys, "$.system", "cpu_model");
        str(*sys, "$.system", "emulation_detail");
        str(*sys, "$.system", "libkcapi");
        // Optional in list.v1 and run.v1 reports of older tools.
        if (const JsonValue *ms = sys->get("machine_state")) {
            const std::string p = "$.system.machine_state";
            if (ms->type != Type::object) {
                problem(p, "is not an object");
            } else {
                for (const auto &[key, item] : ms->members)
                    if (key != "vulnerabilities" && item.type != Type::string &&
                        item.type != Type::null)
                        problem(p + "." + key, "must be a string or null (absent)");
                member(*ms, p, "vulnerabilities", Type::object, true);
                member(*ms, p, "loadavg", Type::string, true);
            }
        }
        auto emulated = boolean(*sys, "$.system", "emulated");
        if (auto kind = str(*sys, "$.system", "emulation")) {
            static const std::set<std::string> kinds = {"none", "qemu_tcg", "qemu_kvm", "qemu_user",
                                                        "forced"};
            if (!kinds.count(*kind))
                problem("$.system.emulation", "unknown value \"" + *kind + "\"");
        }
        const JsonValue *notice = member(doc, "$", "notice", Type::string, true);
        if (emulated && notice) {
            if (*emulated && (notice->type != Type::string ||
                              notice->text.find("NOT POWER performance") == std::string::npos))
                problem("$.notice", "an emulated report must say its figures are NOT POWER "
                                    "performance");
            if (!*emulated && notice->type != Type::null)
                problem("$.notice", "must be null when not emulated");
        }
        return emulated;
    }

    // The userspace baselines (optional: older tools have none). Returns the
    // names of the available ones: only those can have been measured.
    std::vector<std::string> check_user_drivers(const JsonValue &doc) {
        std::vector<std::string> names;
        const JsonValue *arr = doc.get("user_drivers");
        if (!arr)
            return names;
        if (arr->type != Type::array) {
            problem("$.user_drivers", "is not an array");
            return names;
        }
        for (std::size_t i = 0; i < arr->items.size(); ++i) {
            std::string p = "$.user_drivers[" + std::to_string(i) + "]";
            const JsonValue &d = arr->items[i];
            if (d.type != Type::object) {
                problem(p, "is not an object");
                continue;
            }
            auto name = str(d, p, "driver");
            str(d, p, "description");
            auto available = boolean(d, p, "available");
            const JsonValue *why = member(d, p, "unavailable_reason", Type::string, true);
            if (name && name->rfind("user:", 0) != 0)
                problem(p + ".driver", "\"" + *name + "\" does not start with user:");
            if (available && why && (*available != (why->type == Type::null)))
                problem(p + ".unavailable_reason", "must be null exactly when available");
            if (name && available && *available)
                names.push_back(*name);
        }
        return names;
    }

    // Returns the listed driver names.
    std::vector<std::string> check_drivers(const JsonValue &doc) {
        std::vector<std::string> names;
        const JsonValue *arr = member(doc, "$", "drivers", Type::array);
        const JsonValue *resolves = member(doc, "$", "crc32c_resolves_to", Type::string, true);
        if (!arr)
            return names;
        int resolving = 0;
        std::string resolving_name;
        for (std::size_t i = 0; i < arr->items.size(); ++i) {
            std::string p = "$.drivers[" + std::to_string(i) + "]";
            const JsonValue &d = arr->items[i];
            if (d.type != Type::object) {
                problem(p, "is not an object");
                continue;
            }
            auto name = str(d, p, "driver");
            str(d, p, "module");
            member(d, p, "priority", Type::number);
            str(d, p, "selftest");
            boolean(d, p, "internal");
            auto r = boolean(d, p, "resolves_crc32c");
            if (name) {
                if (std::find(names.begin(), names.end(), *name) != names.end())
                    problem(p, "driver \"" + *name + "\" listed twice");
                names.push_back(*name);
                if (r && *r) {
                    ++resolving;
                    resolving_name = *name;
                }
            }
        }
        if (resolving > 1)
            problem("$.drivers", "more than one driver marked resolves_crc32c");
        if (resolves) {
            if (resolves->type == Type::null && resolving)
                problem("$.crc32c_resolves_to", "null but a driver is marked resolves_crc32c");
            if (resolves->type == Type::string && resolves->text != resolving_name)
                problem("$.crc32c_resolves_to",
                        "\"" + resolves->text + "\" is not the driver marked resolves_crc32c");
        }
        return names;
    }

    struct Config {
        std::vector<double> sizes;
        std::optional<double> trials;
        std::string baseline;
        bool v1 = false;                // crcbench-alg.run.v1: seed is a number
        std::vector<double> threads{1}; // v2: the sweep's thread counts
    };

    Config check_config(const JsonValue &doc, bool v1) {
        Config c;
        c.v1 = v1;
        if (!v1)
            c.threads.clear();
        const JsonValue *cfg = member(doc, "$", "config", Type::object);
        if (!cfg)
            return c;
        const std::string p = "$.config";
        if (auto mode = str(*cfg, p, "mode"); mode && *mode != "digest" && *mode != "stream")
            problem(p + ".mode", "must be digest or stream");
        member(*cfg, p, "chunk", Type::number, true);
        boolean(*cfg, p, "splice");
        if (v1) {
            uint(*cfg, p, "threads", 1);
        } else if (const JsonValue *th = member(*cfg, p, "threads", Type::array)) {
            // run.v2: the thread counts of the sweep, ascending
            if (th->items.empty())
                problem(p + ".threads", "is empty");
            for (const JsonValue &n : th->items) {
                if (!n.is_unsigned_integer() || n.number < 1) {
                    problem(p + ".threads", "holds a count that is not an integer >= 1");
                    continue;
                }
                if (!c.threads.empty() && n.number <= c.threads.back())
                    problem(p + ".threads", "not strictly ascending");
                c.threads.push_back(n.number);
            }
        }
        c.trials = uint(*cfg, p, "trials", 1);
        const JsonValue *dur = member(*cfg, p, "duration_s", Type::number, true);
        const JsonValue *iters = member(*cfg, p, "iterations", Type::number, true);
        if (dur && iters && (dur->type == Type::null) == (iters->type == Type::null))
            problem(p, "exactly one of duration_s and iterations must be set");
        if (dur && dur->type == Type::number && !(dur->number > 0))
            problem(p + ".duration_s", "must be > 0");
        if (const JsonValue *w = member(*cfg, p, "warmup_s", Type::number); w && w->number < 0)
            problem(p + ".warmup_s", "must be >= 0");
        // v2: a decimal string (exact in every JSON reader); v1: a number.
        if (c.v1) {
            uint(*cfg, p, "seed");
        } else if (auto seed = str(*cfg, p, "seed")) {
            if (!is_u64_decimal(*seed))
                problem(p + ".seed", "is not a decimal unsigned 64-bit integer string");
        }
        if (auto b = str(*cfg, p, "baseline"))
            c.baseline = *b;
        if (const JsonValue *sizes = member(*cfg, p, "sizes", Type::array)) {
            if (sizes->items.empty())
                problem(p + ".sizes", "is empty");
            for (std::size_t i = 0; i < sizes->items.size(); ++i) {
                const JsonValue &s = sizes->items[i];
                if (!s.is_unsigned_integer() || s.number < 1) {
                    problem(p + ".sizes[" + std::to_string(i) + "]", "is not a size >= 1");
                    continue;
                }
                if (!c.sizes.empty() && s.number <= c.sizes.back())
                    problem(p + ".sizes", "not strictly ascending");
                c.sizes.push_back(s.number);
            }
        }
        return c;
    }

    struct Triple {
        double min = 0, median = 0, max = 0;
    };

    std::optional<Triple> summary(const JsonValue &row, const std::string &path, const char *key) {
        const JsonValue *s = member(row, path, key, Type::object);
        if (!s)
            return std::nullopt;
        std::string p = path + "." + key;
        const JsonValue *mn = member(*s, p, "min", Type::number);
        const JsonValue *md = member(*s, p, "median", Type::number);
        const JsonValue *mx = member(*s, p, "max", Type::number);
        if (!mn || !md || !mx)
            return std::nullopt;
        Triple t{mn->number, md->number, mx->number};
        if (t.min < 0 || !(t.min <= t.median && t.median <= t.max))
            problem(p, "needs 0 <= min <= median <= max");
        // The median's confidence interval, where the report has one.
        const JsonValue *lo = s->get("ci_low"), *hi = s->get("ci_high"), *lv = s->get("ci_level");
        if (lo || hi || lv) {
            if (!lo || !hi || !lv || lo->type != Type::number || hi->type != Type::number ||
                lv->type != Type::number)
                problem(p, "needs ci_low, ci_high and ci_level together, as numbers");
            else if (!(t.min <= lo->number && lo->number <= t.median && t.median <= hi->number &&
                       hi->number <= t.max) ||
                     lv->number < 0 || lv->number >= 1)
                problem(p, "needs min <= ci_low <= median <= ci_high <= max, 0 <= ci_level < 1");
        }
        if (const JsonValue *mad = s->get("mad");
            mad && (mad->type != Type::number || mad->number < 0 ||
                    mad->number > t.max - t.min + 1e-9 * t.max))
            problem(p + ".mad", "must be a number in [0, max - min]");
        return t;
    }

    void check_results(const JsonValue &doc, const Config &cfg,
                       const std::vector<std::string> &listed, const Expectations &expect,
                       const std::string &alg) {
        // The generic driver; for crc32c on 6.17 and later, crc32c-lib (the
        // generic one's new name), but only where there is no crc32c-generic.
        const bool lib = alg == "crc32c" && cfg.baseline == "crc32c-lib";
        if (!cfg.baseline.empty() && cfg.baseline != alg + "-generic" && !lib)
            problem("$.config.baseline", "is \"" + cfg.baseline + "\", not " + alg + "-generic" +
                                             (alg == "crc32c" ? " or crc32c-lib" : "") +
                                             " (the $.alg baseline)");
        if (lib && std::find(listed.begin(), listed.end(), "crc32c-generic") != listed.end())
            problem("$.config.baseline",
                    "is crc32c-lib, but crc32c-generic is among $.drivers (the baseline)");
        std::vector<std::string> measured;
        if (const JsonValue *m = member(doc, "$", "measured", Type::array)) {
            if (m->items.empty())
                problem("$.measured", "is empty");
            for (std::size_t i = 0; i < m->items.size(); ++i) {
                const JsonValue &d = m->items[i];
                std::string p = "$.measured[" + std::to_string(i) + "]";
                if (d.type != Type::string) {
                    problem(p, "is not a string");
                    continue;
                }
                if (d.text != alg &&
                    std::find(listed.begin(), listed.end(), d.text) == listed.end())
                    problem(p, "\"" + d.text + "\" is not among $.drivers");
                measured.push_back(d.text);
            }
        }
        for (const std::string &d : expect.drivers)
            if (std::find(measured.begin(), measured.end(), d) == measured.end())
                problem("$.measured", "expected driver \"" + d + "\" was not measured");
        measured_drivers = measured;

        // partial (run.v2 of newer tools; absent: complete): SIGINT/SIGTERM
        // cut the run short, so rows may be missing and have fewer trials.
        bool partial = false;
        if (doc.get("partial") || doc.get("interrupted_by")) {
            partial = boolean(doc, "$", "partial").value_or(false);
            const JsonValue *by = member(doc, "$", "interrupted_by", Type::string, true);
            if (by && partial != (by->type == Type::string))
                problem("$.interrupted_by", "must name the signal exactly when partial is true");
            else if (by && by->type == Type::string && by->text != "SIGINT" &&
                     by->text != "SIGTERM")
                problem("$.interrupted_by", "unknown signal \"" + by->text + "\"");
        }
        const JsonValue *results = member(doc, "$", "results", Type::array);
        if (!results)
            return;
        std::set<std::tuple<std::string, double, double>> seen;
        bool any_mismatch = false;
        for (std::size_t i = 0; i < results->items.size(); ++i) {
            const JsonValue &row = results->items[i];
            std::string p = "$.results[" + std::to_string(i) + "]";
            if (row.type != Type::object) {
                problem(p, "is not an object");
                continue;
            }
            auto driver = str(row, p, "driver");
            auto size = uint(row, p, "size", 1);
            auto trials = uint(row, p, "trials", 1);
            auto bps = summary(row, p, "bytes_per_s");
            auto ops = summary(row, p, "ops_per_s");
            auto checked = uint(row, p, "checked_ops");
            auto mismatches = uint(row, p, "mismatches");
            const JsonValue *ratio = member(row, p, "ratio_to_generic", Type::number, true);
            if (driver && std::find(measured.begin(), measured.end(), *driver) == measured.end())
                problem(p + ".driver", "\"" + *driver + "\" is not in $.measured");
            if (size && std::find(cfg.sizes.begin(), cfg.sizes.end(), *size) == cfg.sizes.end())
                problem(p + ".size", "is not in $.config.sizes");
            std::optional<double> threads = 1.0;
            if (!cfg.v1) {
                threads = uint(row, p, "threads", 1);
                if (threads && std::find(cfg.threads.begin(), cfg.threads.end(), *threads) ==
                                   cfg.threads.end())
                    problem(p + ".threads", "is not in $.config.threads");
            }
            if (driver && size && threads && !seen.insert({*driver, *size, *threads}).second)
                problem(p, "duplicate result for this driver, size and thread count");
            if (trials && cfg.trials && (partial ? *trials > *cfg.trials : *trials != *cfg.trials))
                problem(p + ".trials",
                        partial ? "exceeds $.config.trials" : "differs from $.config.trials");
            if (checked && trials && *checked < *trials)
                problem(p + ".checked_ops", "fewer checked operations than trials");
            // Every trial's sample, where the report has them.
            if (const JsonValue *samples = row.get("samples")) {
                if (samples->type != Type::array ||
                    (trials && samples->items.size() != static_cast<std::size_t>(*trials)))
                    problem(p + ".samples", "must hold one sample per trial");
                else
                    for (const JsonValue &t : samples->items) {
                        const JsonValue *b = t.get("bytes"), *n = t.get("ops");
                        if (b && n && size && b->number != n->number * *size)
                            problem(p + ".samples", "a sample's bytes are not ops x size");
                    }
            }
            if (bps && ops && size && ops->median > 0) {
                double implied = ops->median * *size;
                // Both are printed with one decimal: allow that rounding, times the size.
                if (std::fabs(implied - bps->median) > 0.01 * bps->median + 0.06 * *size + 1.0)
                    problem(p, "bytes_per_s.median is not ops_per_s.median x size");
            }
            if (mismatches && *mismatches > 0)
                any_mismatch = true;
            if (ratio && ratio->type == Type::number) {
                if (!cfg.baseline.empty() &&
                    std::find(measured.begin(), measured.end(), cfg.baseline) == measured.end())
                    problem(p + ".ratio_to_generic",
                            "a ratio, but the baseline " + cfg.baseline + " was not measured");
                if (!(ratio->number > 0))
                    problem(p + ".ratio_to_generic", "must be > 0");
                if (driver && *driver == cfg.baseline && std::fabs(ratio->number - 1.0) > 1e-3)
                    problem(p + ".ratio_to_generic", "the baseline's own ratio must be 1");
            }
            if (!cfg.v1) { // run.v2: the paired per-trial ratios and the noise flag
                boolean(row, p, "noisy");
                const JsonValue *rt = member(row, p, "ratio_trials", Type::object, true);
                bool has_rt = rt && rt->type == Type::object;
                bool has_ratio = ratio && ratio->type == Type::number;
                if (rt && ratio && has_rt != has_ratio)
                    problem(p + ".ratio_trials", "must be null exactly when ratio_to_generic is");
                if (has_rt && has_ratio) {
                    if (auto t = summary(row, p, "ratio_trials");
                        t && std::fabs(t->median - ratio->number) > 1e-3 * ratio->number)
                        problem(p + ".ratio_to_generic", "is not the median of ratio_trials");
                }
            }
        }
        // --backend tcrypt alone measures nothing through AF_ALG: no rows.
        std::size_t want =
            report_has_afalg(doc) ? measured.size() * cfg.sizes.size() * cfg.threads.size() : 0;
        if (partial ? results->items.size() > want : results->items.size() != want)
            problem("$.results", "has " + std::to_string(results->items.size()) +
                                     " rows, expected measured x sizes x thread counts = " +
                                     std::to_string(want));
        if (auto verdict = str(doc, "$", "verdict")) {
            if (*verdict != "ok" && *verdict != "mismatch")
                problem("$.verdict", "must be ok or mismatch");
            else if ((*verdict == "mismatch") != any_mismatch && !(partial && !any_mismatch))
                problem("$.verdict", "\"" + *verdict + "\" contradicts the mismatch counts");
            if (expect.verdict && *verdict != *expect.verdict)
                problem("$.verdict",
                        "is \"" + *verdict + "\", expected \"" + *expect.verdict + "\"");
        }
    }
};

} // namespace

std::vector<std::string> check_report(const JsonValue &doc, const Expectations &expect) {
    Checker c;
    if (doc.type != Type::object) {
        c.problem("$", "is not an object");
        return c.problems;
    }
    auto schema = c.str(doc, "$", "schema");
    if (auto tool = c.str(doc, "$", "tool"); tool && *tool != "crcbench-alg")
        c.problem("$.tool", "is not crcbench-alg");
    c.str(doc, "$", "version");
    // $.alg: the algorithm of every driver (absent in older reports: crc32c).
    std::string alg = "crc32c";
    if (const JsonValue *a = doc.get("alg")) {
        if (a->type != Type::string ||
            (a->text != "crc32c" && a->text != "crct10dif" && a->text != "crc64-rocksoft"))
            c.problem("$.alg", "must be \"crc32c\", \"crct10dif\" or \"crc64-rocksoft\"");
        else
            alg = a->text;
    }
    if (expect.alg && alg != *expect.alg)
        c.problem("$.alg", "is \"" + alg + "\", expected \"" + *expect.alg + "\"");
    if (!schema)
        return c.problems;
    bool is_run_v1 = *schema == "crcbench-alg.run.v1";
    bool is_run = is_run_v1 || *schema == "crcbench-alg.run.v2";
    bool is_list = *schema == "crcbench-alg.list.v1";
    bool is_verify = *schema == "crcbench-alg.verify.v1";
    if (!is_run && !is_list && !is_verify) {
        c.problem("$.schema", "unknown schema \"" + *schema + "\"");
        return c.problems;
    }
    if (expect.schema &&
        ((*expect.schema == "run") != is_run || (*expect.schema == "verify") != is_verify))
        c.problem("$.schema", "is \"" + *schema + "\", expected a " + *expect.schema + " report");
    auto emulated = c.check_system(doc);
    if (expect.emulated && emulated && *expect.emulated != *emulated)
        c.problem("$.system.emulated", *emulated ? "true, expected false" : "false, expected true");
    auto listed = c.check_drivers(doc);
    for (const std::string &u : c.check_user_drivers(doc))
        listed.push_back(u);
    for (const std::string &d : expect.drivers)
        if (std::find(listed.begin(), listed.end(), d) == listed.end())
            c.problem("$.drivers", "expected driver \"" + d + "\" is not listed");
    if (is_list) {
        c.boolean(doc, "$", "ambiguous");
        return c.problems;
    }
    if (is_verify) {
        // Each driver's verdict from its mismatches, at most 5 reproducers
        // and no more than mismatches; the report's verdict from them all.
        bool any_bad = false;
        if (const JsonValue *results = c.member(doc, "$", "results", Type::array))
            for (std::size_t i = 0; i < results->items.size(); ++i) {
                const JsonValue &row = results->items[i];
                std::string p = "$.results[" + std::to_string(i) + "]";
                c.str(row, p, "driver");
                auto mismatches = c.uint(row, p, "mismatches", 0);
                c.uint(row, p, "cases", 1);
                auto verdict = c.str(row, p, "verdict");
                const JsonValue *rep = c.member(row, p, "reproducers", Type::array);
                if (mismatches && verdict && (*mismatches > 0) != (*verdict == "mismatch"))
                    c.problem(p + ".verdict", "\"" + *verdict + "\" contradicts mismatches");
                if (mismatches && rep &&
                    (rep->items.size() > 5 || static_cast<double>(rep->items.size()) > *mismatches))
                    c.problem(p + ".reproducers", "more than min(mismatches, 5)");
                if (mismatches && *mismatches > 0)
                    any_bad = true;
            }
        if (const JsonValue *nr = c.member(doc, "$", "not_run", Type::array);
            nr && !nr->items.empty())
            any_bad = true;
        if (auto verdict = c.str(doc, "$", "verdict");
            verdict && (*verdict == "mismatch") != any_bad)
            c.problem("$.verdict", "\"" + *verdict + "\" contradicts the results");
        if (expect.verdict)
            if (auto verdict = c.str(doc, "$", "verdict"); verdict && *verdict != *expect.verdict)
                c.problem("$.verdict", "is \"" + *verdict + "\", expected " + *expect.verdict);
        return c.problems;
    }
    auto cfg = c.check_config(doc, is_run_v1);
    c.check_results(doc, cfg, listed, expect, alg);
    check_backends(doc, c.measured_drivers, c.problems, alg);
    return c.problems;
}

} // namespace crcbench::check
