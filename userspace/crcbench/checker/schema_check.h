// SPDX-License-Identifier: GPL-2.0-only
//
// Validates a report against its JSON Schema with RapidJSON's validator
// (rapidjson/schema.h, draft-04): every structural rule (fields, types,
// enums, bounds, patterns) comes from the schema files, none from C++.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench::check {

// `text`: a report parse_json accepted, whose $.schema is `report_schema`.
// Its schema is `schema_file` when given (a "$ref" to another file is
// looked up beside it first), else the compiled-in one named
// "<report_schema>.schema.json". Returns "$.path: ..." problems: the first
// rule the report breaks (RapidJSON stops there), or what is wrong with the
// schema itself (unreadable, not JSON, a "$ref" that resolves nowhere).
std::vector<std::string> schema_problems(std::string_view text, const std::string &report_schema,
                                         const std::optional<std::string> &schema_file);

} // namespace crcbench::check
