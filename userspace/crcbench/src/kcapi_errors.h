// SPDX-License-Identifier: GPL-2.0-only
//
// Turns the negative errno values libkcapi returns into the tool's one-line
// messages and exit codes. Pure, so each mapping is unit-tested on a host
// that has no AF_ALG at all.
#pragma once

#include "error.h"

#include <string>
#include <string_view>

namespace crcbench {

// err: the negative return of kcapi_md_init() for `driver`.
ToolError classify_init_error(int err, std::string_view driver);

// err: a negative return of setkey/update/final/digest; `what` names the call.
ToolError classify_op_error(int err, std::string_view what, std::string_view driver);

// "ENOENT (No such file or directory)".
std::string errno_text(int positive_errno);

// "cannot WHAT PATH: errno_text", exit code 6 (with "permission denied: "
// first) for EACCES/EPERM, else 7.
[[noreturn]] void throw_file_error(const std::string &what, const std::string &path,
                                   int positive_errno);

} // namespace crcbench
