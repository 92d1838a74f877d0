// SPDX-License-Identifier: GPL-2.0-only
#include "backends_check.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace crcbench::check {
namespace {

using Type = JsonValue::Type;

bool contains(const std::vector<std::string> &v, const std::string &s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

bool is_user(const std::string &d) {
    return d.rfind("user:", 0) == 0;
}

class BackendChecker {
  public:
    BackendChecker(std::vector<std::string> &problems, std::string alg)
        : problems_(problems), alg_(std::move(alg)), generic_(alg_ + "-generic") {}

    void problem(const std::string &path, const std::string &what) {
        problems_.push_back(path + ": " + what);
    }

    const JsonValue *need(const JsonValue &obj, const std::string &path, const char *key, Type type,
                          bool nullable = false) {
        const JsonValue *v = obj.get(key);
        if (!v) {
            problem(path + "." + key, "missing");
            return nullptr;
        }
        if (nullable && v->type == Type::null)
            return v;
        if (v->type != type) {
            problem(path + "." + key, "is " + std::string(type_name(v->type)) + ", expected " +
                                          std::string(type_name(type)));
            return nullptr;
        }
        return v;
    }

    std::optional<double> positive(const JsonValue &obj, const std::string &path, const char *key) {
        const JsonValue *v = need(obj, path, key, Type::number);
        if (!v)
            return std::nullopt;
        if (!(v->number > 0))
            problem(path + "." + key, "must be > 0");
        return v->number;
    }

    std::vector<std::string> backends(const JsonValue &doc) {
        std::vector<std::string> out;
        const JsonValue *cfg = doc.get("config");
        const JsonValue *b = cfg ? cfg->get("backends") : nullptr;
        if (!b)
            return {"afalg"};
        if (b->type != Type::array || b->items.empty()) {
            problem("$.config.backends", "must be a non-empty array");
            return out;
        }
        for (const JsonValue &v : b->items) {
            if (v.type != Type::string || (v.text != "afalg" && v.text != "tcrypt"))
                problem("$.config.backends", "holds something other than afalg or tcrypt");
            else if (contains(out, v.text))
                problem("$.config.backends", "names " + v.text + " twice");
            else
                out.push_back(v.text);
        }
        return out;
    }

    // $.inkernel: tcrypt's rows; returns driver -> sizes measured.
    void inkernel(const JsonValue &doc, bool tcrypt, const std::vector<std::string> &measured) {
        const JsonValue *ik = doc.get("inkernel");
        const JsonValue *cfg = doc.get("config");
        const JsonValue *sec = cfg ? cfg->get("tcrypt_sec") : nullptr;
        if (!tcrypt) {
            if (ik && ik->type != Type::null)
                problem("$.inkernel", "must be null without the tcrypt backend");
            if (sec && sec->type != Type::null)
                problem("$.config.tcrypt_sec", "must be null without the tcrypt backend");
            return;
        }
        if (!ik || ik->type != Type::object) {
            problem("$.inkernel", "must be an object with the tcrypt backend");
            return;
        }
        const std::string p = "$.inkernel";
        auto s = positive(*ik, p, "sec");
        if (s && (!sec || sec->type != Type::number || sec->number != *s))
            problem("$.config.tcrypt_sec", "differs from $.inkernel.sec");
        std::map<std::size_t, double> generic; // size -> ns/op
        std::set<std::string> with_rows;
        std::set<std::pair<std::string, double>> seen;
        if (const JsonValue *rows = need(*ik, p, "results", Type::array))
            for (std::size_t i = 0; i < rows->items.size(); ++i) {
                const JsonValue &row = rows->items[i];
                std::string rp = p + ".results[" + std::to_string(i) + "]";
                const JsonValue *d = need(row, rp, "driver", Type::string);
                const JsonValue *rep = need(row, rp, "driver_reported", Type::string);
                auto size = positive(row, rp, "size");
                auto ops = positive(row, rp, "ops_per_s");
                auto bytes = positive(row, rp, "bytes_per_s");
                auto ns = positive(row, rp, "ns_per_op");
                const JsonValue *ratio = need(row, rp, "ratio_to_generic", Type::number, true);
                if (!d || !rep || !size || !ops || !ns)
                    continue;
                if (!contains(measured, d->text) || is_user(d->text))
                    problem(rp + ".driver", "\"" + d->text + "\" is not a measured kernel driver");
                if (d->text != alg_ && rep->text != d->text)
                    problem(rp + ".driver_reported", "tcrypt measured another driver");
                if (!seen.insert({d->text, *size}).second)
                    problem(rp, "duplicate row for this driver and size");
                with_rows.insert(d->text);
                if (std::fabs(*ns * *ops - 1e9) > 1e-3 * 1e9)
                    problem(rp + ".ns_per_op", "is not 10^9 / ops_per_s");
                if (bytes && std::fabs(*bytes - *ops * *size) > 1e-3 * *bytes + *size)
                    problem(rp + ".bytes_per_s", "is not ops_per_s x size");
                if (rep->text == generic_) {
                    generic[static_cast<std::size_t>(*size)] = *ns;
                    if (!ratio || ratio->type != Type::number ||
                        std::fabs(ratio->number - 1.0) > 1e-3)
                        problem(rp + ".ratio_to_generic", "the baseline's own ratio must be 1");
                }
                rows_.push_back({static_cast<std::size_t>(*size), *ns,
                                 ratio && ratio->type == Type::number
                                     ? std::optional<double>(ratio->number)
                                     : std::nullopt,
                                 rp});
            }
        for (const Row &r : rows_) {
            auto it = generic.find(r.size);
            if (it == generic.end() && r.ratio)
                problem(r.path + ".ratio_to_generic", "set, but " + generic_ + " has no row here");
            if (it != generic.end() &&
                (!r.ratio || std::fabs(*r.ratio - it->second / r.ns) > 1e-3 * *r.ratio))
                problem(r.path + ".ratio_to_generic",
                        "is not " + generic_ + "'s ns_per_op / this one's");
        }
        std::set<std::string> skipped;
        if (const JsonValue *nm = need(*ik, p, "not_measured", Type::array))
            for (const JsonValue &n : nm->items)
                if (const JsonValue *d = n.get("driver"); d && d->type == Type::string)
                    skipped.insert(d->text);
        for (const std::string &d : measured) {
            if (is_user(d) && !skipped.count(d))
                problem("$.inkernel.not_measured", "does not name the userspace baseline " + d);
            if (!is_user(d) && !with_rows.count(d))
                problem("$.inkernel.results", "has no row for " + d);
        }
    }

    // $.fits: one per driver and backend (afalg: per thread count); the
    // reported a and b must reproduce the reported residuals.
    void fits(const JsonValue &doc, const std::vector<std::string> &backends,
              const std::vector<std::string> &measured) {
        const JsonValue *fits = need(doc, "$", "fits", Type::array);
        if (!fits)
            return;
        std::set<std::tuple<std::string, std::string, double>> seen;
        for (std::size_t i = 0; i < fits->items.size(); ++i) {
            const JsonValue &f = fits->items[i];
            std::string p = "$.fits[" + std::to_string(i) + "]";
            const JsonValue *d = need(f, p, "driver", Type::string);
            const JsonValue *b = need(f, p, "backend", Type::string);
            auto threads = positive(f, p, "threads");
            const JsonValue *pts = need(f, p, "points", Type::array);
            const JsonValue *fit = need(f, p, "fit", Type::object, true);
            const JsonValue *why = need(f, p, "no_fit_reason", Type::string, true);
            if (!d || !b || !threads || !pts || !fit || !why)
                continue;
            if (!contains(measured, d->text))
                problem(p + ".driver", "\"" + d->text + "\" is not in $.measured");
            // user: baselines run in the afalg pass without AF_ALG: backend "user".
            if (is_user(d->text) ? b->text != "user" || !contains(backends, "afalg")
                                 : !contains(backends, b->text))
                problem(p + ".backend",
                        "\"" + b->text + "\" is not " +
                            (is_user(d->text) ? std::string("\"user\" (a user: baseline)")
                                              : std::string("in $.config.backends")));
            if (!seen.insert({d->text, b->text, *threads}).second)
                problem(p, "duplicate fit for this driver, backend and thread count");
            std::vector<std::pair<double, double>> xy;
            for (const JsonValue &pt : pts->items) {
                auto size = positive(pt, p + ".points[]", "size");
                auto ns = positive(pt, p + ".points[]", "ns_per_op");
                if (size && ns)
                    xy.push_back({*size, *ns});
            }
            if ((fit->type == Type::null) == (why->type == Type::null))
                problem(p, "exactly one of fit and no_fit_reason must be set");
            if (fit->type == Type::object)
                check_fit(*fit, p + ".fit", xy);
        }
        for (const std::string &d : measured) {
            bool kernel = !is_user(d);
            const std::string own = kernel ? "afalg" : "user";
            if (contains(backends, "afalg") &&
                std::none_of(seen.begin(), seen.end(), [&](const auto &t) {
                    return std::get<0>(t) == d && std::get<1>(t) == own;
                }))
                problem("$.fits", "has no " + own + " fit for " + d);
            if (contains(backends, "tcrypt") && kernel &&
                !std::any_of(seen.begin(), seen.end(), [&](const auto &t) {
                    return std::get<0>(t) == d && std::get<1>(t) == "tcrypt";
                }))
                problem("$.fits", "has no tcrypt fit for " + d);
        }
    }

  private:
    struct Row {
        std::size_t size;
        double ns;
        std::optional<double> ratio;
        std::string path;
    };
    std::vector<std::string> &problems_;
    std::string alg_;     // $.alg
    std::string generic_; // its generic driver: the baseline
    std::vector<Row> rows_;

    void check_fit(const JsonValue &fit, const std::string &p,
                   const std::vector<std::pair<double, double>> &xy) {
        const JsonValue *a = need(fit, p, "a_ns", Type::number);
        const JsonValue *b = need(fit, p, "b_ns_per_byte", Type::number);
        const JsonValue *gbps = need(fit, p, "marginal_gb_per_s", Type::number, true);
        const JsonValue *r2 = need(fit, p, "r_squared", Type::number);
        const JsonValue *resid = need(fit, p, "max_rel_residual", Type::number);
        const JsonValue *n = need(fit, p, "points", Type::number);
        if (!a || !b || !gbps || !r2 || !resid || !n)
            return;
        if (n->number != static_cast<double>(xy.size()) || xy.size() < 3)
            problem(p + ".points", "must be the number of points, at least 3");
        if (r2->number > 1.0 + 1e-9)
            problem(p + ".r_squared", "is above 1");
        if (b->number > 0) {
            if (gbps->type != Type::number || std::fabs(gbps->number * b->number - 1.0) > 1e-2)
                problem(p + ".marginal_gb_per_s", "is not 1 / b_ns_per_byte");
        } else if (gbps->type != Type::null) {
            problem(p + ".marginal_gb_per_s", "must be null when b_ns_per_byte <= 0");
        }
        // The line through the reported a and b gives the reported worst
        // residual (a and b are printed rounded: allow for that).
        // a has 3 decimals, b 6, each point's time 3, the residual 6.
        double worst = 0, slack = 1e-6;
        for (const auto &[x, y] : xy) {
            worst = std::max(worst, std::fabs(a->number + b->number * x - y) / y);
            slack = std::max(slack, (1e-3 + 5e-7 * x) / y + 1e-6);
        }
        if (std::fabs(worst - resid->number) > slack)
            problem(p + ".max_rel_residual", "does not match a_ns and b_ns_per_byte");
    }
};

} // namespace

bool report_has_afalg(const JsonValue &doc) {
    const JsonValue *cfg = doc.get("config");
    const JsonValue *b = cfg ? cfg->get("backends") : nullptr;
    if (!b || b->type != Type::array)
        return true;
    return std::any_of(b->items.begin(), b->items.end(),
                       [](const JsonValue &v) { return v.text == "afalg"; });
}

void check_backends(const JsonValue &doc, const std::vector<std::string> &measured,
                    std::vector<std::string> &problems, const std::string &alg) {
    BackendChecker c(problems, alg);
    const JsonValue *cfg = doc.get("config");
    if (!cfg || !cfg->get("backends"))
        return; // a report from before the backends: nothing of theirs to check
    std::vector<std::string> backends = c.backends(doc);
    c.inkernel(doc, contains(backends, "tcrypt"), measured);
    c.fits(doc, backends, measured);
}

} // namespace crcbench::check
