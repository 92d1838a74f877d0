// SPDX-License-Identifier: GPL-2.0-only
#include "rules.h"

namespace crcbench::check {

bool is_user_driver(const std::string &d) {
    return d.rfind("user:", 0) == 0;
}

std::string report_alg(const JsonValue &doc) {
    return doc.str("alg").value_or("crc32c");
}

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
    const std::vector<JsonValue> &drivers = doc.list("drivers");
    for (std::size_t i = 0; i < drivers.size(); ++i) {
        std::string name = drivers[i].str("driver").value_or("");
        if (contains(names, name))
            p.add("$.drivers[" + std::to_string(i) + "]", "driver \"" + name + "\" listed twice");
        names.push_back(name);
        if (drivers[i].flag("resolves_crc32c").value_or(false)) {
            ++resolvers;
            resolving = name;
        }
    }
    if (resolvers > 1)
        p.add("$.drivers", "more than one driver marked resolves_crc32c");
    std::optional<std::string> resolves = doc.str("crc32c_resolves_to");
    if (!resolves && resolving)
        p.add("$.crc32c_resolves_to", "null but a driver is marked resolves_crc32c");
    if (resolves && resolves != resolving)
        p.add("$.crc32c_resolves_to",
              "\"" + *resolves + "\" is not the driver marked resolves_crc32c");
    // A user: baseline has a reason exactly when it is unavailable.
    const std::vector<JsonValue> &users = doc.list("user_drivers");
    for (std::size_t i = 0; i < users.size(); ++i) {
        bool available = users[i].flag("available").value_or(false);
        if (available == users[i].str("unavailable_reason").has_value())
            p.add("$.user_drivers[" + std::to_string(i) + "].unavailable_reason",
                  "must be null exactly when available");
        if (available)
            names.push_back(users[i].str("driver").value_or(""));
    }
    for (const std::string &d : expect.drivers)
        if (!contains(names, d))
            p.add("$.drivers", "expected driver \"" + d + "\" is not listed");
    return names;
}

std::vector<std::string> check_measured(const JsonValue &doc,
                                        const std::vector<std::string> &listed,
                                        const Expectations &expect, Problems &p) {
    std::vector<std::string> measured;
    const std::vector<JsonValue> &m = doc.list("measured");
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (m[i].text != report_alg(doc) && !contains(listed, m[i].text))
            p.add("$.measured[" + std::to_string(i) + "]",
                  "\"" + m[i].text + "\" is not among $.drivers");
        measured.push_back(m[i].text);
    }
    for (const std::string &d : expect.drivers)
        if (!contains(measured, d))
            p.add("$.measured", "expected driver \"" + d + "\" was not measured");
    return measured;
}

void check_verify(const JsonValue &doc, Problems &p) {
    // Each driver's verdict from its mismatches, no more reproducers than
    // mismatches; the report's verdict from them all and the drivers not run.
    check_partial(doc, p); // the results are of the cases run before a signal
    bool any_bad = !doc.list("not_run").empty();
    const std::vector<JsonValue> &results = doc.list("results");
    for (std::size_t i = 0; i < results.size(); ++i) {
        const JsonValue &row = results[i];
        const std::string path = "$.results[" + std::to_string(i) + "]";
        const double mismatches = row.num("mismatches").value_or(0);
        const std::string verdict = row.str("verdict").value_or("");
        if ((mismatches > 0) != (verdict == "mismatch"))
            p.add(path + ".verdict", "\"" + verdict + "\" contradicts mismatches");
        if (static_cast<double>(row.list("reproducers").size()) > mismatches)
            p.add(path + ".reproducers", "more than min(mismatches, 5)");
        any_bad = any_bad || mismatches > 0;
    }
    const std::string verdict = doc.str("verdict").value_or("");
    if ((verdict == "mismatch") != any_bad)
        p.add("$.verdict", "\"" + verdict + "\" contradicts the results");
}

bool check_partial(const JsonValue &doc, Problems &p) {
    const bool partial = doc.flag("partial").value_or(false);
    if (const JsonValue *by = doc.get("interrupted_by");
        by && partial != (by->type == JsonValue::Type::string))
        p.add("$.interrupted_by", "must name the signal exactly when partial is true");
    return partial;
}

} // namespace crcbench::check
