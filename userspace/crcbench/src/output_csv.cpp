// SPDX-License-Identifier: GPL-2.0-only
#include "output.h"
#include "units.h"

namespace crcbench {
namespace {

// RFC 4180 quoting when needed.
std::string cell(std::string_view s) {
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

std::string num(double v) {
    return format_fixed(v, 1);
}

} // namespace

std::string list_csv(const ListReport &r) {
    std::string out = "driver,module,priority,selftest,internal,resolves_crc32c\n";
    for (const AlgEntry &e : r.drivers) {
        bool resolves = r.resolves_to && *r.resolves_to == e.driver;
        out += cell(e.driver) + "," + cell(e.module) + "," + std::to_string(e.priority) + "," +
               cell(e.selftest) + "," + (e.internal ? "yes" : "no") + "," +
               (resolves ? "yes" : "no") + "\n";
    }
    return out;
}

std::string run_csv(const RunReport &r) {
    std::string out =
        "driver,size,mode,threads,trials,bytes_per_s_min,bytes_per_s_median,bytes_per_s_max,"
        "ops_per_s_min,ops_per_s_median,ops_per_s_max,ratio_to_generic,checked_ops,mismatches,"
        "emulated,kernel_release,cpu_model\n";
    const std::string tail = std::string(r.system.emulation.emulated() ? "yes" : "no") + "," +
                             cell(r.system.kernel_release) + "," + cell(r.system.cpu_model);
    for (const RunRow &row : r.rows) {
        out += cell(row.driver) + "," + std::to_string(row.size) + "," +
               std::string(mode_name(r.settings.mode)) + "," + std::to_string(r.settings.threads) +
               "," + std::to_string(row.trials) + "," + num(row.bytes_per_s.min) + "," +
               num(row.bytes_per_s.median) + "," + num(row.bytes_per_s.max) + "," +
               num(row.ops_per_s.min) + "," + num(row.ops_per_s.median) + "," +
               num(row.ops_per_s.max) + "," +
               (row.ratio_to_generic ? format_fixed(*row.ratio_to_generic, 4) : "") + "," +
               std::to_string(row.checked_ops) + "," + std::to_string(row.mismatches) + "," + tail +
               "\n";
    }
    return out;
}

} // namespace crcbench
