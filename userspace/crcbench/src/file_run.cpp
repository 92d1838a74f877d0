// SPDX-License-Identifier: GPL-2.0-only
#include "file_run.h"

#include "checksum_lines.h"
#include "error.h"
#include "file_io.h"
#include "interrupt.h"
#include "stats.h"
#include "user_drivers.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <string_view>
#include <sys/stat.h>

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

namespace {

// "1 line is", "2 lines are".
std::string count_text(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

void warn(const std::string &text) {
    std::fprintf(stderr, "crcbench-alg: WARNING: %s\n", text.c_str());
}

// --ignore-missing skips a file only if it does not exist: any other
// failure to open it is still reported.
bool is_missing(const std::string &path) {
    struct stat st {};
    return path != kStdinPath && ::stat(path.c_str(), &st) != 0 && errno == ENOENT;
}

} // namespace

bool is_read_error(const ToolError &e) {
    switch (e.code()) {
    case ExitCode::usage:
    case ExitCode::permission:
    case ExitCode::runtime:
    case ExitCode::file_changed:
        return true;
    default:
        return false;
    }
}

int check_list(const std::string &list, const FileOptions &f, bool quiet, FileReport &report,
               const FileRunContext &ctx) {
    std::string text =
        list == kStdinPath ? read_all(stdin, "the list on standard input") : read_text_file(list);
    std::uint64_t improper = 0, unreadable = 0, failed = 0, checked = 0, wrong_drivers = 0;
    std::uint64_t verified = 0;
    // sha256sum -c: --status prints no OK/FAILED lines and no summary,
    // --quiet no OK lines.
    bool ok_lines = !f.status && !quiet, failed_lines = !f.status;
    std::uint64_t line_no = 0;
    std::string_view rest = text;
    std::string name(alg_info(report.alg).name);
    while (!rest.empty()) {
        std::size_t nl = rest.find('\n');
        std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        ++line_no;
        std::optional<ChecksumEntry> entry = parse_checksum_line(report.alg, line);
        if (!entry) {
            ++improper;
            if (f.warn)
                std::fprintf(stderr,
                             "crcbench-alg: %s: %llu: improperly formatted %s checksum line "
                             "(expected %zu hex digits, two spaces and the path, as --format sum "
                             "writes it)\n",
                             list.c_str(), static_cast<unsigned long long>(line_no), name.c_str(),
                             alg_info(report.alg).digest_size * 2);
            continue;
        }
        ++checked;
        if (f.ignore_missing && is_missing(entry->path))
            continue;
        bool escaped = false;
        std::string shown = escape_path(entry->path, escaped);
        if (escaped)
            shown = "\\" + shown;
        std::size_t mismatches_before = report.mismatches.size();
        try {
            if (entry->path == kStdinPath && list == kStdinPath)
                throw UsageError("standard input holds the list itself");
            PreparedFile p = prepare_file(entry->path, f);
            FileResult fr = hash_file(p, report, ctx, "line " + std::to_string(line_no));
            bool ok = fr.crc && *fr.crc == entry->crc;
            if (ok ? ok_lines : failed_lines)
                write_stdout(shown + (ok ? ": OK\n" : ": FAILED\n"));
            ++verified;
            if (!ok)
                ++failed;
            if (report.mismatches.size() != mismatches_before)
                ++wrong_drivers;
            report.files.push_back(std::move(fr));
        } catch (const ToolError &e) {
            if (!is_read_error(e))
                throw;
            ++unreadable;
            std::fprintf(stderr, "crcbench-alg: %s\n", e.what());
            if (failed_lines)
                write_stdout(shown + ": FAILED open or read\n");
        }
    }
    for (const FileMismatch &m : report.mismatches)
        std::fprintf(stderr, "%s\n", format_file_reproducer(m, report).c_str());
    // --status: the summary warnings go too (the causes above stay).
    bool summary = !f.status;
    if (summary && improper)
        warn(count_text(improper, "line is", "lines are") + " improperly formatted");
    if (summary && unreadable)
        warn(count_text(unreadable, "listed file", "listed files") + " could not be read");
    if (summary && failed)
        warn(count_text(failed, "computed checksum", "computed checksums") + " did NOT match");
    if (summary && wrong_drivers)
        warn("a driver returned wrong CRCs for " + count_text(wrong_drivers, "file", "files") +
             " (MISMATCH lines above)");
    if (checked == 0) {
        std::fprintf(stderr, "crcbench-alg: %s: no properly formatted %s checksum lines found\n",
                     list.c_str(), name.c_str());
        return to_int(ExitCode::mismatch);
    }
    if (f.ignore_missing && verified == 0) {
        std::fprintf(stderr, "crcbench-alg: %s: no file was verified\n", list.c_str());
        return to_int(ExitCode::mismatch);
    }
    return to_int(unreadable || failed || wrong_drivers || (f.strict && improper)
                      ? ExitCode::mismatch
                      : ExitCode::ok);
}

} // namespace crcbench
