// SPDX-License-Identifier: GPL-2.0-only
//
// The report of `crcbench-alg run`: table, JSON (crcbench-alg.run.v2),
// CSV, the per-trial CSV (--runs-csv), and the two backends side by side
// with the fit time = a + b * size per driver and backend.
#include "cli.h"
#include "error.h"
#include "output.h"
#include "text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <map>
#include <ranges>

namespace crcbench {
namespace {

std::string ns(double v) {
    return format_fixed(v, 1);
}

std::string ratio(const std::optional<double> &v) {
    return v ? format_fixed(*v, 2) + "x" : "-";
}

std::string size_span(const std::vector<SizeTime> &points) {
    if (points.empty())
        return "-";
    const auto [lo, hi] = std::ranges::minmax(points, {}, &SizeTime::size);
    return format_size(lo.size) + ".." + format_size(hi.size);
}

// The backend a row or fit is labelled with: user: baselines run in the
// afalg pass but hash in this process, no AF_ALG: "user".
std::string_view backend_of(std::string_view driver, Backend b) {
    return is_user_driver(driver) ? std::string_view("user") : backend_name(b);
}

std::string backend_label(const RunReport &r, const BackendFit &f) {
    std::string label(backend_of(f.driver, f.backend));
    if (f.backend == Backend::afalg && r.thread_counts.size() > 1)
        label += fmt::format(" {}T", f.threads);
    return label;
}

std::string side_by_side(const RunReport &r) {
    const bool afalg = !r.rows.empty();
    const unsigned threads = r.thread_counts.front();
    std::string out = std::string(afalg ? "both backends per driver" : "in-kernel per driver") +
                      ", ns per operation (one digest of SIZE bytes)";
    out += afalg && threads > 1 ? ", AF_ALG at " + std::to_string(threads) + " threads" : "";
    out += r.system.emulation.emulated() ? ", EMULATED" : "";
    out += ":\n  end to end (AF_ALG): throughput ratio to " + std::string(r.baseline_name()) +
           " through AF_ALG, system calls included;\n  in-kernel: tcrypt (sec=" +
           std::to_string(r.inkernel->sec) + "), the ratio of the times inside the kernel\n";
    Table t({"DRIVER", "SIZE", "AF_ALG ns/op", "end to end (AF_ALG)", "in-kernel ns/op",
             "in-kernel vs generic"},
            "lrrrrr");
    for (const std::string &d : r.measured) {
        std::map<std::size_t, std::pair<const RunRow *, const InKernelRow *>> by_size;
        for (const RunRow &row : r.rows)
            if (row.driver == d && row.threads == threads)
                by_size[row.size].first = &row;
        for (const InKernelRow &row : r.inkernel->rows)
            if (row.driver == d)
                by_size[row.size].second = &row;
        for (const auto &[size, pair] : by_size) {
            const auto &[a, k] = pair;
            t.add({d, format_size(size), a ? ns(a->ns_per_op()) : "-",
                   a ? ratio(a->ratio_to_generic) + (a->noisy ? "~" : "") : "-",
                   k ? ns(k->ns_per_op) : "-", k ? ratio(k->ratio_to_generic) : "-"});
        }
    }
    out += t.str();
    for (const NotMeasured &n : r.inkernel->not_measured)
        out += "  " + n.driver + ": no tcrypt row (" + n.reason + ")\n";
    return out;
}

// How far below zero an intercept may lie and still be noise around zero.
constexpr double kInterceptNoiseSe = 2.0;

std::string fits_table(const RunReport &r) {
    std::string out = "fit time_ns = a + b*size per driver and backend (least squares on "
                      "relative error): a = per-call cost,\n1/b = marginal throughput "
                      "(GB/s = 10^9 bytes/s); R^2 and the largest relative residual say "
                      "how well the line fits; +- one standard error";
    out += r.system.emulation.emulated() ? " (EMULATED)" : "";
    out += ":\n";
    Table t({"DRIVER", "BACKEND", "SIZES", "a ns/call", "1/b GB/s", "R^2", "max resid"}, "lllrrrr");
    std::vector<std::string> no_fit, negative;
    for (const BackendFit &f : make_fits(r.rows, r.inkernel)) {
        if (!f.result.fit) {
            no_fit.push_back(f.driver + " " + backend_label(r, f) + ": no fit, " +
                             f.result.no_fit_reason);
            continue;
        }
        const LineFit &l = *f.result.fit;
        // Within a couple of standard errors of zero the intercept is noise
        // around a small cost; far below zero no positive cost fits, so the
        // straight line is the wrong model for these sizes.
        double below = l.a_se_ns > 0 ? -l.a_ns / l.a_se_ns : 0.0;
        if (l.negative_intercept())
            negative.push_back(fmt::format(
                "{} {}: a = {:.1f} ns < 0 ({:.1f} standard errors): {}", f.driver,
                backend_label(r, f), l.a_ns, below,
                below <= kInterceptNoiseSe
                    ? "the per-call cost is below what the fit resolves, read it as about 0"
                    : "the straight line does not fit these sizes (the time is not a + b*size "
                      "here; see max resid), so neither a nor 1/b means what it says; fit a "
                      "narrower range of sizes (-s)"));
        t.add(
            {f.driver, backend_label(r, f), size_span(f.points),
             fmt::format("{}{} +-{:.1f}", ns(l.a_ns), l.negative_intercept() ? "*" : "", l.a_se_ns),
             l.marginal_gb_per_s ? format_fixed(*l.marginal_gb_per_s, 3) : "-",
             format_fixed(l.r_squared, 4), format_fixed(l.max_rel_residual * 100, 1) + "%"});
    }
    out += t.str();
    for (const std::string &line : no_fit)
        out += "  " + line + "\n";
    for (const std::string &line : negative)
        out += "  * " + line + "\n";
    if (r.inkernel)
        for (const NotMeasured &n : r.inkernel->not_measured)
            out += "  " + n.driver + " tcrypt: no tcrypt row (" + n.reason + ")\n";
    return out;
}

} // namespace

std::string backends_table(const RunReport &r) {
    std::string out;
    if (r.inkernel)
        out += side_by_side(r);
    if (!r.rows.empty() || r.inkernel)
        out += fits_table(r);
    return out;
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
    auto ms = [](std::chrono::nanoseconds d) {
        return format_fixed(std::chrono::duration<double>(d).count() * 1e3, 0) + " ms";
    };
    std::string out =
        "mode " + std::string(mode_name(s.mode)) +
        (s.mode == OpMode::digest
             ? " (one kcapi_md_digest per operation)"
             : " (kcapi_md_update per " + (s.chunk ? format_size(*s.chunk) : "whole buffer") +
                   " + kcapi_md_final)");
    out += s.splice ? ", libkcapi splice path on" : "";
    out += (r.thread_counts.size() > 1 ? ", threads sweep " : ", threads ") +
           fmt::format("{}", fmt::join(r.thread_counts, ",")) + pinning_text(r) +
           (s.working_set ? ", working set " + format_size(*s.working_set) + " per thread"
                          : std::string(", cache-hot (one buffer per thread)")) +
           ", " +
           (s.run_bounds ? fmt::format("{} to {} trials (as many as fill {} s per driver; the "
                                       "TRIALS column: how many ran)",
                                       s.run_bounds->min, s.run_bounds->max, kRunBudget.count())
                         : std::to_string(s.trials) + " trials") +
           " of ";
    out += s.iterations ? std::to_string(*s.iterations) + " operations per thread" : ms(s.duration);
    return out + (s.warmup_runs ? fmt::format(", warm-up {} untimed trial{}\n", *s.warmup_runs,
                                              *s.warmup_runs == 1 ? "" : "s")
                                : ", warm-up " + ms(s.warmup) + "\n");
}

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
    std::string out =
        table_head("run", r) + describe_settings(r) + resolve_line(r.resolves_to, false, r.alg);
    for (const std::string &w : r.warnings)
        out += fmt::format("warning: {}\n", w);
    if (std::find(r.backends.begin(), r.backends.end(), Backend::afalg) == r.backends.end())
        return out + "AF_ALG: not measured (--backend tcrypt; tcrypt checks no results)\n" +
               backends_table(r) + notice_line(r.system);
    out += fmt::format(
        "throughput in MB/s (10^6 bytes/s) over the trials: min, median, max, mean +- the standard "
        "deviation; kops/s median; ratio = median over the trials of (this driver / {} in the same "
        "trial, same size); ratio CI: the distribution-free confidence interval of that median "
        "({}); ~ = noisy: on the ratio, that interval wider than 10% of it; on the median MB/s "
        "(the baseline's row, a row without a ratio), the throughput's\n",
        r.baseline_name(), ci_level_text(r));
    if (std::string why = r.no_ratio_reason(); !why.empty())
        out += "ratios: - (" + why + ")\n";
    const bool sweep = r.thread_counts.size() > 1; // then a THREADS column
    // A TRIALS column where the count is not the one the header names:
    // chosen per size (--min-runs/--max-runs), or cut short by a signal.
    const bool counts = r.settings.run_bounds || r.interrupted_by;
    const std::string vs = "vs " + std::string(r.baseline_name());
    std::vector<std::string> head = {"SIZE",       "DRIVER", "MB/s min", "median",   "max",
                                     "mean +- sd", "kops/s", vs,         "ratio CI", "CHECK"};
    if (counts)
        head.insert(head.begin() + 2, "TRIALS");
    if (sweep)
        head.insert(head.begin(), "THREADS");
    Table t(head, fmt::format("{}rl{}rrrrrrrl", sweep ? "r" : "", counts ? "r" : ""));
    for (const RunRow &row : r.rows) {
        std::vector<std::string> cells = {
            format_size(row.size),
            row.driver,
            mb(row.bytes_per_s.min),
            mb(row.bytes_per_s.median) + (row.noisy && !row.noisy_ratio() ? "~" : ""),
            mb(row.bytes_per_s.max),
            row.bytes_per_s.count > 1
                ? mb(row.bytes_per_s.mean) + " +-" + mb(row.bytes_per_s.stddev)
                : mb(row.bytes_per_s.mean),
            format_fixed(row.ops_per_s.median / 1e3, 1),
            ratio(row.ratio_to_generic) + (row.noisy_ratio() && row.noisy ? "~" : ""),
            row.ratio_trials
                ? fmt::format("{:.2f}-{:.2f}", row.ratio_trials->ci_low, row.ratio_trials->ci_high)
                : "-",
            row.mismatches ? fmt::format("WRONG {}/{}", row.mismatches, row.checked_ops) : "ok"};
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
    return out + backends_table(r) +
           partial_line(r.interrupted_by,
                        "the rows are the trials every driver completed before it") +
           notice_line(r.system);
}

// The JSON report's parts: each its members in document order.
void to_json(Json &j, Backend b) {
    j = backend_name(b);
}

void to_json(Json &j, const TrialSample &t) {
    j = {{"seconds", t.seconds},
         {"bytes", t.bytes},
         {"ops", t.ops},
         {"user_s", t.user_s},
         {"system_s", t.system_s}};
}

void to_json(Json &j, const LineFit &f) {
    j = {{"a_ns", f.a_ns},
         {"b_ns_per_byte", f.b_ns_per_byte},
         {"marginal_gb_per_s", f.marginal_gb_per_s},
         {"r_squared", f.r_squared},
         {"max_rel_residual", f.max_rel_residual},
         {"points", f.points},
         {"a_se_ns", f.a_se_ns},
         {"b_se_ns_per_byte", f.b_se_ns_per_byte},
         {"negative_intercept", f.negative_intercept()}};
}

void to_json(Json &j, const InKernelRow &row) {
    j = {{"driver", row.driver},
         {"driver_reported", row.driver_reported},
         {"size", row.size},
         {"ops_per_s", row.ops_per_s},
         {"bytes_per_s", row.bytes_per_s},
         {"ns_per_op", row.ns_per_op},
         {"ratio_to_generic", row.ratio_to_generic}};
}

void to_json(Json &j, const NotMeasured &n) {
    j = {{"driver", n.driver}, {"reason", n.reason}};
}

void to_json(Json &j, const SizeTime &p) {
    j = {{"size", p.size}, {"ns_per_op", p.ns_per_op}};
}

void to_json(Json &j, const InKernelResults &k) {
    j = {{"backend", "tcrypt"},
         {"sec", k.sec},
         {"results", k.rows},
         {"not_measured", k.not_measured}};
}

void to_json(Json &j, const RunRow &row) {
    auto summary_json = [](const Summary &s, bool ci = false) {
        Json out = {{"min", s.min}, {"median", s.median}, {"max", s.max}, {"mad", s.mad}};
        if (ci) {
            out["ci_low"] = s.ci_low;
            out["ci_high"] = s.ci_high;
            out["ci_level"] = s.ci_level;
        }
        return out;
    };
    j = {{"driver", row.driver},
         {"threads", row.threads},
         {"size", row.size},
         {"trials", row.trials},
         {"bytes_per_s", summary_json(row.bytes_per_s, true)},
         {"ops_per_s", summary_json(row.ops_per_s)},
         {"ratio_to_generic", row.ratio_to_generic},
         {"ratio_trials", row.ratio_trials ? summary_json(*row.ratio_trials, true) : Json()},
         {"noisy", row.noisy},
         {"samples", row.samples},
         {"checked_ops", row.checked_ops},
         {"mismatches", row.mismatches}};
}

void to_json(Json &j, const BackendFit &f) {
    j = {{"driver", f.driver},
         {"backend", backend_of(f.driver, f.backend)},
         {"threads", f.threads},
         {"points", f.points},
         {"fit", f.result.fit},
         {"no_fit_reason", f.result.fit ? Json() : Json(f.result.no_fit_reason)}};
}

Json run_document(const RunReport &r) {
    const BenchSettings &s = r.settings;
    const std::optional<RunBounds> &bounds = s.run_bounds;
    auto seconds = [](auto d) { return std::chrono::duration<double>(d).count(); };
    Json j = report_head(kRunSchema, r);
    j["config"] = {{"mode", mode_name(s.mode)},
                   {"chunk", s.mode == OpMode::stream ? s.chunk : std::nullopt},
                   {"splice", s.splice},
                   {"threads", r.thread_counts},
                   {"working_set", s.working_set},
                   {"cpus", s.cpus.empty() ? Json() : Json(format_cpu_list(s.cpus))},
                   {"pinned_cpus", r.pinned_cpus},
                   {"trials", bounds ? std::nullopt : std::optional(s.trials)},
                   {"min_runs", bounds ? std::optional(bounds->min) : std::nullopt},
                   {"max_runs", bounds ? std::optional(bounds->max) : std::nullopt},
                   {"duration_s", s.iterations ? Json() : Json(seconds(s.duration))},
                   {"iterations", s.iterations},
                   {"warmup_s", s.warmup_runs ? Json() : Json(seconds(s.warmup))},
                   {"warmup_runs", s.warmup_runs},
                   {"sizes", r.sizes},
                   // A string: JSON readers that hold numbers as doubles (jq, JavaScript)
                   // round integers above 2^53, and the seed must reproduce the run exactly.
                   {"seed", std::to_string(s.seed)},
                   {"baseline", r.baseline_name()},
                   {"backends", r.backends},
                   {"tcrypt_sec", r.inkernel ? Json(r.inkernel->sec) : Json()}};
    add_drivers(j, r);
    j["measured"] = r.measured;
    j["results"] = r.rows;
    j["inkernel"] = r.inkernel;
    j["fits"] = make_fits(r.rows, r.inkernel);
    j["warnings"] = r.warnings;
    add_partial(j, r.interrupted_by);
    j["verdict"] = r.ok() ? "ok" : "mismatch";
    return j;
}

std::string run_json(const RunReport &r) {
    return json_text(run_document(r)) + "\n";
}

// The run CSV's columns, then the machine state's, then these. Columns that
// may hold commas (quoted) come after cpu_model: simple readers split the
// columns before it on every comma. Columns added later go just before
// partial, which stays last.
constexpr std::string_view kRunColumns =
    "driver,size,mode,threads,trials,bytes_per_s_min,bytes_per_s_median,bytes_per_s_max,"
    "ops_per_s_min,ops_per_s_median,ops_per_s_max,ratio_to_generic,ratio_trials_min,"
    "ratio_trials_max,noisy,checked_ops,mismatches,backend,ns_per_op,fit_a_ns,fit_b_ns_per_byte,"
    "fit_marginal_gb_per_s,fit_r_squared,fit_max_rel_residual,tcrypt_sec,chunk,splice,duration_s,"
    "iterations,warmup_s,seed,alg,baseline,working_set,emulated,kernel_release,cpu_model,cpus";
constexpr std::string_view kRunColumnsAfterState =
    "pinned_cpus,warmup_runs,min_runs,max_runs,partial";

std::string run_csv(const RunReport &r) {
    const Json doc = run_document(r);
    Json shared = flat(doc.at("config"));
    shared.update(flat(doc.at("system")));
    shared.update(flat(doc.at("system").at("machine_state")));
    shared["alg"] = doc.at("alg");
    shared["partial"] = doc.at("partial");
    auto row_of = [&](const Json &own, std::string_view backend, double ns_per_op) {
        Json row = shared;
        row.update(flat(own));
        row["backend"] = backend;
        row["ns_per_op"] = ns_per_op;
        for (const Json &f : doc.at("fits"))
            if (f.at("driver") == own.at("driver") && f.at("backend") == backend &&
                f.at("threads") == own.at("threads"))
                row.update(flat(Json{{"fit", f.at("fit")}}));
        return row;
    };
    std::vector<Json> rows;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const Json &own = doc.at("results")[i];
        rows.push_back(
            row_of(own, backend_of(r.rows[i].driver, Backend::afalg), r.rows[i].ns_per_op()));
    }
    // tcrypt's rows: one measurement each (min = median = max), no check.
    if (r.inkernel)
        for (const InKernelRow &k : r.inkernel->rows) {
            RunRow row;
            row.driver = k.driver;
            row.size = k.size;
            row.trials = 1;
            row.bytes_per_s = {.min = k.bytes_per_s, .median = k.bytes_per_s, .max = k.bytes_per_s};
            row.ops_per_s = {.min = k.ops_per_s, .median = k.ops_per_s, .max = k.ops_per_s};
            row.ratio_to_generic = k.ratio_to_generic;
            Json own = row;
            own["mode"] = "digest";
            rows.push_back(row_of(own, "tcrypt", k.ns_per_op));
        }
    const auto state = machine_state_items(r.system.machine_state);
    return csv_table(fmt::format("{},{},{}", kRunColumns, fmt::join(std::views::keys(state), ","),
                                 kRunColumnsAfterState),
                     rows);
}

