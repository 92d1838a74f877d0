// SPDX-License-Identifier: GPL-2.0-only
#include "bench.h"
#include "cli.h"
#include "driver_catalog.h"
#include "error.h"
#include "file_io.h"
#include "hasher.h"
#include "interrupt.h"
#include "output.h"
#include "system_info.h"
#include "tcrypt_runner.h"
#include "text.h"
#include "user_drivers.h"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <optional>
#include <unistd.h>

namespace crcbench {

int cmd_run(const Options &o, const HasherFactory &factory) {
    const RunOptions &opt = o.run;
    RunReport report;
    DriverCatalog catalog = start_report(report, o.common, opt.drivers);
    report.system.libkcapi = kcapi_library_version();
    report.measured = select_drivers(catalog, opt.drivers, true);
    report.baseline = choose_baseline(report.drivers, report.alg);
    if (opt.user_baselines)
        report.measured = add_user_baselines(report.measured, o.common.quiet, report.alg);
    BenchSettings &settings = report.settings;
    static_cast<BenchParams &>(settings) = opt;
    settings.alg = report.alg;
    settings.threads = opt.threads.front();
    if (opt.min_runs || opt.max_runs) {
        // Only --max-runs: hyperfine's least count, or the most if lower.
        RunBounds b;
        b.max = opt.max_runs.value_or(b.max);
        b.min = opt.min_runs.value_or(std::min(b.min, b.max));
        settings.run_bounds = b;
    }
    settings.seed = opt.seed.value_or(fresh_seed());
    report.thread_counts = opt.threads;
    report.sizes = opt.sizes;
    report.backends = opt.backend.backends;
    const unsigned most = std::ranges::max(report.thread_counts); // never empty
    // What the pool will pin to (bench.cpp reads the same mask): --cpus, or
    // the first CPUs of the affinity mask, the largest count's worth.
    report.pinned_cpus =
        settings.cpus.empty() ? occupied_cpus(pool_cpus(settings.cpus), most) : settings.cpus;
    std::sort(report.pinned_cpus.begin(), report.pinned_cpus.end());
    const bool afalg = opt.backend.has(Backend::afalg);
    TcryptEnv tcrypt{.is_root = ::geteuid() == 0};
    tcrypt.kmsg_path = opt.backend.kmsg_path.value_or(tcrypt.kmsg_path);
    tcrypt.modprobe = opt.backend.modprobe.value_or(tcrypt.modprobe);
    if (opt.backend.has(Backend::tcrypt))
        require_tcrypt_root(tcrypt); // before anything is measured
    if (afalg) {
        // Pre-flight: the buffers of the largest thread count must fit.
        const auto &ws = settings.working_set;
        std::string what = ws ? "--working-set " + format_size(*ws) : "the buffers of --sizes";
        what += " with " + std::to_string(most) + (most == 1 ? " thread" : " threads");
        check_bench_memory(bench_memory(report.sizes, settings, most), read_mem_available(), what);
    }
    // Opened now: an unwritable path fails before the run, not after it.
    std::optional<OutputFile> runs_out = open_report(opt.runs_csv_file);
    std::optional<OutputFile> json_out = open_report(opt.json_file);
    std::optional<OutputFile> csv_out = open_report(opt.csv_file);
    if (report.system.emulation.emulated() && !o.common.quiet)
        fmt::print(stderr, "crcbench-alg: note: {}\n", kEmulationNotice);

    // From here on, SIGINT/SIGTERM ends the measurement, not the process:
    // what was measured is reported, marked partial (exit 128 + signal).
    install_interrupt_handlers();
    Progress progress(Progress::wanted(o.common.quiet));
    // A threads sweep: one complete run per thread count, rows tagged with it.
    for (std::size_t k = 0; afalg && k < report.thread_counts.size() && !interrupt_signal(); ++k) {
        BenchSettings s = settings;
        s.threads = report.thread_counts[k];
        std::string step = report.thread_counts.size() > 1
                               ? "threads " + std::to_string(s.threads) + ": "
                               : std::string();
        auto cells = run_bench(
            report.measured, report.sizes, s, factory,
            [&](std::size_t done, std::size_t total, const std::string &what) {
                progress.update(k * total + done, report.thread_counts.size() * total, step + what);
            });
        for (RunRow &row : make_rows(cells, report.baseline_name())) {
            row.threads = s.threads;
            if (row.trials > 0) // (an interrupted run's cell may have none)
                report.rows.push_back(row);
        }
        for (const CellResult &c : cells)
            if (c.first_mismatch)
                report.mismatches.push_back(*c.first_mismatch);
    }
    if (opt.backend.has(Backend::tcrypt) && !interrupt_signal()) {
        report.inkernel = measure_in_kernel(report.measured, report.resolves_to,
                                            opt.backend.tcrypt_sec, tcrypt, progress, report.alg);
        add_inkernel_ratios(report.inkernel->rows, report.baseline_name());
    }
    progress.finish();
    report.interrupted_by = interrupt_signal();
    if (report.interrupted_by)
        note_interrupted(report.interrupted_by, "the " + std::to_string(report.rows.size()) +
                                                    " complete rows measured so far");

    // After the run (an error before it stays one clear line); -q keeps
    // them off stderr, the table and the JSON always carry them.
    report.warnings = run_warnings(report);
    if (!o.common.quiet)
        for (const std::string &w : report.warnings)
            std::fprintf(stderr, "crcbench-alg: warning: %s\n", w.c_str());
    write_stdout(render(report, opt.format));
    if (!report.ok())
        for (const Mismatch &m : report.mismatches)
            std::fprintf(stderr, "%s\n", format_reproducer(m).c_str());
    // A mismatch outranks a failed write: its exit code 1 is never hidden
    // behind 7 (the write error is still printed).
    ExitCode rc = report.ok() ? ExitCode::ok : ExitCode::mismatch;
    save_report(json_out, run_json(report), rc);
    save_report(csv_out, run_csv(report), rc);
    save_report(runs_out, run_trials_csv(report), rc);
    return exit_code_after(rc, report.interrupted_by);
}

} // namespace crcbench
