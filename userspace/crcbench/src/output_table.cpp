// SPDX-License-Identifier: GPL-2.0-only
#include "interrupt.h"
#include "output.h"
#include "output_backends.h"
#include "report_parts.h"
#include "text_table.h"
#include "units.h"
#include "verifier.h"
#include "version.h"

#include <algorithm>
#include <fmt/format.h>

namespace crcbench {

std::string system_lines(const SystemInfo &s) {
    std::string out =
        "kernel " + s.kernel_release + " (" + s.machine + "), cpu: " + s.cpu_model + "\n";
    out += "machine: " + s.emulation.description;
    if (s.libkcapi != "unknown")
        out += "; " + s.libkcapi;
    out += "\n";
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
    out += "vulnerabilities:";
    if (!s.machine_state.vulnerabilities) {
        out += " absent\n";
    } else {
        std::size_t affected = 0;
        for (const auto &[name, text] : *s.machine_state.vulnerabilities)
            if (text != "Not affected")
                ++affected;
        out += " " + std::to_string(affected) + " of " +
               std::to_string(s.machine_state.vulnerabilities->size()) +
               " not \"Not affected\" (the texts are in the JSON report)\n";
    }
    if (s.emulation.emulated())
        out += "*** " + std::string(kEmulationNotice) + " ***\n";
    return out;
}

std::string alg_line(CrcAlg alg) {
    const AlgInfo &a = alg_info(alg);
    return "algorithm: " + std::string(a.name) + " (" + std::string(a.parameters) +
           "); digest: " + std::string(a.digest_format) + "; key: " + std::string(a.key_rule) +
           "\n";
}

std::string partial_line(int interrupted_by, const std::string &what) {
    if (!interrupted_by)
        return "";
    return "PARTIAL: interrupted by " + std::string(signal_name(interrupted_by)) + "; " + what +
           "\n";
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

namespace {

std::string mb(double bytes_per_s) {
    return format_fixed(bytes_per_s / 1e6, 1);
}

// " on CPUs 0,2" (--cpus), " pinned to CPUs 0-3 (the first of the allowed
// CPUs)", or why not pinned.
std::string pinning_text(const RunReport &r) {
    if (!r.settings.cpus.empty())
        return " on CPUs " + format_cpu_list(r.settings.cpus);
    if (r.pinned_cpus.empty())
        return " (not pinned: the affinity mask could not be read)";
    return " pinned to CPU" + std::string(r.pinned_cpus.size() == 1 ? " " : "s ") +
           format_cpu_list(r.pinned_cpus) + " (the allowed CPUs in turn)";
}

std::string describe_settings(const RunReport &r) {
    const BenchSettings &s = r.settings;
    std::string out = "mode " + std::string(mode_name(s.mode));
    if (s.mode == OpMode::digest)
        out += " (one kcapi_md_digest per operation)";
    else
        out += " (kcapi_md_update per " + (s.chunk ? format_size(*s.chunk) : "whole buffer") +
               " + kcapi_md_final)";
    out += s.splice ? ", libkcapi splice path on" : "";
    std::string counts;
    for (unsigned n : r.thread_counts)
        counts += fmt::format("{}{}", counts.empty() ? "" : ",", n);
    out += (r.thread_counts.size() > 1 ? ", threads sweep " : ", threads ") + counts +
           pinning_text(r) +
           (s.working_set ? ", working set " + format_size(*s.working_set) + " per thread"
                          : std::string(", cache-hot (one buffer per thread)")) +
           ", " +
           (s.run_bounds ? fmt::format("{} to {} trials (as many as fill {} s per driver; the "
                                       "TRIALS column: how many ran)",
                                       s.run_bounds->min, s.run_bounds->max, kRunBudget.count())
                         : std::to_string(s.trials) + " trials") +
           " of ";
    if (s.iterations)
        out += std::to_string(*s.iterations) + " operations per thread";
    else
        out += format_fixed(std::chrono::duration<double>(s.duration).count() * 1e3, 0) + " ms";
    if (s.warmup_runs)
        out += fmt::format(", warm-up {} untimed trial{}\n", *s.warmup_runs,
                           *s.warmup_runs == 1 ? "" : "s");
    else
        out += ", warm-up " +
               format_fixed(std::chrono::duration<double>(s.warmup).count() * 1e3, 0) + " ms\n";
    return out;
}

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
    std::string out = std::string(kToolName) + " " + std::string(kToolVersion) + " list\n";
    out += system_lines(r.system);
    out += alg_line(r.alg);
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

namespace {
// "93.8% with 5 trials": the interval's coverage at this run's trial count.
std::string ci_level_text(const RunReport &r) {
    for (const RunRow &row : r.rows)
        if (row.ratio_trials)
            return fmt::format("{:.1f}% with {} trials", 100 * row.ratio_trials->ci_level,
                               row.ratio_trials->count);
    return "no ratios";
}
} // namespace

std::string run_table(const RunReport &r) {
    std::string out = std::string(kToolName) + " " + std::string(kToolVersion) + " run\n";
    out += system_lines(r.system);
    out += alg_line(r.alg);
    out += describe_settings(r);
    out += resolve_line(r.resolves_to, false, r.alg);
    for (const std::string &w : r.warnings)
        out += fmt::format("warning: {}\n", w);
    if (std::find(r.backends.begin(), r.backends.end(), Backend::afalg) == r.backends.end())
        return out + "AF_ALG: not measured (--backend tcrypt; tcrypt checks no results)\n" +
               backends_table(r) +
               (r.system.emulation.emulated() ? "*** " + std::string(kEmulationNotice) + " ***\n"
                                              : std::string());
    out += "throughput in MB/s (10^6 bytes/s) over the trials: min, median, max, mean +- the "
           "standard deviation; kops/s median; ratio = median "
           "over the trials of (this driver / " +
           std::string(r.baseline_name()) +
           " in the same trial, same size); ratio CI: the distribution-free confidence interval "
           "of that median (" +
           ci_level_text(r) +
           "); ~ = noisy: on the ratio, that interval wider than 10% of it; on the median MB/s "
           "(the baseline's row, a row without a ratio), the throughput's\n";
    if (std::string why = r.no_ratio_reason(); !why.empty())
        out += "ratios: - (" + why + ")\n";
    const bool sweep = r.thread_counts.size() > 1; // then a THREADS column
    // A TRIALS column where the count is not the one the header names:
    // chosen per size (--min-runs/--max-runs), or cut short by a signal.
    const bool counts = r.settings.run_bounds || r.interrupted_by;
    const std::string vs = "vs " + std::string(r.baseline_name());
    std::vector<std::string> head = {"SIZE",       "DRIVER", "MB/s min", "median",   "max",
                                     "mean +- sd", "kops/s", vs,         "ratio CI", "CHECK"};
    std::string align = "rlrrrrrrrl";
    if (counts) {
        head.insert(head.begin() + 2, "TRIALS");
        align.insert(2, "r");
    }
    if (sweep) {
        head.insert(head.begin(), "THREADS");
        align.insert(0, "r");
    }
    Table t(head, align);
    for (const RunRow &row : r.rows) {
        std::string ratio =
            row.ratio_to_generic ? format_fixed(*row.ratio_to_generic, 2) + "x" : "-";
        if (row.noisy && row.noisy_ratio())
            ratio += "~";
        std::string median = mb(row.bytes_per_s.median);
        if (row.noisy && !row.noisy_ratio())
            median += "~";
        std::string check = row.mismatches ? "WRONG " + std::to_string(row.mismatches) + "/" +
                                                 std::to_string(row.checked_ops)
                                           : "ok";
        std::vector<std::string> cells = {
            format_size(row.size),
            row.driver,
            mb(row.bytes_per_s.min),
            median,
            mb(row.bytes_per_s.max),
            row.bytes_per_s.count > 1
                ? mb(row.bytes_per_s.mean) + " +-" + mb(row.bytes_per_s.stddev)
                : mb(row.bytes_per_s.mean),
            format_fixed(row.ops_per_s.median / 1e3, 1),
            ratio,
            row.ratio_trials
                ? fmt::format("{:.2f}-{:.2f}", row.ratio_trials->ci_low, row.ratio_trials->ci_high)
                : "-",
            check};
        if (counts)
            cells.insert(cells.begin() + 2, std::to_string(row.trials));
        if (sweep)
            cells.insert(cells.begin(), std::to_string(row.threads));
        t.add(cells);
    }
    out += t.str();
    for (const Mismatch &m : r.mismatches)
        out += format_reproducer(m) + "\n";
    std::uint64_t checked = 0;
    for (const RunRow &row : r.rows)
        checked += row.checked_ops;
    out += r.ok()
               ? "verdict: ok, all " + std::to_string(checked) + " results matched the reference\n"
               : "verdict: MISMATCH, a driver returned wrong CRCs (see above)\n";
    out += backends_table(r);
    out +=
        partial_line(r.interrupted_by, "the rows are the trials every driver completed before it");
    if (r.system.emulation.emulated())
        out += "*** " + std::string(kEmulationNotice) + " ***\n";
    return out;
}

} // namespace crcbench
