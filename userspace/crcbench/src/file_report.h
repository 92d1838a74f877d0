// SPDX-License-Identifier: GPL-2.0-only
//
// What `crcbench-alg file` reports, independent of the output format.
#pragma once

#include "driver_catalog.h"
#include "file_crc.h"
#include "innodb_pages.h"
#include "proc_crypto.h"
#include "system_info.h"
#include "user_drivers.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace crcbench {

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

} // namespace crcbench
