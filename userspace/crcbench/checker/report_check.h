// SPDX-License-Identifier: GPL-2.0-only
//
// Checks a crcbench-alg report: its syntax (json_value.h), its JSON Schema
// (compiled in: the static binary in the guest needs no installed files),
// the rules across fields a schema cannot state, and the expectations.
#pragma once

#include "json_value.h"

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

// Every problem found, as "$.path: what is wrong".
std::vector<std::string> check_report(std::string_view text, const Expectations &expect);

// The whole file; nothing when it cannot be opened.
std::optional<std::string> read_file(const std::string &path);

std::optional<std::string_view> embedded_schema(std::string_view file_name);
// By their $.schema names, sorted.
std::vector<std::string_view> embedded_report_schemas();

} // namespace crcbench::check
