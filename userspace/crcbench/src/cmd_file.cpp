// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"
#include "driver_catalog.h"
#include "error.h"
#include "file_crc.h"
#include "file_io.h"
#include "file_run.h"
#include "hasher.h"
#include "interrupt.h"
#include "user_drivers.h"

#include <cstdio>
#include <fmt/format.h>
#include <memory>
#include <optional>

namespace crcbench {

int cmd_file(const Options &o, const HashStreamFactory &kernel, const HasherFactory &user) {
    const FileOptions &f = o.file;
    FileReport report;
    DriverCatalog catalog = start_report(report, o.common, f.drivers);
    report.system.libkcapi = kcapi_library_version();
    report.measured = select_drivers(catalog, f.drivers, true);
    if (f.user_baselines)
        report.measured = add_user_baselines(report.measured, o.common.quiet, report.alg);
    report.innodb = f.innodb;
    report.per_page = f.per_page;
    report.page_size = f.page_size;
    report.repeat = f.repeat;
    report.drop_cache = f.drop_cache;

    ReadBuffer buffer(f.read_window.value_or(kReadWindow));
    Progress progress(Progress::wanted(o.common.quiet));
    FileRunContext ctx{kernel, user, buffer,
                       [&](const std::string &what, std::uint64_t done, std::uint64_t total) {
                           progress.update(static_cast<std::size_t>(done >> 10),
                                           static_cast<std::size_t>(total >> 10), what);
                       }};
    // Checksums, not a benchmark: one read per file. --repeat and
    // --drop-cache ask for timed passes of each driver's own.
    ctx.one_read = (f.sum_lines || f.check_list) && f.repeat == 1 && !f.drop_cache;
    if (report.system.emulation.emulated() && !o.common.quiet)
        fmt::print(stderr, "crcbench-alg: note: {}\n", kEmulationNotice);
    if (f.check_list) {
        int rc = check_list(*f.check_list, f, o.common.quiet, report, ctx);
        progress.finish();
        return rc;
    }

    // Every file and output path is checked before the first driver runs,
    // but for -f sum: there, as with sha256sum, a file that cannot be read is
    // reported and the rest are hashed, and each line is printed as soon as
    // its file is done.
    std::vector<PreparedFile> prepared(f.paths.size());
    if (!f.sum_lines)
        for (std::size_t k = 0; k < f.paths.size(); ++k)
            prepared[k] = prepare_file(f.paths[k], f);
    std::optional<OutputFile> json_out = open_report(f.json_file);
    std::optional<OutputFile> csv_out = open_report(f.csv_file);

    // From here on, SIGINT/SIGTERM ends the hashing, not the process: the
    // files hashed so far are reported, marked partial (exit 128 + signal).
    install_interrupt_handlers();
    bool unreadable = false;
    for (std::size_t k = 0; k < prepared.size() && !interrupt_signal(); ++k) {
        if (f.sum_lines) {
            try {
                prepared[k] = prepare_file(f.paths[k], f);
            } catch (const ToolError &e) {
                if (!is_read_error(e))
                    throw;
                std::fprintf(stderr, "crcbench-alg: %s\n", e.what());
                unreadable = true;
                continue;
            }
        }
        std::string label = "file " + std::to_string(k + 1) + "/" + std::to_string(prepared.size());
        FileResult fr;
        try {
            fr = hash_file(prepared[k], report, ctx, label);
        } catch (const Interrupted &) {
            break; // in its reference pass: nothing of this file is reported
        }
        prepared[k].file.reset(); // closed now, not after the last file
        for (const FileDriverResult &dr : fr.results)
            if (dr.transfer_note && !o.common.quiet)
                fmt::print(stderr, "crcbench-alg: note: {} on {}: {}\n", dr.driver, fr.path,
                           *dr.transfer_note);
        if (fr.results.empty())
            break; // interrupted before its first driver completed a pass
        if (f.sum_lines && fr.crc)
            write_stdout(checksum_line(report.alg, *fr.crc, fr.path, {f.tag, f.zero}));
        report.files.push_back(std::move(fr));
    }
    progress.finish();
    report.interrupted_by = interrupt_signal();
    if (report.interrupted_by)
        note_interrupted(report.interrupted_by, partial_files_text(report));

    if (!f.sum_lines)
        write_stdout(render(report, f.format));
    for (const FileMismatch &m : report.mismatches)
        std::fprintf(stderr, "%s\n", format_file_reproducer(m, report).c_str());
    // Exit 1: a driver disagreed with the reference, or (--innodb) a page's
    // stored checksum is wrong, or (-f sum) a file could not be read. A
    // failed report write never hides that.
    ExitCode rc =
        report.agree() && report.pages_valid() && !unreadable ? ExitCode::ok : ExitCode::mismatch;
    save_report(json_out, file_json(report), rc);
    save_report(csv_out, file_csv(report), rc);
    return exit_code_after(rc, report.interrupted_by);
}

} // namespace crcbench
