// SPDX-License-Identifier: GPL-2.0-only
#include "rules.h"

#include <cmath>
#include <set>

namespace crcbench::check {
namespace {

// --innodb: the counts add up to the pages, the list holds the invalid ones.
void check_innodb(const JsonValue &s, std::optional<double> pages, const std::string &path,
                  Problems &p) {
    const std::vector<JsonValue> &invalid = s.list("invalid_pages");
    if (s.num("invalid") != static_cast<double>(invalid.size()))
        p.add(path + ".invalid_pages", "does not hold $.invalid pages");
    for (std::size_t i = 1; i < invalid.size(); ++i)
        if (invalid[i].number <= invalid[i - 1].number)
            p.add(path + ".invalid_pages", "not strictly ascending");
    if (pages &&
        s.num("valid").value_or(0) + s.num("empty").value_or(0) + s.num("invalid").value_or(0) !=
            *pages)
        p.add(path, "valid + empty + invalid is not the file's pages");
}

} // namespace

void check_file(const JsonValue &doc, const std::vector<std::string> &listed,
                const Expectations &expect, Problems &p) {
    const std::vector<std::string> measured = check_measured(doc, listed, expect, p);
    // partial: SIGINT/SIGTERM ended the run early, so the last file may lack
    // drivers and a driver may have fewer passes than --repeat.
    const bool partial = check_partial(doc, p);
    const JsonValue *cfg = doc.obj("config");
    const double repeat = cfg ? cfg->num("repeat").value_or(1) : 1;
    bool any_mismatch = false, any_invalid = false;
    const std::vector<JsonValue> &files = doc.list("files");
    for (std::size_t i = 0; i < files.size(); ++i) {
        const JsonValue &f = files[i];
        const std::string path = "$.files[" + std::to_string(i) + "]";
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
        const std::vector<JsonValue> &results = f.list("results");
        for (std::size_t k = 0; k < results.size(); ++k) {
            const JsonValue &r = results[k];
            const std::string rp = path + ".results[" + std::to_string(k) + "]";
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
        }
        if (partial ? drivers.size() > measured.size() : drivers.size() != measured.size())
            p.add(path + ".results", "must hold one result per measured driver");
    }
    // A wrong CRC outranks invalid pages.
    const std::string want = any_mismatch ? "mismatch" : any_invalid ? "invalid_pages" : "ok";
    const std::string verdict = doc.str("verdict").value_or("");
    if (verdict != want)
        p.add("$.verdict", "\"" + verdict + "\" contradicts the results (" + want + ")");
}

} // namespace crcbench::check
