// SPDX-License-Identifier: GPL-2.0-only
//
// One file of `crcbench-alg file` through the reference and every measured
// driver: the reference pass (which also gathers the InnoDB page facts),
// then --repeat timed passes per driver, the page cache dropped before each
// with --drop-cache; standard input, and the files of -f sum and --check
// (FileRunContext::one_read), in one pass that feeds them all. Every
// pass's CRCs are compared with the reference's. And --check's list of
// such files (check_list).
#pragma once

#include "crc_alg.h"
#include "driver_catalog.h"
#include "error.h"
#include "file_crc.h"
#include "hasher.h"
#include "options.h"
#include "system_info.h"
#include "user_drivers.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// The plain output of `crcbench-alg file --format sum` and the input of
// `--check`: one line per file, "CRC  PATH" (the CRC in lower-case hex at
// the algorithm's width, without 0x; two spaces), the layout of sha256sum
// and cksum -a. A path holding a newline, a carriage return or a backslash
// is written escaped (\n, \r, \\) and its line starts with a backslash, so
// every line stays one line and reads back to the same path.
// How -f sum writes a line: sha256sum's "CRC  PATH" or, with --tag, its
// BSD style "CRC32C (PATH) = CRC"; with -z (--zero) the line ends in NUL and
// the path is written as it is, since only a NUL could end it.
struct SumStyle {
    bool tag = false;
    bool zero = false;
};

// "e3069283  data\n" (with the newline).
std::string checksum_line(CrcAlg alg, Digest crc, std::string_view path, SumStyle style = {});

// The path as the line and the "PATH: OK" report print it (escaped, and
// whether the line needs the leading backslash).
std::string escape_path(std::string_view path, bool &escaped);

struct ChecksumEntry {
    Digest crc = 0;
    std::string path;
};

// One line (without its newline; a trailing '\r' is ignored) of a list:
// nullopt if it is not "HEX  PATH" with HEX of the algorithm's width
// (upper- or lower-case; " *PATH", sha256sum's binary marker, is taken too)
// nor "TAG (PATH) = HEX" with the algorithm's upper-case name as TAG, or an
// escaped path has an unknown escape.
std::optional<ChecksumEntry> parse_checksum_line(CrcAlg alg, std::string_view line);

// What `crcbench-alg file` reports, independent of the output format.
inline constexpr std::string_view kFileSchema = "crcbench-alg.file.v1";

// One driver's pass over one file.
struct FileDriverResult {
    std::string driver;
    Transfer transfer = Transfer::read;
    std::optional<std::string> transfer_note; // why splice was not used
    std::uint64_t bytes = 0;                  // bytes hashed in one pass
    double seconds = 0;                       // the median pass
    std::vector<double> pass_seconds;         // every pass, in order (--repeat)
    std::optional<Digest> crc;                // whole-file mode: the file's CRC
    std::uint64_t disagreeing_units = 0;      // units whose CRC differs from the reference
    std::uint64_t invalid_pages = 0;          // --innodb: pages this driver judged invalid
};

struct InnodbSummary {
    std::uint32_t flags = 0;
    std::uint64_t valid = 0, empty = 0, invalid = 0;
    std::vector<std::uint64_t> invalid_pages; // every one, ascending
};

struct FileResult {
    std::string path;
    std::uint64_t size = 0;
    std::optional<std::size_t> page_size; // page mode
    std::uint64_t pages = 0;              // page mode
    std::optional<Digest> crc;            // whole-file mode, the reference's
    std::vector<Digest> page_crcs;        // page mode, the reference's
    std::optional<InnodbSummary> innodb;
    std::vector<FileDriverResult> results;
};

// A driver whose CRC differs from the reference for one unit.
struct FileMismatch {
    std::string driver;
    std::string path;
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::optional<std::uint64_t> page;
    Digest expected = 0;
    Digest got = 0;
};

struct FileReport : ReportBase {
    std::vector<std::string> measured;
    std::optional<std::size_t> page_size; // --page-size (or the InnoDB one)
    bool innodb = false;
    bool per_page = false;
    unsigned repeat = 1;     // --repeat: passes per driver and file
    bool drop_cache = false; // --drop-cache: the page cache dropped before each pass
    std::vector<FileResult> files;
    std::vector<FileMismatch> mismatches; // the first per driver and file
    // SIGINT/SIGTERM ended the run early (its signal number, 0: complete):
    // files holds those hashed before it, the last perhaps by fewer drivers.
    int interrupted_by = 0;

