// SPDX-License-Identifier: GPL-2.0-only
#include "interrupt.h"
#include "json_writer.h"
#include "output.h"
#include "output_backends.h"
#include "report_parts.h"
#include "units.h"
#include "version.h"

#include "verify_cases.h"

#include <algorithm>
#include <string>

namespace crcbench {

void system_object(JsonWriter &w, const SystemInfo &s) {
    w.key("system").begin_object();
    w.field("kernel_release", s.kernel_release);
    w.field("machine", s.machine);
    w.field("cpu_model", s.cpu_model);
    w.field("emulated", s.emulation.emulated());
    w.field("emulation", emulation_name(s.emulation.kind));
    w.field("emulation_detail", s.emulation.description);
    w.field("libkcapi", s.libkcapi);
    // Each item a string, or null where this machine does not have it.
    w.key("machine_state").begin_object();
    for (const auto &[name, value] : machine_state_items(s.machine_state)) {
        w.key(name);
        if (*value)
            w.value(**value);
        else
            w.null();
    }
    w.key("vulnerabilities");
    if (s.machine_state.vulnerabilities) {
        w.begin_object();
        for (const auto &[name, text] : *s.machine_state.vulnerabilities)
            w.field(name, text);
        w.end_object();
    } else {
        w.null();
    }
    w.end_object();
    w.end_object();
    w.key("notice");
    if (s.emulation.emulated())
        w.value(kEmulationNotice);
    else
        w.null();
}

void header(JsonWriter &w, std::string_view schema, CrcAlg alg) {
    w.field("schema", schema);
    w.field("tool", kToolName);
    w.field("version", kToolVersion);
    w.field("alg", alg_info(alg).name);
}

void drivers_array(JsonWriter &w, const std::vector<AlgEntry> &drivers,
                   const std::optional<std::string> &resolves_to) {
    w.key("drivers").begin_array();
    for (const AlgEntry &e : drivers) {
        w.begin_object();
        w.field("driver", e.driver);
        w.field("module", e.module);
        w.field("priority", e.priority);
        w.field("selftest", e.selftest);
        w.field("internal", e.internal);
        w.field("resolves_crc32c", resolves_to && *resolves_to == e.driver);
        w.end_object();
    }
    w.end_array();
    w.key("crc32c_resolves_to");
    if (resolves_to)
        w.value(*resolves_to);
    else
        w.null();
}

// The userspace baselines (user:...): every one the tool knows, available
// here or not; the name in "measured" and "results" when a run measured it.
void user_drivers_array(JsonWriter &w, const std::vector<UserDriver> &users) {
    w.key("user_drivers").begin_array();
    for (const UserDriver &u : users) {
        w.begin_object();
        w.field("driver", u.driver);
        w.field("description", u.description);
        w.field("available", !u.unavailable);
        w.key("unavailable_reason");
        if (u.unavailable)
            w.value(*u.unavailable);
        else
            w.null();
        w.end_object();
    }
    w.end_array();
}

void measured_array(JsonWriter &w, const std::vector<std::string> &measured) {
    w.key("measured").begin_array();
    for (const std::string &d : measured)
        w.value(d);
    w.end_array();
}

void partial_fields(JsonWriter &w, int interrupted_by) {
    w.field("partial", interrupted_by != 0);
    w.key("interrupted_by");
    if (interrupted_by)
        w.value(signal_name(interrupted_by));
    else
        w.null();
}

namespace {

// min/median/max, the MAD; with ci, the median's confidence interval.
void summary(JsonWriter &w, std::string_view name, const Summary &s, bool ci = false) {
    w.key(name).begin_object();
    w.field("min", s.min);
    w.field("median", s.median);
    w.field("max", s.max);
    w.field("mad", s.mad);
    if (ci) {
        w.field("ci_low", s.ci_low);
        w.field("ci_high", s.ci_high);
        w.field("ci_level", s.ci_level);
    }
    w.end_object();
}

} // namespace

std::string list_json(const ListReport &r) {
    JsonWriter w;
    w.begin_object();
    header(w, kListSchema, r.alg);
    system_object(w, r.system);
    drivers_array(w, r.drivers, r.resolves_to);
    user_drivers_array(w, r.user_drivers);
    w.field("ambiguous", r.ambiguous);
    w.end_object();
    return w.str();
}

std::string run_json(const RunReport &r) {
    const BenchSettings &s = r.settings;
    JsonWriter w;
    w.begin_object();
    header(w, kRunSchema, r.alg);
    system_object(w, r.system);
    w.key("config").begin_object();
    w.field("mode", mode_name(s.mode));
    w.key("chunk");
    if (s.mode == OpMode::stream && s.chunk)
        w.value(static_cast<std::uint64_t>(*s.chunk));
    else
        w.null();
    w.field("splice", s.splice);
    w.key("threads").begin_array(); // the thread counts of the sweep (one run each)
    for (unsigned n : r.thread_counts)
        w.value(n);
    w.end_array();
    w.key("working_set"); // bytes per thread, null: one cache-hot buffer
    if (s.working_set)
        w.value(static_cast<std::uint64_t>(*s.working_set));
    else
        w.null();
    w.key("cpus"); // --cpus as a cpulist string, null: the allowed CPUs in turn
    if (s.cpus.empty())
        w.null();
    else
        w.value(format_cpu_list(s.cpus));
    // The CPUs the workers were pinned to (--cpus, else the first of the
    // affinity mask the largest thread count occupied); empty: not pinned.
    w.key("pinned_cpus").begin_array();
    for (unsigned cpu : r.pinned_cpus)
        w.value(cpu);
    w.end_array();
    // trials: the exact count; null when --min-runs/--max-runs bound a
    // count chosen per size (each result's "trials" says how many ran).
    const std::optional<RunBounds> &bounds = s.run_bounds;
    w.field("trials", bounds ? std::nullopt : std::optional(s.trials));
    w.field("min_runs", bounds ? std::optional(bounds->min) : std::nullopt);
    w.field("max_runs", bounds ? std::optional(bounds->max) : std::nullopt);
    w.key("duration_s");
    if (s.iterations)
        w.null();
    else
        w.value(std::chrono::duration<double>(s.duration).count());
    w.key("iterations");
    if (s.iterations)
        w.value(*s.iterations);
    else
        w.null();
    // The warm-up by time, or (warmup_runs) by a count of untimed trials.
    w.field("warmup_s", s.warmup_runs
                            ? std::nullopt
                            : std::optional(std::chrono::duration<double>(s.warmup).count()));
    w.field("warmup_runs", s.warmup_runs);
    w.key("sizes").begin_array();
    for (std::size_t size : r.sizes)
        w.value(static_cast<std::uint64_t>(size));
    w.end_array();
    // A string: JSON readers that hold numbers as doubles (jq, JavaScript)
    // round integers above 2^53, and the seed must reproduce the run exactly.
    w.field("seed", std::to_string(s.seed));
    w.field("baseline", r.baseline_name()); // crc32c-lib where there is no crc32c-generic
    backends_config_json(w, r);
    w.end_object();
    drivers_array(w, r.drivers, r.resolves_to);
    user_drivers_array(w, r.user_drivers);
    measured_array(w, r.measured);
    w.key("results").begin_array();
    for (const RunRow &row : r.rows) {
        w.begin_object();
        w.field("driver", row.driver);
        w.field("threads", row.threads);
        w.field("size", static_cast<std::uint64_t>(row.size));
        w.field("trials", row.trials);
        summary(w, "bytes_per_s", row.bytes_per_s, true);
        summary(w, "ops_per_s", row.ops_per_s);
        w.key("ratio_to_generic");
        if (row.ratio_to_generic)
            w.value(*row.ratio_to_generic);
        else
            w.null();
        // The per-trial (paired) ratios: spread, MAD and the median's
        // confidence interval; noisy: that interval wider than 10%.
        if (row.ratio_trials)
            summary(w, "ratio_trials", *row.ratio_trials, true);
        else
            w.key("ratio_trials").null();
        w.field("noisy", row.noisy);
        w.key("samples").begin_array(); // every trial, in order
        for (const TrialSample &t : row.samples) {
            w.begin_object();
            w.field("seconds", t.seconds);
            w.field("bytes", t.bytes);
            w.field("ops", t.ops);
            w.field("user_s", t.user_s);
            w.field("system_s", t.system_s);
            w.end_object();
        }
        w.end_array();
        w.field("checked_ops", row.checked_ops);
        w.field("mismatches", row.mismatches);
        w.end_object();
    }
    w.end_array();
    backends_json(w, r);
    w.key("warnings").begin_array(); // run_warnings(): what makes the numbers hard to read
    for (const std::string &text : r.warnings)
        w.value(text);
    w.end_array();
    // true: SIGINT/SIGTERM cut the run short (interrupted_by names it);
    // the results are the trials that every driver completed.
    partial_fields(w, r.interrupted_by);
    w.field("verdict", r.ok() ? "ok" : "mismatch");
    w.end_object();
    return w.str();
}

bool VerifyReport::ok() const {
    return not_run.empty() && std::all_of(verdicts.begin(), verdicts.end(),
                                          [](const DriverVerdict &v) { return v.ok(); });
}

std::string verify_json(const VerifyReport &r) {
    JsonWriter w;
    w.begin_object();
    header(w, kVerifySchema, r.alg);
    system_object(w, r.system);
    drivers_array(w, r.drivers, r.resolves_to);
    user_drivers_array(w, r.user_drivers);
    w.field("cases_from", r.origin);
    w.key("seed"); // a string, as in run reports: 64-bit integers stay exact
    if (r.seed)
        w.value(std::to_string(*r.seed));
    else
        w.null();
    w.key("results").begin_array();
    for (const DriverVerdict &v : r.verdicts) {
        w.begin_object();
        w.field("driver", v.driver);
        w.field("judge", judge_name(v.judge));
        w.field("cases", static_cast<std::uint64_t>(v.cases));
        w.field("bytes", v.bytes);
        w.field("mismatches", static_cast<std::uint64_t>(v.mismatches));
        w.key("reproducers").begin_array(); // the first kReportedMismatches
        for (const Mismatch &m : v.reported) {
            w.begin_object();
            w.field("case", format_case(m.c));
            w.field("expected", format_digest(m.alg, m.expected));
            w.field("got", format_digest(m.alg, m.got));
            w.field("line", format_reproducer(m));
            w.end_object();
        }
        w.end_array();
        w.field("verdict", v.ok() ? "ok" : "mismatch");
        w.end_object();
    }
    w.end_array();
    w.key("not_run").begin_array(); // drivers the kernel does not hand out
    for (const auto &[driver, why] : r.not_run) {
        w.begin_object();
        w.field("driver", driver);
        w.field("reason", why);
        w.end_object();
    }
    w.end_array();
    // true: SIGINT/SIGTERM ended the cases early; the results are of the
    // cases every driver ran before it.
    partial_fields(w, r.interrupted_by);
    w.field("verdict", r.ok() ? "ok" : "mismatch");
    w.end_object();
    return w.str();
}

} // namespace crcbench