std::string run_trials_csv(const RunReport &r) {
    std::vector<Json> rows;
    for (const RunRow &row : r.rows)
        for (std::size_t i = 0; i < row.samples.size(); ++i) {
            Json &line = rows.emplace_back(row.samples[i]);
            line.update({{"driver", row.driver},
                         {"size", row.size},
                         {"threads", row.threads},
                         {"trial", i + 1},
                         {"bytes_per_s", row.samples[i].bytes_per_s()},
                         {"partial", r.interrupted_by != 0}});
        }
    return csv_table(
        "driver,size,threads,trial,seconds,bytes,ops,bytes_per_s,user_s,system_s,partial", rows);
}

std::string render(const RunReport &r, Format f) {
    return f == Format::json ? run_json(r) : f == Format::csv ? run_csv(r) : run_table(r);
}

std::string choose_baseline(const std::vector<AlgEntry> &drivers, CrcAlg alg) {
    auto present = [&](std::string_view name) {
        return std::ranges::find(drivers, name, &AlgEntry::driver) != drivers.end();
    };
    if (alg == CrcAlg::crc32c && !present(baseline_driver(alg)) && present(kCrc32cLibDriver))
        return std::string(kCrc32cLibDriver);
    return std::string(baseline_driver(alg));
}

std::string RunReport::no_ratio_reason() const {
    const std::string_view base = baseline_name();
    if (std::find(measured.begin(), measured.end(), base) != measured.end())
        return {};
    if (std::ranges::find(drivers, base, &AlgEntry::driver) != drivers.end())
        return "the baseline " + std::string(base) + " was not measured (add -d " +
               std::string(base) + ")";
    std::string why = "this kernel has no " + std::string(base);
    if (alg == CrcAlg::crc32c)
        why += " and no " + std::string(kCrc32cLibDriver) + " (6.17 and later)";
    return why + ": no baseline";
}

