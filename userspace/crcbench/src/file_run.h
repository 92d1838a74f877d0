// SPDX-License-Identifier: GPL-2.0-only
//
// `crcbench-alg file`: its report, the checks before any hashing, one file
// through the reference and every driver, and sha256sum's sum lines and
// check mode.
#pragma once

#include "cli.h"
#include "crc_alg.h"
#include "driver_catalog.h"
#include "error.h"
#include "file_crc.h"
#include "hasher.h"
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

// sha256sum's line layouts: "CRC  PATH", or with --tag "CRC32C (PATH) = CRC";
// a path with a newline, carriage return or backslash escaped and the line
// led by a backslash; with -z the line ends in NUL and the path is as it is.
struct SumStyle {
    bool tag = false;
    bool zero = false;
};

std::string checksum_line(CrcAlg alg, Digest crc, std::string_view path, SumStyle style = {});

struct ChecksumEntry {
    Digest crc = 0;
    std::string path;
};

// One line without its newline; nullopt when improperly formatted. Takes
// either case of hex, sha256sum's " *PATH" binary marker and a trailing '\r'.
std::optional<ChecksumEntry> parse_checksum_line(CrcAlg alg, std::string_view line);

inline constexpr std::string_view kFileSchema = "crcbench-alg.file.v1";

struct FileDriverResult {
    std::string driver;
    Transfer transfer = Transfer::read;
    std::optional<std::string> transfer_note{}; // why splice was not used
    std::uint64_t bytes = 0;                    // in one pass
    double seconds = 0;                         // the median pass
    std::vector<double> pass_seconds{};         // --repeat
    std::optional<Digest> crc{};                // whole-file mode
    std::uint64_t disagreeing_units = 0;
    std::uint64_t invalid_pages = 0; // --innodb
};

struct InnodbSummary {
    std::uint32_t flags = 0;
    std::uint64_t valid = 0, empty = 0, invalid = 0;
    std::vector<std::uint64_t> invalid_pages; // ascending
};

struct FileResult {
    std::string path;
    std::uint64_t size = 0;
    std::optional<std::size_t> page_size; // page mode
    std::uint64_t pages = 0;              // page mode
    std::optional<Digest> crc{};          // whole-file mode, the reference's
    std::vector<Digest> page_crcs{};      // page mode, the reference's
    std::optional<InnodbSummary> innodb{};
    std::vector<FileDriverResult> results{};
};

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
    unsigned repeat = 1;
    bool drop_cache = false;
    std::vector<FileResult> files;
    std::vector<FileMismatch> mismatches; // the first per driver and file
    int interrupted_by = 0;               // the signal; the last file perhaps by fewer drivers

    bool agree() const { return mismatches.empty(); }
    bool pages_valid() const;
    std::string_view verdict() const; // "ok", "mismatch", "invalid_pages"
};

std::string file_table(const FileReport &r);
std::string file_json(const FileReport &r);
std::string file_csv(const FileReport &r);
std::string render(const FileReport &r, Format f);

std::string partial_files_text(const FileReport &r);

std::string format_file_reproducer(const FileMismatch &m, const FileReport &r);

// Errors that are the input's fault are UsageError (exit 2).
struct PreparedFile {
    std::unique_ptr<InputFile> file;
    UnitLayout layout;
    std::optional<std::size_t> page_size;
    std::optional<std::uint32_t> innodb_flags;
};

PreparedFile prepare_file(const std::string &path, const FileOptions &f);

InnodbSummary judge_pages(const std::vector<PageFacts> &pages, const std::vector<Digest> &crcs);

// An encrypted page has a key version and a valid checksum (full_crc32
// checksums the encrypted bytes).
void refuse_encrypted(const std::string &path, const std::vector<PageFacts> &pages,
                      const std::vector<Digest> &crcs);

struct FileRunContext {
    const HashStreamFactory &kernel;
    const HasherFactory &user;
    ReadBuffer &buffer;
    std::function<void(const std::string &what, std::uint64_t done, std::uint64_t total)> show;
    // The reference and every driver fed from one read (-f sum, --check),
    // not a reference pass and timed passes per driver.
    bool one_read = false;
};

// After SIGINT/SIGTERM during the reference pass or a pass of stdin it
// throws Interrupted; during the drivers' passes it returns those that
// completed a pass (the pass in progress dropped).
FileResult hash_file(PreparedFile &p, FileReport &report, const FileRunContext &ctx,
                     const std::string &label);

// Not AF_ALG's or a driver's: the file is reported, the next one hashed.
bool is_read_error(const ToolError &e);

// --check LIST: sha256sum -c's lines, flags and exit codes
// (docs/crcbench-alg.md), each file also through every measured driver.
int check_list(const std::string &list, const FileOptions &f, bool quiet, FileReport &report,
               const FileRunContext &ctx);

} // namespace crcbench
