// SPDX-License-Identifier: GPL-2.0-only
//
// A small JSON emitter with two-space indentation: objects, arrays, strings
// (escaped), integers, finite doubles (non-finite become null), booleans, null.
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
    JsonWriter &value(double v, int decimals);
    JsonWriter &value(bool v);
    JsonWriter &null();

    // key + value shortcuts
    template <typename T> JsonWriter &field(std::string_view k, const T &v) {
        key(k);
        return value(v);
    }
    JsonWriter &field(std::string_view k, double v, int decimals) {
        key(k);
        return value(v, decimals);
    }

    std::string str() const { return out_ + "\n"; }

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
