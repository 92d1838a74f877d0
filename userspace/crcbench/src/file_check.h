// SPDX-License-Identifier: GPL-2.0-only
//
// `crcbench-alg file --check LIST`: verifies a list of "CRC  PATH" lines
// (checksum_lines.h, as --format sum writes them) the way sha256sum -c
// does. Each file is hashed through the reference and every measured
// driver (file_run.h); stdout gets "PATH: OK", "PATH: FAILED" or "PATH:
// FAILED open or read" per line, stderr the cause of each unreadable file,
// each improperly formatted line (with -w), any driver's MISMATCH
// reproducer and the summary warnings. --status, --strict, --ignore-missing
// and -w act as sha256sum's.
#pragma once

#include "error.h"
#include "file_report.h"
#include "file_run.h"
#include "options.h"

#include <string>

namespace crcbench {

// The exit code (as sha256sum -c): 0 every listed CRC matched and every
// driver agreed (improperly formatted lines are warned about only, but for
// --strict); 1 a CRC did not match, a listed file could not be read, a
// driver disagreed, the list has no properly formatted line, an improperly
// formatted one with --strict, or no file was verified (--ignore-missing). A list that cannot be
// read is a ToolError (exit 6 or 7). The errors of opening and reading a listed file (not of AF_ALG
// or a driver's setup): the file is reported and the next one is hashed.
bool is_read_error(const ToolError &e);

// quiet (-q) leaves out the OK lines, as sha256sum -c --quiet does.
int check_list(const std::string &list, const FileOptions &f, bool quiet, FileReport &report,
               const FileRunContext &ctx);

} // namespace crcbench
