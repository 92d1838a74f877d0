// SPDX-License-Identifier: GPL-2.0-only
//
// One file of `crcbench-alg file` through the reference and every measured
// driver: the reference pass (which also gathers the InnoDB page facts),
// then --repeat timed passes per driver, the page cache dropped before each
// with --drop-cache; standard input, and the files of -f sum and --check
// (FileRunContext::one_read), in one pass that feeds them all. Every
// pass's CRCs are compared with the reference's.
#pragma once

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

} // namespace crcbench
