// SPDX-License-Identifier: GPL-2.0-only
//
// The report of `crcbench-alg list`: table, JSON (crcbench-alg.list.v1) and CSV.
#include "cli.h"
#include "output.h"

namespace crcbench {
namespace {

// The userspace baselines: not kernel drivers, so no priority and no self-test.
std::string user_drivers_table(const std::vector<UserDriver> &users) {
    if (users.empty())
        return "";
    std::string out = "userspace baselines (no AF_ALG, no priority, no self-test; "
                      "add them with -d NAME or --user-baselines):\n";
    Table t({"", "DRIVER", "KIND", "STATUS"}, "llll");
    for (const UserDriver &u : users)
        t.add({"", u.driver, "userspace",
               u.unavailable ? "unavailable: " + *u.unavailable : "available: " + u.description});
    return out + t.str();
}

} // namespace

std::string list_table(const ListReport &r) {
    std::string out = table_head("list", r);
    if (r.drivers.empty()) {
        const AlgInfo &a = alg_info(r.alg);
        out += "no " + std::string(a.name) + " driver is registered (is " +
               std::string(a.generic_driver) + " loaded? modprobe " + std::string(a.name) + "; " +
               std::string(a.name) + " drivers exist in " + std::string(a.kernels) + ")\n";
    } else {
        Table t({"", "DRIVER", "MODULE", "PRIORITY", "SELFTEST"}, "lllrl");
        for (const AlgEntry &e : r.drivers) {
            bool chosen = r.resolves_to && *r.resolves_to == e.driver;
            t.add({chosen ? "*" : "", e.driver, e.module, std::to_string(e.priority), e.selftest});
        }
        out += t.str();
        out += resolve_line(r.resolves_to, r.ambiguous, r.alg);
    }
    out += user_drivers_table(r.user_drivers);
    return out;
}

Json list_document(const ListReport &r) {
    Json j = report_head(kListSchema, r);
    add_drivers(j, r);
    j["ambiguous"] = r.ambiguous;
    return j;
}

std::string list_json(const ListReport &r) {
    return json_text(list_document(r)) + "\n";
}

std::string list_csv(const ListReport &r) {
    // The userspace baselines follow the kernel's drivers, module
    // "userspace" (or "userspace (unavailable)"), with empty priority and
    // selftest cells: they have neither. resolves_crc32c keeps its name and
    // means "the algorithm's name resolves to this driver".
    Json j = list_document(r);
    std::vector<Json> rows(j["drivers"].begin(), j["drivers"].end());
    for (const Json &u : j["user_drivers"])
        rows.push_back(
            {{"driver", u.at("driver")},
             {"module", u.at("available").get<bool>() ? "userspace" : "userspace (unavailable)"},
             {"internal", false},
             {"resolves_crc32c", false}});
    for (Json &row : rows)
        row["alg"] = j["alg"];
    return csv_table("driver,module,priority,selftest,internal,resolves_crc32c,alg", rows);
}

std::string render(const ListReport &r, Format f) {
    return f == Format::json ? list_json(r) : f == Format::csv ? list_csv(r) : list_table(r);
}

} // namespace crcbench
