// SPDX-License-Identifier: GPL-2.0-only
//
// Checks a parsed crcbench-alg report (schema crcbench-alg.run.v2, run.v1 or
// crcbench-alg.list.v1) field by field and for internal consistency, plus
// optional expectations from the caller (drivers measured, emulated, verdict).
#pragma once

#include "json_value.h"

#include <optional>
#include <string>
#include <vector>

namespace crcbench::check {

struct Expectations {
    std::vector<std::string> drivers; // each must be listed (and measured, for run)
    std::optional<bool> emulated;
    std::optional<std::string> verdict; // "ok" or "mismatch" (run only)
    std::optional<std::string> schema;  // "run" or "list"
    std::optional<std::string> alg;     // $.alg ("crc32c" when absent)
};

// Every problem found, as "$.path: what is wrong". Empty: the report is valid.
std::vector<std::string> check_report(const JsonValue &doc, const Expectations &expect);

} // namespace crcbench::check
