// SPDX-License-Identifier: GPL-2.0-only
#include "file_check.h"

#include "checksum_lines.h"
#include "error.h"
#include "file_io.h"
#include "file_plan.h"

#include <cerrno>
#include <cstdio>
#include <string_view>
#include <sys/stat.h>

namespace crcbench {
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