namespace {

// A cpulist of sysfs; empty when absent or not a cpulist (nothing to compare).
std::vector<unsigned> sysfs_cpus(const std::optional<std::string> &text) {
    try {
        return text ? parse_cpu_list(*text) : std::vector<unsigned>();
    } catch (const UsageError &) {
        return {};
    }
}

} // namespace

std::vector<std::string> run_warnings(const RunReport &r) {
    std::vector<std::string> out;
    const MachineState &m = r.system.machine_state;
    const unsigned most = std::ranges::max(r.thread_counts);
    const std::size_t online = sysfs_cpus(m.cpus_online).size();
    const std::vector<unsigned> &pinned = r.settings.cpus;
    if (!pinned.empty() && most > pinned.size())
        out.push_back(fmt::format(
            "{} threads on {} pinned CPU{} (--cpus {}): threads share CPUs, so ns/op and the "
            "fits (which assume a CPU per thread) overstate the time per operation; use at most "
            "{} threads or more --cpus",
            most, pinned.size(), pinned.size() == 1 ? "" : "s", format_cpu_list(pinned),
            pinned.size()));
    else if (pinned.empty() && online && most > online)
        out.push_back(fmt::format("{} threads on {} online CPUs: threads share CPUs, so ns/op "
                                  "and the fits overstate the time per operation",
                                  most, online));
    if (m.loadavg && online) {
        double load = std::strtod(m.loadavg->c_str(), nullptr);
        if (load > static_cast<double>(online))
            out.push_back(fmt::format("load average {:.2f} is above the {} online CPUs: other "
                                      "work competes with the measurement",
                                      load, online));
    }
    if (m.cpufreq_governor && *m.cpufreq_governor != "performance")
        out.push_back(fmt::format("cpufreq governor is {}, not performance: the clock may change "
                                  "during the run (cpupower frequency-set -g performance)",
                                  *m.cpufreq_governor));
    std::vector<unsigned> siblings = sysfs_cpus(m.thread_siblings), shared;
    std::ranges::copy_if(pinned, std::back_inserter(shared), [&](unsigned c) {
        return std::ranges::find(siblings, c) != siblings.end();
    });
    if (shared.size() > 1)
        out.push_back(fmt::format("pinned CPUs {} are SMT siblings (one core): their threads "
                                  "share its pipelines",
                                  format_cpu_list(shared)));
    // Too few or too short trials: numbers without the means to judge them.
    // With --min-runs/--max-runs the count is each row's own.
    unsigned fewest = r.settings.trials;
    if (r.settings.run_bounds) {
        fewest = r.settings.run_bounds->max;
        for (const RunRow &row : r.rows)
            fewest = std::min(fewest, row.trials);
    }
    if (fewest < kFewestTrials)
        out.push_back(fmt::format("{} trial{} per cell: no spread and no confidence interval to "
                                  "judge the numbers by; use {} {} or more",
                                  fewest, fewest == 1 ? "" : "s",
                                  r.settings.run_bounds ? "--min-runs" : "--trials",
                                  kFewestTrials));
    // Outliers by the modified z-score of each trial's bytes/s, 0.6745 (x -
    // median) / MAD (Iglewicz and Hoaglin), which one wild trial cannot
    // drag along as it does a mean and a standard deviation.
    auto outliers = [](const RunRow &row) {
        const Summary &b = row.bytes_per_s;
        return std::ranges::count_if(row.samples, [&](const TrialSample &t) {
            return b.mad > 0 && 0.6745 * std::fabs(t.bytes_per_s() - b.median) / b.mad > kOutlierZ;
        });
    };
    const auto outlier_cells = std::ranges::count_if(r.rows, outliers);
    if (auto first = std::ranges::find_if(r.rows, outliers); first != r.rows.end())
        out.push_back(fmt::format(
            "outliers: {} of {} trials of {} at {} bytes{} lie far from the rest (another program, "
            "an interrupt storm or a clock change during a trial); the medians and intervals "
            "discount them, the means do not; run on a quiet machine, pin with --cpus, or use a "
            "longer --warmup or more --trials",
            outliers(*first), first->samples.size(), first->driver, first->size,
            outlier_cells > 1 ? fmt::format(" (and {} more cells)", outlier_cells - 1) : ""));
    const RunRow *shortest_row = nullptr;
    double shortest = 0;
    for (const RunRow &row : r.rows)
        for (const TrialSample &t : row.samples)
            if (!shortest_row || t.seconds < shortest) {
                shortest_row = &row;
                shortest = t.seconds;
            }
    if (shortest_row && shortest < kShortestTrialSeconds)
        out.push_back(fmt::format(
            "a trial took {:.3f} ms ({} at {} bytes): trials that short measure the clock, the "
            "threads' start and the scheduler as much as the driver; use a larger --iterations "
            "or --duration (a trial of {} ms or more)",
            shortest * 1e3, shortest_row->driver, shortest_row->size, kShortestTrialSeconds * 1e3));
    return out;
}

