// SPDX-License-Identifier: GPL-2.0-only
#include "commands.h"
#include "driver_catalog.h"
#include "error.h"
#include "file_crc.h"
#include "file_io.h"
#include "file_plan.h"
#include "file_report.h"
#include "kcapi_hasher.h"
#include "progress.h"
#include "units.h"
#include "user_drivers.h"

#include <cstdio>
#include <memory>
#include <optional>

namespace crcbench {

int cmd_file(const Options &o, const HashStreamFactory &kernel, const HasherFactory &user) {
    const FileOptions &f = o.file;
    FileReport report;
    report.system = gather_system_info(o.common);
    report.system.libkcapi = kcapi_library_version();
    DriverCatalog catalog = load_catalog_for(o.common, f.drivers);
    report.drivers = catalog.drivers;
    report.resolves_to = catalog.resolves_to;
    report.alg = o.common.alg;
    report.user_drivers = user_drivers(report.alg);
    report.measured = select_drivers(catalog, f.drivers, true);
    if (f.user_baselines)
        report.measured = add_user_baselines(report.measured, o.common.quiet, report.alg);
    report.innodb = f.innodb;
    report.per_page = f.per_page;
    report.page_size = f.page_size;

    // Every file and output path is checked before the first driver runs.
    std::vector<PreparedFile> prepared;
    for (const std::string &path : f.paths)
        prepared.push_back(prepare_file(path, f));
    std::optional<OutputFile> json_out, csv_out;
    if (f.json_file)
        json_out.emplace(*f.json_file);
    if (f.csv_file)
        csv_out.emplace(*f.csv_file);
    if (report.system.emulation.emulated() && !o.common.quiet)
        std::fprintf(stderr, "crcbench-alg: note: %s\n", std::string(kEmulationNotice).c_str());

    Progress progress(Progress::wanted(o.common.quiet));
    for (std::size_t k = 0; k < prepared.size(); ++k) {
        const PreparedFile &p = prepared[k];
        const MappedFile &file = *p.file;
        FileResult fr;
        fr.path = file.path();
        fr.size = file.size();
        fr.page_size = p.page_size;
        std::vector<Digest> reference = reference_unit_crcs(file.bytes(), p.layout, report.alg);
        if (p.page_size) {
            fr.pages = p.layout.count;
            fr.page_crcs = reference;
            if (!report.page_size)
                report.page_size = p.page_size;
        } else {
            fr.crc = reference.front();
        }
        if (p.innodb_flags) {
            refuse_encrypted(file, *p.page_size, reference);
            fr.innodb = judge_pages(file, *p.page_size, reference);
            fr.innodb->flags = *p.innodb_flags;
        }
        for (const std::string &driver : report.measured) {
            std::string what = "file " + std::to_string(k + 1) + "/" +
                               std::to_string(prepared.size()) + " " + driver;
            auto show = [&](std::uint64_t done, std::uint64_t total) {
                progress.update(static_cast<std::size_t>(done >> 10),
                                static_cast<std::size_t>(total >> 10), what);
            };
            UnitCrcs got;
            if (is_user_driver(driver)) {
                std::unique_ptr<Crc32cHasher> h = user(driver);
                got = user_unit_crcs(file, p.layout, *h, show);
            } else {
                got = kernel_unit_crcs(
                    file, p.layout, [&] { return kernel(driver); }, driver, show);
            }
            FileDriverResult dr;
            dr.driver = driver;
            dr.transfer = got.transfer;
            dr.transfer_note = got.transfer_note;
            dr.bytes = p.layout.count * p.layout.length;
            dr.seconds = got.seconds;
            if (!p.page_size)
                dr.crc = got.crcs.front();
            for (std::size_t i = 0; i < got.crcs.size(); ++i) {
                if (got.crcs[i] == reference[i])
                    continue;
                if (dr.disagreeing_units++ == 0)
                    report.mismatches.push_back(
                        FileMismatch{driver, file.path(), i * p.layout.stride, p.layout.length,
                                     p.page_size ? std::optional<std::uint64_t>(i) : std::nullopt,
                                     reference[i], got.crcs[i]});
            }
            if (p.innodb_flags)
                dr.invalid_pages = judge_pages(file, *p.page_size, got.crcs).invalid;
            if (dr.transfer_note && !o.common.quiet)
                std::fprintf(stderr, "crcbench-alg: note: %s on %s: %s\n", driver.c_str(),
                             file.path().c_str(), dr.transfer_note->c_str());
            fr.results.push_back(std::move(dr));
        }
        report.files.push_back(std::move(fr));
    }
    progress.finish();

    write_stdout(render(report, f.format));
    for (const FileMismatch &m : report.mismatches)
        std::fprintf(stderr, "%s\n", format_file_reproducer(m, report).c_str());
    // Exit 1: a driver disagreed with the reference, or (--innodb) a page's
    // stored checksum is wrong. A failed report write never hides that.
    ExitCode rc = report.agree() && report.pages_valid() ? ExitCode::ok : ExitCode::mismatch;
    save_report(json_out, file_json(report), rc);
    save_report(csv_out, file_csv(report), rc);
    return to_int(rc);
}

} // namespace crcbench
