// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"
#include "interrupt.h"
#include "output.h"
#include "text.h"

#include <fmt/format.h>

namespace crcbench {
namespace {

std::string_view emulation_name(Emulation e) {
    constexpr std::string_view kNames[] = {"none", "qemu_tcg", "qemu_kvm", "qemu_user", "forced"};
    return kNames[static_cast<int>(e)];
}

// RFC 4180-quoted when needed.
std::string csv_cell(std::string_view s) {
    if (s.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(s);
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string csv_value(const Json &v) {
    if (v.is_null())
        return "";
    if (v.is_number_float())
        return format_round_trip(v.get<double>());
    if (v.is_string())
        return csv_cell(v.get_ref<const std::string &>());
    if (!v.is_array())
        return v.dump();
    std::string out;
    for (const Json &item : v)
        out += (out.empty() ? "" : " ") + csv_value(item);
    return out;
}

} // namespace

std::string json_text(const Json &j) {
    return j.dump(2, ' ', false, Json::error_handler_t::replace);
}

Json report_head(std::string_view schema, const ReportBase &r) {
    const SystemInfo &s = r.system;
    // Each machine state item a string, or null where this machine has none.
    Json state = Json::object();
    for (const auto &[name, value] : machine_state_items(s.machine_state))
        state[std::string(name)] = *value;
    state["vulnerabilities"] = s.machine_state.vulnerabilities;
    return {{"schema", schema},
            {"tool", kToolName},
            {"version", kToolVersion},
            {"alg", alg_info(r.alg).name},
            {"system",
             {{"kernel_release", s.kernel_release},
              {"machine", s.machine},
              {"cpu_model", s.cpu_model},
              {"emulated", s.emulation.emulated()},
              {"emulation", emulation_name(s.emulation.kind)},
              {"emulation_detail", s.emulation.description},
              {"libkcapi", s.libkcapi},
              {"machine_state", state}}},
            {"notice", s.emulation.emulated() ? Json(kEmulationNotice) : Json()}};
}

void add_drivers(Json &j, const ReportBase &r) {
    Json &list = j["drivers"] = Json::array();
    for (const AlgEntry &e : r.drivers)
        list.push_back({{"driver", e.driver},
                        {"module", e.module},
                        {"priority", e.priority},
                        {"selftest", e.selftest},
                        {"internal", e.internal},
                        {"resolves_crc32c", r.resolves_to && *r.resolves_to == e.driver}});
    j["crc32c_resolves_to"] = r.resolves_to;
    j["user_drivers"] = r.user_drivers;
}

// The userspace baselines (user:...): every one the tool knows, available
// here or not; the name in "measured" and "results" when a run measured it.
void to_json(Json &j, const UserDriver &u) {
    j = {{"driver", u.driver},
         {"description", u.description},
         {"available", !u.unavailable},
         {"unavailable_reason", u.unavailable}};
}

void add_partial(Json &j, int interrupted_by) {
    j["partial"] = interrupted_by != 0;
    j["interrupted_by"] = interrupted_by ? Json(signal_name(interrupted_by)) : Json();
}

Json flat(const Json &j, const std::string &prefix) {
    Json out = Json::object();
    for (const auto &[key, value] : j.items()) {
        std::string name = prefix.empty() ? key : prefix + "_" + key;
        if (value.is_object())
            out.update(flat(value, name));
        else
            out[name] = value;
    }
    return out;
}

std::string csv_table(std::string_view header, const std::vector<Json> &rows) {
    std::string out = fmt::format("{}\n", header);
    const std::vector<std::string_view> columns = split(header, ',');
    for (const Json &row : rows) {
        for (std::size_t i = 0; i < columns.size(); ++i) {
            auto cell = row.find(columns[i]);
            out += (i ? "," : "") + (cell == row.end() ? std::string() : csv_value(*cell));
        }
        out += "\n";
    }
    return out;
}

std::string table_head(std::string_view command, const ReportBase &r) {
    const SystemInfo &s = r.system;
    std::string out =
        fmt::format("{} {} {}\nkernel {} ({}), cpu: {}\nmachine: {}{}\n", kToolName, kToolVersion,
                    command, s.kernel_release, s.machine, s.cpu_model, s.emulation.description,
                    s.libkcapi != "unknown" ? "; " + s.libkcapi : "");
    // The performance state, every item by its JSON name; "absent" where
    // this machine has no such file.
    std::string line = "state:";
    for (const auto &[name, value] : machine_state_items(s.machine_state)) {
        std::string item = fmt::format(" {}={}", name, *value ? **value : "absent");
        if (line.size() + item.size() > 78) {
            out += line + "\n";
            line = "      ";
        }
        line += item;
    }
    out += line + "\n";
    if (const auto &v = s.machine_state.vulnerabilities)
        out += fmt::format(
            "vulnerabilities: {} of {} not \"Not affected\" (the texts are in the JSON report)\n",
            std::ranges::count_if(*v, [](const auto &e) { return e.second != "Not affected"; }),
            v->size());
    else
        out += "vulnerabilities: absent\n";
    return out + notice_line(s) + alg_line(r.alg);
}

std::string alg_line(CrcAlg alg) {
    const AlgInfo &a = alg_info(alg);
    return fmt::format("algorithm: {} ({}); digest: {}; key: {}\n", a.name, a.parameters,
                       a.digest_format, a.key_rule);
}

std::string partial_line(int interrupted_by, const std::string &what) {
    return interrupted_by
               ? "PARTIAL: interrupted by " + signal_name(interrupted_by) + "; " + what + "\n"
               : "";
}

std::string notice_line(const SystemInfo &s) {
    return s.emulation.emulated() ? "*** " + std::string(kEmulationNotice) + " ***\n" : "";
}

std::string resolve_line(const std::optional<std::string> &to, bool ambiguous, CrcAlg alg) {
    const std::string name(alg_info(alg).name);
    if (!to)
        return "\"" + name + "\" resolves to: nothing (no " + name +
               " driver has passed its self-test)\n";
    return "\"" + name + "\" resolves to: " + *to +
           (ambiguous ? " (tie on priority: the kernel keeps the one it registered first)" : "") +
           "\n";
}

} // namespace crcbench
