// SPDX-License-Identifier: GPL-2.0-only
#include "json_writer.h"

#include <cmath>
#include <cstdio>

namespace crcbench {

std::string JsonWriter::escape(std::string_view s) {
    std::string out = "\"";
    for (char ch : s) {
        unsigned char c = static_cast<unsigned char>(ch);
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
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
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

JsonWriter &JsonWriter::value(double v, int decimals) {
    before_value();
    if (!std::isfinite(v)) {
        out_ += "null";
        return *this;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    out_ += buf;
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
