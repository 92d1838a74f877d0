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

#include "error.h"
#include "file_plan.h"
#include "file_report.h"
#include "hash_stream.h"
#include "hasher.h"

#include <functional>
#include <string>

namespace crcbench {

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