    bool agree() const { return mismatches.empty(); }
    bool pages_valid() const;
    std::string_view verdict() const; // "ok", "mismatch", "invalid_pages"
};

std::string file_table(const FileReport &r);
std::string file_json(const FileReport &r);
std::string file_csv(const FileReport &r);
std::string render(const FileReport &r, Format f);

// What an interrupted run reports: "the 2 files hashed so far, the last by
// 1 of 3 drivers, a driver by 4 of 10 passes".
std::string partial_files_text(const FileReport &r);

// One line with everything needed to repeat the comparison.
std::string format_file_reproducer(const FileMismatch &m, const FileReport &r);

// `crcbench-alg file` before and after the drivers run: each file opened and
// checked (page size, InnoDB flags) before any hashing, and the InnoDB
// verdicts on its pages from a list of page CRCs. Errors that are the
// input's fault are UsageError (exit 2), with the cause and the fix.
// Everything about one file that is checked before any driver runs.
struct PreparedFile {
    std::unique_ptr<InputFile> file;
    UnitLayout layout;
    std::optional<std::size_t> page_size;
    std::optional<std::uint32_t> innodb_flags;
};

// Opens and checks one file: a size that is not a multiple of the page
// size, InnoDB flags without the full_crc32 marker, page_compressed, or a
// --page-size that disagrees with page 0 throw UsageError. "-" is standard
// input: its size, so its page count, is known only at its end.
PreparedFile prepare_file(const std::string &path, const FileOptions &f);

// --innodb: the verdict on each page (its facts, from the reference pass)
// by a list of page CRCs.
InnodbSummary judge_pages(const std::vector<PageFacts> &pages, const std::vector<Digest> &crcs);

// An encrypted page has a key version and a valid checksum (full_crc32
// checksums the encrypted bytes): UsageError naming the page and the field.
void refuse_encrypted(const std::string &path, const std::vector<PageFacts> &pages,
                      const std::vector<Digest> &crcs);

struct FileRunContext {
    const HashStreamFactory &kernel;
    const HasherFactory &user;
    ReadBuffer &buffer;
    // Progress: what is being hashed, bytes done and total (0: unknown).
    std::function<void(const std::string &what, std::uint64_t done, std::uint64_t total)> show;
    // Read each whole file once, the reference and every driver fed from
    // the same windows, instead of a reference pass and a timed pass per
    // driver: for checksums (-f sum, --check), not for a benchmark.
    bool one_read = false;
};

// Hashes one prepared file; mismatches go to report.mismatches. Throws
// ToolError (the file-changed error, exit 8, for a file that changed size).
// After SIGINT/SIGTERM (interrupt.h): during the reference pass, or any
// pass of standard input, it throws Interrupted; during the drivers' passes
// it returns the drivers that completed at least one pass (with the passes
// they completed; the one in progress is dropped), without the rest.
FileResult hash_file(PreparedFile &p, FileReport &report, const FileRunContext &ctx,
                     const std::string &label);

// The reference's CRCs of a prepared file (one read pass) and, with
// --innodb, the page facts (tests and --check).
UnitCrcs reference_pass(PreparedFile &p, CrcAlg alg, ReadBuffer &buffer,
                        std::vector<PageFacts> *facts = nullptr);

// The errors of opening and reading a listed file (not of AF_ALG or a
// driver's setup): the file is reported and the next one is hashed.
bool is_read_error(const ToolError &e);

// `crcbench-alg file --check LIST`: verifies a list of "CRC  PATH" lines
// (checksum_lines.h, as --format sum writes them) the way sha256sum -c
// does, each file through the reference and every measured driver. stdout
// gets "PATH: OK", "PATH: FAILED" or "PATH: FAILED open or read" per line,
// stderr the cause of each unreadable file, each improperly formatted line
// (with -w), any driver's MISMATCH reproducer and the summary warnings.
// --status, --strict, --ignore-missing and -w act as sha256sum's; quiet
// (-q) leaves out the OK lines, as sha256sum -c --quiet does. Returns the
// exit code (as sha256sum -c): 0 every listed CRC matched and every driver
// agreed (improperly formatted lines are warned about only, but for
// --strict); 1 a CRC did not match, a listed file could not be read, a
// driver disagreed, the list has no properly formatted line, an improperly
// formatted one with --strict, or no file was verified (--ignore-missing).
// A list that cannot be read is a ToolError (exit 6 or 7).
int check_list(const std::string &list, const FileOptions &f, bool quiet, FileReport &report,
               const FileRunContext &ctx);

} // namespace crcbench
