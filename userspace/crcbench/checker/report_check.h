// SPDX-License-Identifier: GPL-2.0-only
//
// Checks a crcbench-alg report: its syntax (json_value.h), its structure
// against its JSON Schema (schema_check.h), then the rules across fields
// that a schema cannot state (rules.h), and the caller's expectations.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench::check {

struct Expectations {
    std::vector<std::string> drivers; // each must be listed (and measured, for run)
    std::optional<bool> emulated;
    std::optional<std::string> verdict;     // $.verdict
    std::optional<std::string> kind;        // "run", "list", "verify" or "file" ($.schema's)
    std::optional<std::string> schema_file; // --schema FILE instead of the compiled-in schema
    std::optional<std::string> alg;         // $.alg ("crc32c" when absent)
};

// Every problem found, as "$.path: what is wrong". Empty: the report is valid.
std::vector<std::string> check_report(std::string_view text, const Expectations &expect);

} // namespace crcbench::check