std::vector<RunRow> make_rows(const std::vector<CellResult> &cells, std::string_view generic) {
    std::vector<RunRow> rows;
    std::map<std::size_t, const CellResult *> baseline; // size -> the baseline's cell
    for (const CellResult &c : cells) {
        std::vector<double> bps, ops;
        for (const TrialSample &t : c.trials) {
            bps.push_back(t.bytes_per_s());
            ops.push_back(t.seconds > 0 ? static_cast<double>(t.ops) / t.seconds : 0.0);
        }
        rows.push_back({.driver = c.driver,
                        .size = c.size,
                        .trials = static_cast<unsigned>(c.trials.size()),
                        .bytes_per_s = summarize(bps),
                        .ops_per_s = summarize(ops),
                        .samples = c.trials,
                        .checked_ops = c.checked_ops,
                        .mismatches = c.mismatches});
        if (c.driver == generic && c.mismatches == 0)
            baseline[c.size] = &c;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        RunRow &r = rows[i];
        auto it = baseline.find(r.size);
        if (it != baseline.end() && r.mismatches == 0 &&
            it->second->trials.size() == cells[i].trials.size()) {
            std::vector<double> ratios;
            for (std::size_t k = 0; k < cells[i].trials.size(); ++k) {
                double base = it->second->trials[k].bytes_per_s();
                if (base > 0)
                    ratios.push_back(cells[i].trials[k].bytes_per_s() / base);
            }
            if (!ratios.empty() && ratios.size() == cells[i].trials.size()) {
                r.ratio_trials = summarize(ratios);
                r.ratio_to_generic = r.ratio_trials->median;
            }
        }
        r.is_baseline = r.driver == generic;
        const Summary &judged = r.noisy_ratio() ? *r.ratio_trials : r.bytes_per_s;
        r.noisy = judged.relative_ci_width() > kNoisySpread;
    }
    return rows;
}

} // namespace crcbench
