// SPDX-License-Identifier: GPL-2.0-only
//
// The report checker's JSON (RFC 8259) tree, read by RapidJSON's strict SAX
// reader: a different library than the tool's writer (nlohmann-json), so
// that a writer bug cannot hide behind a matching reader bug.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crcbench::check {

struct JsonValue {
    enum class Type { null, boolean, number, string, array, object };
    Type type = Type::null;
    bool boolean = false;
    double number = 0;
    std::string text{}; // string value, or the literal text of a number
    std::vector<JsonValue> items{};
    std::vector<std::pair<std::string, JsonValue>> members{}; // in document order

    const JsonValue *get(std::string_view key) const;

    // A member of that type, else nothing: the cross-field rules read with
    // these, so a report the schema let through never trips them up.
    std::optional<double> num(std::string_view key) const;
    std::optional<std::string> str(std::string_view key) const;
    std::optional<bool> flag(std::string_view key) const;
    const JsonValue *obj(std::string_view key) const;
    // An array member's items; empty when absent or not an array.
    const std::vector<JsonValue> &list(std::string_view key) const;
};

struct JsonParseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Throws JsonParseError ("line L, column C: ...") on any deviation, duplicate
// object keys included.
JsonValue parse_json(std::string_view text);

std::string_view type_name(JsonValue::Type t);

} // namespace crcbench::check
