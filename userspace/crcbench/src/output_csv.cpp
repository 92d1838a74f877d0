// SPDX-License-Identifier: GPL-2.0-only
#include "output.h"
#include "output_backends.h"
#include "report_parts.h"
#include "units.h"
#include <fmt/format.h>

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
    return format_round_trip(v);
}

} // namespace

std::string csv_cell(std::string_view s) {
    return cell(s);
}

std::string list_csv(const ListReport &r) {
    // The header is stable; the userspace baselines follow the kernel's
    // drivers, module "userspace" (or "userspace (unavailable)"), with empty
    // priority and selftest cells: they have neither.
    // alg (last): the --alg algorithm; resolves_crc32c keeps its name and
    // means "the algorithm's name resolves to this driver".
    const std::string alg(alg_info(r.alg).name);
    std::string out = "driver,module,priority,selftest,internal,resolves_crc32c,alg\n";
    for (const AlgEntry &e : r.drivers) {
        bool resolves = r.resolves_to && *r.resolves_to == e.driver;
        out += cell(e.driver) + "," + cell(e.module) + "," + std::to_string(e.priority) + "," +
               cell(e.selftest) + "," + (e.internal ? "yes" : "no") + "," +
               (resolves ? "yes" : "no") + "," + alg + "\n";
    }
    for (const UserDriver &u : r.user_drivers)
        out += cell(u.driver) + "," + (u.unavailable ? "userspace (unavailable)" : "userspace") +
               ",,,no,no," + alg + "\n";
    return out;
}

namespace {

// The JSON report's config and machine state, as the same names and values
// (null: empty cell; the vulnerability texts stay in the JSON).
std::string config_header() {
    return ",chunk,splice,duration_s,iterations,warmup_s,seed,alg,baseline,working_set";
}

// After cpu_model: a cpulist holds commas.
std::string cpus_cell(const BenchSettings &s) {
    return fmt::format(",{}", s.cpus.empty() ? std::string() : cell(format_cpu_list(s.cpus)));
}

// Starts with the chunk cell (no leading comma).
std::string config_cells(const BenchSettings &s, CrcAlg alg, std::string_view baseline) {
    std::string out;
    if (s.mode == OpMode::stream && s.chunk)
        out += std::to_string(*s.chunk);
    out += std::string(",") + (s.splice ? "true" : "false") + ",";
    if (!s.iterations)
        out += format_round_trip(std::chrono::duration<double>(s.duration).count());
    out += ",";
    if (s.iterations)
        out += std::to_string(*s.iterations);
    out += fmt::format(",{},{},{},{},{}",
                       s.warmup_runs
                           ? std::string()
                           : format_round_trip(std::chrono::duration<double>(s.warmup).count()),
                       s.seed, alg_info(alg).name, baseline,
                       s.working_set ? std::to_string(*s.working_set) : std::string());
    return out;
}

std::string machine_header(const MachineState &m) {
    std::string out;
    for (const auto &[name, value] : machine_state_items(m))
        out += fmt::format(",{}", name);
    return out;
}

std::string machine_cells(const MachineState &m) {
    std::string out;
    for (const auto &[name, value] : machine_state_items(m))
        out += fmt::format(",{}", *value ? cell(**value) : std::string());
    return out;
}

} // namespace

std::string run_csv(const RunReport &r) {
    // Columns that may hold commas (quoted) come after cpu_model: simple
    // readers split the columns before it on every comma.
    std::string out =
        "driver,size,mode,threads,trials,bytes_per_s_min,bytes_per_s_median,bytes_per_s_max,"
        "ops_per_s_min,ops_per_s_median,ops_per_s_max,ratio_to_generic,ratio_trials_min,"
        "ratio_trials_max,noisy,checked_ops,mismatches" +
        backends_csv_header() + config_header() + ",emulated,kernel_release,cpu_model,cpus" +
        machine_header(r.system.machine_state) +
        ",pinned_cpus,warmup_runs,min_runs,max_runs,partial\n";
    // Columns added later go just before partial, which stays last: readers
    // of the columns before them are unaffected. Empty: the JSON's null.
    const RunBounds *bounds = r.settings.run_bounds ? &*r.settings.run_bounds : nullptr;
    const std::string tail = fmt::format(
        "{},{},{},{}{}{},{},{},{},{},{}", config_cells(r.settings, r.alg, r.baseline_name()),
        r.system.emulation.emulated() ? "yes" : "no", cell(r.system.kernel_release),
        cell(r.system.cpu_model), cpus_cell(r.settings), machine_cells(r.system.machine_state),
        cell(format_cpu_list(r.pinned_cpus)),
        r.settings.warmup_runs ? std::to_string(*r.settings.warmup_runs) : std::string(),
        bounds ? std::to_string(bounds->min) : std::string(),
        bounds ? std::to_string(bounds->max) : std::string(), r.interrupted_by ? "true" : "false");
    const std::vector<BackendFit> fits = make_fits(r.rows, r.inkernel);
    for (const RunRow &row : r.rows) {
        out += cell(row.driver) + "," + std::to_string(row.size) + "," +
               std::string(mode_name(r.settings.mode)) + "," + std::to_string(row.threads) + "," +
               std::to_string(row.trials) + "," + num(row.bytes_per_s.min) + "," +
               num(row.bytes_per_s.median) + "," + num(row.bytes_per_s.max) + "," +
               num(row.ops_per_s.min) + "," + num(row.ops_per_s.median) + "," +
               num(row.ops_per_s.max) + "," +
               (row.ratio_to_generic ? format_round_trip(*row.ratio_to_generic) : "") + "," +
               (row.ratio_trials ? format_round_trip(row.ratio_trials->min) + "," +
                                       format_round_trip(row.ratio_trials->max)
                                 : std::string(",")) +
               "," + (row.noisy ? "true" : "false") + "," + std::to_string(row.checked_ops) + "," +
               std::to_string(row.mismatches) +
               backends_csv_cells(r, fits, row.driver, Backend::afalg, row.threads,
                                  afalg_ns_per_op(row)) +
               "," + tail + "\n";
    }
    // tcrypt's rows: one measurement each (min = median = max), no check.
    if (r.inkernel)
        for (const InKernelRow &k : r.inkernel->rows) {
            std::string bps = num(k.bytes_per_s), ops = num(k.ops_per_s);
            out += cell(k.driver) + "," + std::to_string(k.size) + ",digest,1,1," + bps + "," +
                   bps + "," + bps + "," + ops + "," + ops + "," + ops + "," +
                   (k.ratio_to_generic ? format_round_trip(*k.ratio_to_generic) : "") +
                   ",,,false,0,0" +
                   backends_csv_cells(r, fits, k.driver, Backend::tcrypt, 1, k.ns_per_op) + "," +
                   tail + "\n";
        }
    return out;
}

std::string run_trials_csv(const RunReport &r) {
    std::string out = "driver,size,threads,trial,seconds,bytes,ops,bytes_per_s,user_s,system_s,"
                      "partial\n";
    for (const RunRow &row : r.rows)
        for (std::size_t k = 0; k < row.samples.size(); ++k) {
            const TrialSample &t = row.samples[k];
            double bps = t.seconds > 0 ? static_cast<double>(t.bytes) / t.seconds : 0.0;
            out += fmt::format("{},{},{},{},{:.9f},{},{},{:.1f},{:.6f},{:.6f},{}\n", row.driver,
                               row.size, row.threads, k + 1, t.seconds, t.bytes, t.ops, bps,
                               t.user_s, t.system_s, r.interrupted_by ? "true" : "false");
        }
    return out;
}

} // namespace crcbench
