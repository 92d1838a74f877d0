// SPDX-License-Identifier: GPL-2.0-only
#include "json_writer.h"

#include "text.h"
#include "units.h"

#include <cmath>

namespace crcbench {

std::string JsonWriter::escape(std::string_view s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char ch = s[i];
        const unsigned char c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                static constexpr char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else if (c < 0x80) {
                out += ch;
            } else if (std::size_t n = utf8_length(s, i); n != 0) {
                out.append(s.substr(i, n));
                i += n - 1;
            } else {
                // Not UTF-8 (a file name is any bytes): U+FFFD, so the
                // report stays valid JSON; the report says the name is lossy.
                out += "\\ufffd";
            }
        }
    }
    return out + "\"";
}

void JsonWriter::newline() {
    out_ += "\n";
    out_.append(2 * first_.size(), ' ');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back())
            out_ += ",";
        first_.back() = false;
        newline();
    }
}

JsonWriter &JsonWriter::begin_object() {
    before_value();
    out_ += "{";
    first_.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::close(char bracket) {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty)
        newline();
    out_ += bracket;
    return *this;
}

JsonWriter &JsonWriter::end_object() {
    return close('}');
}

JsonWriter &JsonWriter::begin_array() {
    before_value();
    out_ += "[";
    first_.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::end_array() {
    return close(']');
}

JsonWriter &JsonWriter::key(std::string_view k) {
    before_value();
    out_ += escape(k) + ": ";
    after_key_ = true;
    return *this;
}

JsonWriter &JsonWriter::value(std::string_view s) {
    before_value();
    out_ += escape(s);
    return *this;
}

JsonWriter &JsonWriter::value(std::uint64_t v) {
    before_value();
    out_ += std::to_string(v);
    return *this;
}

JsonWriter &JsonWriter::value(int v) {
    before_value();
    out_ += std::to_string(v);
    return *this;
}

JsonWriter &JsonWriter::value(double v) {
    before_value();
    if (!std::isfinite(v)) {
        out_ += "null";
        return *this;
    }
    out_ += format_round_trip(v); // 0.0004, not 0.000
    return *this;
}

JsonWriter &JsonWriter::value(bool v) {
    before_value();
    out_ += v ? "true" : "false";
    return *this;
}

JsonWriter &JsonWriter::null() {
    before_value();
    out_ += "null";
    return *this;
}

} // namespace crcbench
