// SPDX-License-Identifier: GPL-2.0-only
#include "file_run.h"

#include "error.h"
#include "interrupt.h"
#include "stats.h"
#include "user_drivers.h"

#include <algorithm>

namespace crcbench {
namespace {

// The reference's CRCs into the file's result (and the report's page size).
void set_reference(FileResult &fr, const PreparedFile &p, const std::vector<Digest> &reference,
                   FileReport &report) {
    if (p.page_size) {
        fr.pages = reference.size();
        fr.page_crcs = reference;
        if (!report.page_size)
            report.page_size = p.page_size;
    } else {
        fr.crc = reference.front();
    }
}

// One pass of a driver, compared with the reference.
void add_pass(FileDriverResult &dr, const UnitCrcs &got, const std::vector<Digest> &reference,
              const PreparedFile &p, const std::string &path, FileReport &report,
              const std::vector<PageFacts> *facts) {
    dr.transfer = got.transfer;
    dr.transfer_note = got.transfer_note;
    dr.pass_seconds.push_back(got.seconds);
    if (got.crcs.size() != reference.size())
        throw ToolError(ExitCode::runtime,
                        "internal: '" + dr.driver + "' gave " + std::to_string(got.crcs.size()) +
                            " CRCs for " + std::to_string(reference.size()) + " units of " + path);
    std::uint64_t wrong = 0;
    for (std::size_t i = 0; i < got.crcs.size() && i < reference.size(); ++i) {
        if (got.crcs[i] == reference[i])
            continue;
        if (wrong++ == 0 && dr.disagreeing_units == 0)
            report.mismatches.push_back(
                FileMismatch{dr.driver, path, i * p.layout.stride, p.layout.length,
                             p.page_size ? std::optional<std::uint64_t>(i) : std::nullopt,
                             reference[i], got.crcs[i]});
    }
    // The CRC shown: the first wrong pass's, else the last pass's.
    if (!p.page_size && dr.disagreeing_units == 0)
        dr.crc = got.crcs.front();
    dr.disagreeing_units = std::max(dr.disagreeing_units, wrong);
    if (facts)
        dr.invalid_pages = std::max(dr.invalid_pages, judge_pages(*facts, got.crcs).invalid);
}

void finish_driver(FileDriverResult &dr, const PreparedFile &p) {
    dr.bytes = p.layout.count * p.layout.length;
    dr.seconds = summarize(dr.pass_seconds).median;
}

// One pass feeding the reference and every driver (standard input, which
// can be read only once; files when ctx.one_read).
FileResult hash_once(PreparedFile &p, FileReport &report, const FileRunContext &ctx,
                     const std::string &label) {
    std::vector<std::unique_ptr<HashStream>> streams;
    std::vector<std::unique_ptr<Crc32cHasher>> hashers;
    std::vector<HashStream *> kernel;
    std::vector<Crc32cHasher *> user;
    std::optional<std::size_t> reference_user; // user:slice8 is the reference's code
    for (const std::string &driver : report.measured) {
        if (is_user_driver(driver)) {
            if (driver == kUserSlice8 && report.alg == CrcAlg::crc32c)
                reference_user = user.size();
            hashers.push_back(ctx.user(driver));
            user.push_back(hashers.back().get());
        } else {
            streams.push_back(ctx.kernel(driver));
            kernel.push_back(streams.back().get());
        }
    }
    std::string what = label + " (every driver)";
    TeeResult t = tee_unit_crcs(
        *p.file, p.layout, ctx.buffer, report.alg, kernel, user,
        [&](std::uint64_t done, std::uint64_t total) {
            if (ctx.show)
                ctx.show(what, done, total);
        },
        reference_user);
    p.layout = t.layout;
    FileResult fr;
    fr.path = p.file->path();
    fr.size = t.reference.bytes_read;
    fr.page_size = p.page_size;
    const std::vector<Digest> &reference = t.reference.crcs;
    set_reference(fr, p, reference, report);
    std::size_t k = 0, u = 0;
    for (const std::string &driver : report.measured) {
        FileDriverResult dr;
        dr.driver = driver;
        const UnitCrcs &got = is_user_driver(driver) ? t.user[u++] : t.kernel[k++];
        add_pass(dr, got, reference, p, fr.path, report, nullptr);
        finish_driver(dr, p);
        fr.results.push_back(std::move(dr));
    }
    return fr;
}

} // namespace

UnitCrcs reference_pass(PreparedFile &p, CrcAlg alg, ReadBuffer &buffer,
                        std::vector<PageFacts> *facts) {
    return reference_unit_crcs(*p.file, p.layout, buffer, alg, facts);
}

FileResult hash_file(PreparedFile &p, FileReport &report, const FileRunContext &ctx,
                     const std::string &label) {
    // (-f sum and --check have neither pages nor InnoDB facts.)
    if (p.file->is_stream() || (ctx.one_read && !p.page_size && !p.innodb_flags))
        return hash_once(p, report, ctx, label);
    const InputFile &file = *p.file;
    auto progress_for = [&](const std::string &what) {
        return [&ctx, what](std::uint64_t done, std::uint64_t total) {
            if (ctx.show)
                ctx.show(what, done, total);
        };
    };
    FileResult fr;
    fr.path = file.path();
    fr.size = file.size();
    fr.page_size = p.page_size;
    std::vector<PageFacts> facts;
    std::vector<PageFacts> *want_facts = p.innodb_flags ? &facts : nullptr;
    std::vector<Digest> reference =
        reference_unit_crcs(file, p.layout, ctx.buffer, report.alg, want_facts,
                            progress_for(label + " reference"))
            .crcs;
    set_reference(fr, p, reference, report);
    if (p.innodb_flags) {
        refuse_encrypted(file.path(), facts, reference);
        fr.innodb = judge_pages(facts, reference);
        fr.innodb->flags = *p.innodb_flags;
    }
    for (const std::string &driver : report.measured) {
        FileDriverResult dr;
        dr.driver = driver;
        std::unique_ptr<Crc32cHasher> hasher;
        if (is_user_driver(driver))
            hasher = ctx.user(driver);
        for (unsigned pass = 1; pass <= report.repeat && !interrupt_signal(); ++pass) {
            std::string what = label + " " + driver;
            if (report.repeat > 1)
                what += " pass " + std::to_string(pass) + "/" + std::to_string(report.repeat);
            if (report.drop_cache)
                file.drop_cache();
            UnitCrcs got;
            try {
                got = hasher
                          ? user_unit_crcs(file, p.layout, ctx.buffer, *hasher, progress_for(what))
                          : kernel_unit_crcs(
                                file, p.layout, ctx.buffer, [&] { return ctx.kernel(driver); },
                                driver, progress_for(what));
            } catch (const Interrupted &) {
                break; // the pass in progress is dropped
            }
            add_pass(dr, got, reference, p, fr.path, report, want_facts);
        }
        if (dr.pass_seconds.empty())
            break; // interrupted before this driver completed a pass
        finish_driver(dr, p);
        fr.results.push_back(std::move(dr));
        if (interrupt_signal())
            break;
    }
    return fr;
}

} // namespace crcbench
