// SPDX-License-Identifier: GPL-2.0-only
//
// `crcbench-alg file` before and after the drivers run: each file opened and
// checked (page size, InnoDB flags) before any hashing, and the InnoDB
// verdicts on its pages from a list of page CRCs. Errors that are the
// input's fault are UsageError (exit 2), with the cause and the fix.
#pragma once

#include "file_crc.h"
#include "file_report.h"
#include "options.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace crcbench {

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

} // namespace crcbench
