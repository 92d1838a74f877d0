// SPDX-License-Identifier: GPL-2.0-only
//
// The reports' JSON, built in document order on nlohmann-json: it escapes
// strings, replaces bytes that are not UTF-8 by U+FFFD, writes doubles in
// their shortest round-trip form (non-finite as null) and indents by two.
// This class only keeps the open objects and arrays of the report code's
// begin/key/value/end calls.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

class JsonWriter {
  public:
    JsonWriter &begin_object() { return open(nlohmann::ordered_json::object()); }
    JsonWriter &end_object() { return close(); }
    JsonWriter &begin_array() { return open(nlohmann::ordered_json::array()); }
    JsonWriter &end_array() { return close(); }
    JsonWriter &key(std::string_view k);

    JsonWriter &value(std::string_view s) { return put(std::string(s)); }
    JsonWriter &value(const char *s) { return value(std::string_view(s)); }
    JsonWriter &value(std::uint64_t v) { return put(v); }
    JsonWriter &value(int v) { return put(v); }
    JsonWriter &value(unsigned v) { return value(static_cast<std::uint64_t>(v)); }
    JsonWriter &value(double v) { return put(v); } // non-finite: null
    JsonWriter &value(bool v) { return put(v); }
    JsonWriter &null() { return put(nullptr); }

    // key + value shortcuts
    template <typename T> JsonWriter &field(std::string_view k, const T &v) {
        key(k);
        return value(v);
    }
    // The value, or null where there is none.
    template <typename T> JsonWriter &field(std::string_view k, const std::optional<T> &v) {
        key(k);
        return v ? value(*v) : null();
    }

    std::string str() const { return dump(root_) + "\n"; }

    // A JSON string: quotes, backslashes and control characters escaped,
    // valid UTF-8 kept, every invalid sequence as U+FFFD.
    static std::string escape(std::string_view s) { return dump(std::string(s)); }

  private:
    static std::string dump(const nlohmann::ordered_json &j) {
        return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    }
    JsonWriter &put(nlohmann::ordered_json v);
    JsonWriter &open(nlohmann::ordered_json container);
    JsonWriter &close();

    nlohmann::ordered_json root_;
    std::vector<nlohmann::ordered_json *> open_; // innermost last
    std::string key_;                            // for the next value in an object
};

} // namespace crcbench
