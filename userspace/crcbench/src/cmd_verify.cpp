// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"
#include "driver_catalog.h"
#include "error.h"
#include "file_io.h"
#include "interrupt.h"
#include "output.h"
#include "system_info.h"
#include "text.h"
#include "user_drivers.h"
#include "verifier.h"

#include <fmt/format.h>

namespace crcbench {
int cmd_verify(const Options &o, const HasherFactory &factory) {
    const VerifyOptions &v = o.verify;
    VerifyReport report;
    DriverCatalog catalog = start_report(report, o.common, v.drivers);
    std::vector<std::string> drivers = select_drivers(catalog, v.drivers, false);
    if (v.user_baselines)
        drivers = add_user_baselines(drivers, o.common.quiet, o.common.alg);
    const AlgInfo &alg = alg_info(o.common.alg);

    // Opened now: an unwritable path fails before the cases run.
    std::optional<OutputFile> json_out = open_report(v.json_file);
    std::vector<VerifyCase> cases;
    std::string origin;
    if (!v.cases.empty()) {
        for (const std::string &spec : v.cases) {
            cases.push_back(parse_case(spec));
            if (cases.back().seed && !alg.keyed)
                throw UsageError("--case '" + spec + "': " + std::string(alg.name) +
                                 " has no key (its drivers offer no setkey): give SEED as "
                                 "\"default\"");
        }
        origin = std::to_string(cases.size()) + " case(s) from --case";
    } else {
        std::uint64_t seed = v.seed.value_or(fresh_seed());
        report.seed = seed;
        cases = fixed_cases(v.max_length);
        std::size_t fixed = cases.size();
        auto more = random_cases(v.random_cases, seed, v.max_length);
        cases.insert(cases.end(), more.begin(), more.end());
        if (!alg.keyed)
            cases = without_keys(std::move(cases));
        origin = std::to_string(fixed) + " fixed + " + std::to_string(more.size()) +
                 " random cases (--seed " + std::to_string(seed) + "), lengths up to " +
                 format_size(v.max_length);
    }
    fmt::print("crcbench-alg verify: kernel {}, {}\n{}", report.system.kernel_release, origin,
               alg_line(o.common.alg));
    fmt::print("keys: {}\n", alg.keyed ? "the cases' seeds through setkey, the others the default"
                                       : "none, so the cases have no seeds (offsets, splits and "
                                         "lengths as for crc32c)");
    flush_stdout();

    // A driver the kernel has not accepted yet cannot be opened; say so.
    int failed = 0;
    std::vector<std::string> runnable;
    for (const std::string &d : drivers) {
        const AlgEntry *e = catalog.find(d);
        if (e && e->selftest != "passed") {
            std::string why = "kernel self-test status is '" + e->selftest + "'";
            fmt::print("FAIL {}: {}; the kernel does not hand it out, so it cannot be verified\n",
                       d, why);
            ++failed;
            report.not_run.push_back({d, why + ", so the kernel does not hand it out"});
        } else {
            runnable.push_back(d);
        }
    }

    // From here on, SIGINT/SIGTERM ends the cases, not the process: the
    // verdicts of the cases run so far are reported, marked partial.
    install_interrupt_handlers();
    Progress progress(Progress::wanted(o.common.quiet));
    std::vector<DriverVerdict> verdicts;
    if (!runnable.empty())
        verdicts = run_verify(
            runnable, cases, factory,
            [&](std::size_t done, std::size_t total) {
                progress.update(done, total,
                                "verify: case " + std::to_string(done) + "/" +
                                    std::to_string(total));
            },
            o.common.alg);
    progress.finish();
    report.interrupted_by = interrupt_signal();
    const std::size_t ran = verdicts.empty() ? 0 : verdicts.front().cases;
    if (report.interrupted_by) {
        std::erase_if(verdicts, [](const DriverVerdict &dv) { return dv.cases == 0; });
        note_interrupted(report.interrupted_by, "the " + std::to_string(ran) + " of " +
                                                    std::to_string(cases.size()) +
                                                    " cases every driver ran");
    }

    for (const DriverVerdict &dv : verdicts) {
        if (dv.ok()) {
            fmt::print("PASS {}: {} cases, {:.1f} MiB, all match the {}\n", dv.driver, dv.cases,
                       static_cast<double>(dv.bytes) / (1024.0 * 1024.0), judge_name(dv.judge));
            continue;
        }
        ++failed;
        fmt::print("FAIL {}: {} of {} cases differ from the {}{}\n", dv.driver, dv.mismatches,
                   dv.cases, judge_name(dv.judge),
                   reproducers_note(dv.reported.size(), dv.mismatches));
        for (const Mismatch &m : dv.reported)
            fmt::print("{}\n", format_reproducer(m));
    }
    fmt::print("verdict: {}\n{}", failed ? "MISMATCH" : "ok",
               partial_line(
                   report.interrupted_by,
                   fmt::format("the verdicts are of the first {} of {} cases", ran, cases.size())));
    ExitCode rc = failed ? ExitCode::mismatch : ExitCode::ok;
    report.origin = origin;
    report.verdicts = std::move(verdicts);
    save_report(json_out, verify_json(report), rc);
    return exit_code_after(rc, report.interrupted_by);
}

} // namespace crcbench
