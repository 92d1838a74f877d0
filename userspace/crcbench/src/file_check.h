// SPDX-License-Identifier: GPL-2.0-only
//
// `crcbench-alg file --check LIST`: verifies a list of "CRC  PATH" lines
// (checksum_lines.h, as --format sum writes them) the way sha256sum -c
// does. Each file is hashed through the reference and every measured
// driver (file_run.h); stdout gets "PATH: OK", "PATH: FAILED" or "PATH:
// FAILED open or read" per line, stderr the cause of each unreadable file,
// each improperly formatted line, any driver's MISMATCH reproducer and the
// summary warnings.
#pragma once

#include "file_options.h"
#include "file_report.h"
#include "file_run.h"

#include <string>

namespace crcbench {

// The exit code (as sha256sum -c): 0 every listed CRC matched and every
// driver agreed (improperly formatted lines are warned about only); 1 a
// CRC did not match, a listed file could not be read, a driver disagreed,
// or the list has no properly formatted line. A list that cannot be read
// is a ToolError (exit 6 or 7).
int check_list(const std::string &list, const FileOptions &f, FileReport &report,
               const FileRunContext &ctx);

} // namespace crcbench
