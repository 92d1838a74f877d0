// SPDX-License-Identifier: GPL-2.0-only
#include "file_run.h"

#include "file_io.h"
#include "interrupt.h"
#include "stats.h"
#include "text.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace crcbench {
namespace {

// The characters a path is escaped for, and the letters that stand for
// them after the backslash.
constexpr std::string_view kEscaped = "\\\n\r";
constexpr std::string_view kEscapes = "\\nr";

std::size_t digest_hex_length(CrcAlg alg) {
    return alg_info(alg).digest_size * 2;
}

// The digest and the path of a BSD-style line: the digest has a fixed width,
// so the path is what lies between "TAG (" and the ") = " before it, and may
// itself hold ") = ".
bool split_tagged(CrcAlg alg, std::string_view line, std::string_view &hex,
                  std::string_view &name) {
    std::string head = alg_tag(alg) + " (";
    std::size_t digits = digest_hex_length(alg);
    constexpr std::string_view kTail = ") = ";
    if (line.size() < head.size() + kTail.size() + digits || !line.starts_with(head))
        return false;
    std::size_t tail = line.size() - digits - kTail.size();
    if (tail < head.size() || line.substr(tail, kTail.size()) != kTail)
        return false;
    hex = line.substr(tail + kTail.size());
    name = line.substr(head.size(), tail - head.size());
    return true;
}

// escaped: the line needs the leading backslash.
std::string escape_path(std::string_view path, bool &escaped) {
    std::string out;
    escaped = false;
    for (char c : path) {
        std::size_t k = kEscaped.find(c);
        escaped = escaped || k != std::string_view::npos;
        out += k == std::string_view::npos ? std::string(1, c) : std::string{'\\', kEscapes[k]};
    }
    return out;
}

} // namespace

std::string checksum_line(CrcAlg alg, Digest crc, std::string_view path, SumStyle style) {
    bool escaped = false;
    std::string name = style.zero ? std::string(path) : escape_path(path, escaped);
    std::string hex = format_digest(alg, crc).substr(2); // no "0x"
    std::string line = style.tag ? alg_tag(alg) + " (" + name + ") = " + hex : hex + "  " + name;
    return (escaped ? "\\" : "") + line + (style.zero ? '\0' : '\n');
}

std::optional<ChecksumEntry> parse_checksum_line(CrcAlg alg, std::string_view line) {
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    bool escaped = !line.empty() && line.front() == '\\';
    if (escaped)
        line.remove_prefix(1);
    std::size_t digits = digest_hex_length(alg);
    std::string_view hex, name;
    if (!split_tagged(alg, line, hex, name)) {
        if (line.size() < digits + 3 || line[digits] != ' ' ||
            (line[digits + 1] != ' ' && line[digits + 1] != '*'))
            return std::nullopt;
        hex = line.substr(0, digits);
        name = line.substr(digits + 2);
    }
    ChecksumEntry e;
    auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), e.crc, 16);
    if (ec != std::errc() || end != hex.data() + hex.size())
        return std::nullopt;
    if (!escaped) {
        e.path = std::string(name);
        return e;
    }
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] != '\\') {
            e.path += name[i];
            continue;
        }
        if (++i == name.size())
            return std::nullopt;
        std::size_t k = kEscapes.find(name[i]);
        if (k == std::string_view::npos)
            return std::nullopt;
        e.path += kEscaped[k];
    }
    return e;
}

