// SPDX-License-Identifier: GPL-2.0-only
//
// A small JSON emitter with two-space indentation: objects, arrays, strings
// (escaped, always valid UTF-8), integers, doubles in their shortest round-trip
// form (non-finite become null), booleans, null.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

class JsonWriter {
  public:
    JsonWriter &begin_object();
    JsonWriter &end_object();
    JsonWriter &begin_array();
    JsonWriter &end_array();
    JsonWriter &key(std::string_view k);

    JsonWriter &value(std::string_view s);
    JsonWriter &value(const char *s) { return value(std::string_view(s)); }
    JsonWriter &value(std::uint64_t v);
    JsonWriter &value(int v);
    JsonWriter &value(unsigned v) { return value(static_cast<std::uint64_t>(v)); }
    JsonWriter &value(double v); // shortest round-trip form; non-finite: null
    JsonWriter &value(bool v);
    JsonWriter &null();

    // key + value shortcuts
    template <typename T> JsonWriter &field(std::string_view k, const T &v) {
        key(k);
        return value(v);
    }

    std::string str() const { return out_ + "\n"; }

    // A JSON string: quotes, backslashes and control characters escaped,
    // valid UTF-8 kept, every byte that is not part of it as U+FFFD.
    static std::string escape(std::string_view s);

  private:
    void before_value();
    JsonWriter &close(char bracket);
    void newline();
    std::string out_;
    std::vector<bool> first_; // per open container: nothing written yet
    bool after_key_ = false;
};

} // namespace crcbench
