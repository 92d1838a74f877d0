// SPDX-License-Identifier: GPL-2.0-only
//
// Checks a crcbench-alg report: its syntax (json_value.h), its structure
// against its JSON Schema (schema_check.h), then the rules across fields
// that a schema cannot state (rules.h), and the caller's expectations.
#pragma once

#include "json_value.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
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

// The report schemas (userspace/crcbench/schema/*.schema.json), compiled
// into crcbench-jsoncheck at build time (embedded_schemas.cpp.in): the
// static binary in the guest needs no installed files to find them.
// The text of the schema file of that name ("crcbench-alg.run.v2.schema.json").
std::optional<std::string_view> embedded_schema(std::string_view file_name);

// The report schemas compiled in, by their $.schema names
// ("crcbench-alg.run.v2"; not the common parts), sorted.
std::vector<std::string_view> embedded_report_schemas();

// Validates a report against its JSON Schema with RapidJSON's validator
// (rapidjson/schema.h, draft-04): every structural rule (fields, types,
// enums, bounds, patterns) comes from the schema files, none from C++.
// `text`: a report parse_json accepted, whose $.schema is `report_schema`.
// Its schema is `schema_file` when given (a "$ref" to another file is
// looked up beside it first), else the compiled-in one named
// "<report_schema>.schema.json". Returns "$.path: ..." problems: the first
// rule the report breaks (RapidJSON stops there), or what is wrong with the
// schema itself (unreadable, not JSON, a "$ref" that resolves nowhere).
std::vector<std::string> schema_problems(std::string_view text, const std::string &report_schema,
                                         const std::optional<std::string> &schema_file);

// The rules across fields of a report that its schema cannot state (a
// count that must match a list, min <= median <= max, a ratio that must
// follow from two rows, a verdict from the counts). They run only on a
// report that passed its schema, and read through JsonValue's typed
// accessors, so a permissive --schema FILE never trips them up.
struct Problems {
    std::vector<std::string> list;
    void add(const std::string &path, const std::string &what) {
        list.push_back(path + ": " + what);
    }
};

template <typename T> bool contains(const std::vector<T> &v, const std::type_identity_t<T> &x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}
bool is_user_driver(const std::string &d);
// $.alg, "crc32c" when absent (reports of older tools).
std::string report_alg(const JsonValue &doc);

// The header every report has: notice against emulated, the drivers and
// what resolves, the user baselines. Returns the names a report may have
// measured: its drivers and the available user: baselines.
std::vector<std::string> check_header(const JsonValue &doc, const Expectations &expect,
                                      Problems &p);
// $.measured: each listed (or the algorithm's name); the expected ones in it.
std::vector<std::string> check_measured(const JsonValue &doc,
                                        const std::vector<std::string> &listed,
                                        const Expectations &expect, Problems &p);
// $.partial (SIGINT/SIGTERM cut the command short; absent: false) and
// $.interrupted_by, which names the signal exactly when partial is true.
// Returns partial.
bool check_partial(const JsonValue &doc, Problems &p);
void check_run(const JsonValue &doc, const std::vector<std::string> &listed,
               const Expectations &expect, Problems &p);
// $.config.backends, $.inkernel and $.fits against $.measured and each other.
void check_backends(const JsonValue &doc, const std::vector<std::string> &measured, Problems &p);
void check_verify(const JsonValue &doc, Problems &p);
void check_file(const JsonValue &doc, const std::vector<std::string> &listed,
                const Expectations &expect, Problems &p);

} // namespace crcbench::check
