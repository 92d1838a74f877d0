// SPDX-License-Identifier: GPL-2.0-only
//
// Checks a crcbench-alg report: its syntax (json_value.h), its JSON Schema
// (compiled in, so the static binary in the guest needs no installed
// files), the rules across fields a schema cannot state (rules.cpp), and
// the caller's expectations.
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

// Every problem found, as "$.path: what is wrong".
std::vector<std::string> check_report(std::string_view text, const Expectations &expect);

std::optional<std::string_view> embedded_schema(std::string_view file_name);
// By their $.schema names, sorted.
std::vector<std::string_view> embedded_report_schemas();

// RapidJSON's draft-04 validator: every structural rule comes from the
// schema files, none from C++. A "$ref" of schema_file is looked up beside
// it first. The first rule broken (RapidJSON stops there), or what is
// wrong with the schema itself.
std::vector<std::string> schema_problems(std::string_view text, const std::string &report_schema,
                                         const std::optional<std::string> &schema_file);

// The rules run only on a report that passed its schema, and read through
// JsonValue's typed accessors, so a permissive --schema FILE never trips
// them up.
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
// "crc32c" when absent (reports of older tools).
std::string report_alg(const JsonValue &doc);

// Returns the names a report may have measured.
std::vector<std::string> check_header(const JsonValue &doc, const Expectations &expect,
                                      Problems &p);
std::vector<std::string> check_measured(const JsonValue &doc,
                                        const std::vector<std::string> &listed,
                                        const Expectations &expect, Problems &p);
bool check_partial(const JsonValue &doc, Problems &p);
void check_run(const JsonValue &doc, const std::vector<std::string> &listed,
               const Expectations &expect, Problems &p);
void check_backends(const JsonValue &doc, const std::vector<std::string> &measured, Problems &p);
void check_verify(const JsonValue &doc, Problems &p);
void check_file(const JsonValue &doc, const std::vector<std::string> &listed,
                const Expectations &expect, Problems &p);

} // namespace crcbench::check