namespace {

// The first bytes of page 0 (FSP_SPACE_FLAGS), by pread: nothing is mapped.
std::uint32_t space_flags_of(const InputFile &file) {
    std::array<std::uint8_t, innodb::kFlagsOffset + 4> head{};
    std::size_t got = 0;
    while (got < head.size()) {
        ssize_t n =
            ::pread(file.fd(), head.data() + got, head.size() - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw_file_error("read", file.path(), errno);
        if (n == 0)
            file.ended_early(got);
        got += static_cast<std::size_t>(n);
    }
    return innodb::read_space_flags(head);
}

} // namespace

PreparedFile prepare_file(const std::string &path, const FileOptions &f) {
    PreparedFile p;
    p.file = std::make_unique<InputFile>(path);
    std::uint64_t size = p.file->size();
    p.page_size = f.page_size;
    if (p.file->is_stream()) { // cut as it comes; checked at its end (never --innodb: cli.cpp)
        p.layout = f.page_size ? UnitLayout::pages(0, *f.page_size) : UnitLayout::whole(0);
        return p;
    }
    if (f.innodb) {
        innodb::SpaceFlags flags = innodb::parse_space_flags(
            size >= innodb::kFlagsOffset + 4 ? space_flags_of(*p.file) : 0);
        if (size < innodb::kMinPageSize)
            throw UsageError(path + ": " + std::to_string(size) +
                             " bytes, shorter than one InnoDB page (4K): not a tablespace");
        if (flags.refusal)
            throw UsageError(path + ": not checked: " + *flags.refusal);
        if (f.page_size && *f.page_size != flags.page_size)
            throw UsageError(path + ": --page-size " + format_size(*f.page_size) +
                             " disagrees with page 0, whose FSP_SPACE_FLAGS " +
                             format_hex32(flags.raw) + " say " + format_size(flags.page_size) +
                             "; drop --page-size or correct it");
        p.page_size = flags.page_size;
        p.innodb_flags = flags.raw;
    }
    if (p.page_size) {
        std::uint64_t ps = *p.page_size;
        if (size % ps != 0)
            throw UsageError(path + ": " + std::to_string(size) +
                             " bytes is not a multiple of the page size " + format_size(ps) + " (" +
                             std::to_string(size / ps) + " pages and " + std::to_string(size % ps) +
                             " bytes): a truncated or partly copied file, or the wrong "
                             "--page-size");
        p.layout = UnitLayout::pages(size, ps, f.innodb ? innodb::kChecksumSize : 0);
    } else {
        p.layout = UnitLayout::whole(size);
    }
    return p;
}

InnodbSummary judge_pages(const std::vector<PageFacts> &pages, const std::vector<Digest> &crcs) {
    InnodbSummary s;
    for (std::size_t i = 0; i < crcs.size() && i < pages.size(); ++i) {
        const PageFacts &p = pages[i];
        // Only an all-zero page is empty (never written); crc32c only
        // (--innodb refuses any other --alg): the low 32 bits.
        if (p.stored == 0 && p.all_zero) {
            ++s.empty;
        } else if (p.stored == static_cast<std::uint32_t>(crcs[i])) {
            ++s.valid;
        } else {
            ++s.invalid;
            s.invalid_pages.push_back(i);
        }
    }
    return s;
}

void refuse_encrypted(const std::string &path, const std::vector<PageFacts> &pages,
                      const std::vector<Digest> &crcs) {
    for (std::size_t i = 0; i < crcs.size() && i < pages.size(); ++i) {
        const PageFacts &p = pages[i];
        if (p.key_version != 0 && p.stored == static_cast<std::uint32_t>(crcs[i]))
            throw UsageError(path + ": not checked: page " + std::to_string(i) +
                             " is encrypted (key version " + std::to_string(p.key_version) +
                             " in FIL_PAGE_FCRC32_KEY_VERSION); this tool does not check "
                             "encrypted tablespaces; use innochecksum");
    }
}

namespace {

// A file's result with the reference's CRCs (and the report's page size).
FileResult reference_result(const PreparedFile &p, std::uint64_t size,
                            const std::vector<Digest> &reference, FileReport &report) {
    FileResult fr{.path = p.file->path(), .size = size, .page_size = p.page_size};
    if (p.page_size) {
        fr.pages = reference.size();
        fr.page_crcs = reference;
        if (!report.page_size)
            report.page_size = p.page_size;
    } else {
        fr.crc = reference.front();
    }
    return fr;
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

// A pass's progress, shown as `what` when the context shows progress.
ByteProgress progress_of(const FileRunContext &ctx, std::string what) {
    return [&ctx, what = std::move(what)](std::uint64_t done, std::uint64_t total) {
        if (ctx.show)
            ctx.show(what, done, total);
    };
}

// One pass feeding the reference and every driver (standard input, which
// can be read only once; files when ctx.one_read).
FileResult hash_once(PreparedFile &p, FileReport &report, const FileRunContext &ctx,
                     const std::string &label) {
    std::vector<std::unique_ptr<HashStream>> kernel;
    std::vector<std::unique_ptr<Crc32cHasher>> user;
    std::optional<std::size_t> reference_user; // user:slice8 is the reference's code
    for (const std::string &driver : report.measured) {
        if (is_user_driver(driver)) {
            if (driver == kUserSlice8 && report.alg == CrcAlg::crc32c)
                reference_user = user.size();
            user.push_back(ctx.user(driver));
        } else {
            kernel.push_back(ctx.kernel(driver));
        }
    }
    TeeResult t = tee_unit_crcs(*p.file, p.layout, ctx.buffer, report.alg, kernel, user,
                                progress_of(ctx, label + " (every driver)"), reference_user);
    p.layout = t.layout;
    FileResult fr = reference_result(p, t.reference.bytes_read, t.reference.crcs, report);
    std::size_t k = 0, u = 0;
    for (const std::string &driver : report.measured) {
        FileDriverResult dr{.driver = driver};
        const UnitCrcs &got = is_user_driver(driver) ? t.user[u++] : t.kernel[k++];
        add_pass(dr, got, t.reference.crcs, p, fr.path, report, nullptr);
        finish_driver(dr, p);
        fr.results.push_back(std::move(dr));
    }
    return fr;
}

} // namespace

FileResult hash_file(PreparedFile &p, FileReport &report, const FileRunContext &ctx,
                     const std::string &label) {
    // (-f sum and --check have neither pages nor InnoDB facts.)
    if (p.file->is_stream() || (ctx.one_read && !p.page_size && !p.innodb_flags))
        return hash_once(p, report, ctx, label);
    const InputFile &file = *p.file;
    std::vector<PageFacts> facts;
    std::vector<PageFacts> *want_facts = p.innodb_flags ? &facts : nullptr;
    std::vector<Digest> reference =
        reference_unit_crcs(file, p.layout, ctx.buffer, report.alg, want_facts,
                            progress_of(ctx, label + " reference"))
            .crcs;
    FileResult fr = reference_result(p, file.size(), reference, report);
    if (p.innodb_flags) {
        refuse_encrypted(file.path(), facts, reference);
        fr.innodb = judge_pages(facts, reference);
        fr.innodb->flags = *p.innodb_flags;
    }
    for (const std::string &driver : report.measured) {
        FileDriverResult dr{.driver = driver};
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
                got = hasher ? user_unit_crcs(file, p.layout, ctx.buffer, *hasher,
                                              progress_of(ctx, what))
                             : kernel_unit_crcs(
                                   file, p.layout, ctx.buffer, [&] { return ctx.kernel(driver); },
                                   driver, progress_of(ctx, what));
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

// --ignore-missing skips a file only if it does not exist: any other
// failure to open it is still reported.
bool is_missing(const std::string &path) {
    struct stat st {};
    return path != kStdinPath && ::stat(path.c_str(), &st) != 0 && errno == ENOENT;
}

} // namespace

bool is_read_error(const ToolError &e) {
    const ExitCode c = e.code();
    return c == ExitCode::usage || c == ExitCode::permission || c == ExitCode::runtime ||
           c == ExitCode::file_changed;
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
    std::string name(alg_info(report.alg).name);
    std::vector<std::string_view> lines = split(text, '\n');
    if (lines.back().empty())
        lines.pop_back(); // the last newline starts no line
    for (std::uint64_t line_no = 1; line_no <= lines.size(); ++line_no) {
        std::string_view line = lines[line_no - 1];
        std::optional<ChecksumEntry> entry = parse_checksum_line(report.alg, line);
        if (!entry) {
            ++improper;
            if (f.warn)
                std::fprintf(stderr,
                             "crcbench-alg: %s: %llu: improperly formatted %s checksum line "
                             "(expected %zu hex digits, two spaces and the path, as --format sum "
                             "writes it)\n",
                             list.c_str(), static_cast<unsigned long long>(line_no), name.c_str(),
                             digest_hex_length(report.alg));
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
            failed += !ok;
            wrong_drivers += report.mismatches.size() != mismatches_before;
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
    // A summary warning per count that is not 0; --status: none (the causes above stay).
    auto warn = [&](std::uint64_t count, const std::string &text) {
        if (count && !f.status)
            std::fprintf(stderr, "crcbench-alg: WARNING: %s\n", text.c_str());
    };
    warn(improper, count_text(improper, "line is", "lines are") + " improperly formatted");
    warn(unreadable, count_text(unreadable, "listed file", "listed files") + " could not be read");
    warn(failed, count_text(failed, "computed checksum", "computed checksums") + " did NOT match");
    warn(wrong_drivers, "a driver returned wrong CRCs for " +
                            count_text(wrong_drivers, "file", "files") + " (MISMATCH lines above)");
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
