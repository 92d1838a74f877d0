// SPDX-License-Identifier: GPL-2.0-only
#include "json_value.h"

#include <cmath>
#include <cstdlib>

namespace crcbench::check {

const JsonValue *JsonValue::get(std::string_view key) const {
    for (const auto &[k, v] : members)
        if (k == key)
            return &v;
    return nullptr;
}

bool JsonValue::is_unsigned_integer() const {
    if (type != Type::number || text.empty())
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    return true;
}

std::string_view type_name(JsonValue::Type t) {
    switch (t) {
    case JsonValue::Type::null:
        return "null";
    case JsonValue::Type::boolean:
        return "boolean";
    case JsonValue::Type::number:
        return "number";
    case JsonValue::Type::string:
        return "string";
    case JsonValue::Type::array:
        return "array";
    case JsonValue::Type::object:
        return "object";
    }
    return "?";
}

namespace {

class Parser {
  public:
    explicit Parser(std::string_view text) : s_(text) {}

    JsonValue document() {
        JsonValue v = value(0);
        skip_ws();
        if (pos_ != s_.size())
            fail("trailing characters after the document");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string &why) const {
        std::size_t line = 1, col = 1;
        for (std::size_t i = 0; i < pos_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        throw JsonParseError("line " + std::to_string(line) + ", column " + std::to_string(col) +
                             ": " + why);
    }

    void skip_ws() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }

    char peek() {
        if (pos_ >= s_.size())
            fail("unexpected end of input");
        return s_[pos_];
    }

    void expect(char c) {
        if (peek() != c)
            fail(std::string("expected '") + c + "'");
        ++pos_;
    }

    void literal(std::string_view word) {
        if (s_.substr(pos_, word.size()) != word)
            fail("invalid literal");
        pos_ += word.size();
    }

    JsonValue value(int depth) {
        if (depth > 64)
            fail("nesting too deep");
        skip_ws();
        JsonValue v;
        char c = peek();
        if (c == '{') {
            v.type = JsonValue::Type::object;
            object(v, depth);
        } else if (c == '[') {
            v.type = JsonValue::Type::array;
            array(v, depth);
        } else if (c == '"') {
            v.type = JsonValue::Type::string;
            v.text = string();
        } else if (c == 't') {
            literal("true");
            v.type = JsonValue::Type::boolean;
            v.boolean = true;
        } else if (c == 'f') {
            literal("false");
            v.type = JsonValue::Type::boolean;
        } else if (c == 'n') {
            literal("null");
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            v.type = JsonValue::Type::number;
            number(v);
        } else {
            fail(std::string("unexpected character '") + c + "'");
        }
        return v;
    }

    void object(JsonValue &v, int depth) {
        expect('{');
        skip_ws();
        if (peek() == '}') {
            ++pos_;
            return;
        }
        while (true) {
            skip_ws();
            if (peek() != '"')
                fail("expected a member name");
            std::string key = string();
            if (v.get(key))
                fail("duplicate member \"" + key + "\"");
            skip_ws();
            expect(':');
            v.members.emplace_back(std::move(key), value(depth + 1));
            skip_ws();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            expect('}');
            return;
        }
    }

    void array(JsonValue &v, int depth) {
        expect('[');
        skip_ws();
        if (peek() == ']') {
            ++pos_;
            return;
        }
        while (true) {
            v.items.push_back(value(depth + 1));
            skip_ws();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            expect(']');
            return;
        }
    }

    static void append_utf8(std::string &out, unsigned cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    unsigned hex4() {
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            char c = peek();
            ++pos_;
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= static_cast<unsigned>(c - 'A' + 10);
            else
                fail("bad \\u escape");
        }
        return v;
    }

    // RFC 8259 8.1: the text is UTF-8. Decodes the sequence that starts
    // with lead (already consumed) and refuses overlong forms, surrogates,
    // code points above U+10FFFF and stray continuation bytes.
    std::string utf8_char(unsigned char lead) {
        int more;
        unsigned cp;
        if ((lead & 0xE0) == 0xC0) {
            more = 1;
            cp = lead & 0x1Fu;
        } else if ((lead & 0xF0) == 0xE0) {
            more = 2;
            cp = lead & 0x0Fu;
        } else if ((lead & 0xF8) == 0xF0) {
            more = 3;
            cp = lead & 0x07u;
        } else {
            fail("invalid UTF-8 in string");
        }
        std::string bytes(1, static_cast<char>(lead));
        for (int k = 0; k < more; ++k) {
            if (pos_ >= s_.size())
                fail("invalid UTF-8 in string");
            const auto b = static_cast<unsigned char>(s_[pos_]);
            if ((b & 0xC0) != 0x80)
                fail("invalid UTF-8 in string");
            cp = (cp << 6) | (b & 0x3Fu);
            bytes += s_[pos_++];
        }
        static constexpr unsigned kMin[] = {0, 0x80, 0x800, 0x10000};
        if (cp < kMin[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            fail("invalid UTF-8 in string");
        return bytes;
    }

    std::string string() {
        expect('"');
        std::string out;
        while (true) {
            char c = peek();
            ++pos_;
            if (c == '"')
                return out;
            if (static_cast<unsigned char>(c) < 0x20)
                fail("control character in string");
            if (static_cast<unsigned char>(c) >= 0x80) {
                out += utf8_char(static_cast<unsigned char>(c));
                continue;
            }
            if (c != '\\') {
                out += c;
                continue;
            }
            char e = peek();
            ++pos_;
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out += e;
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                unsigned cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00) {
                    expect('\\');
                    expect('u');
                    unsigned lo = hex4();
                    if (lo < 0xDC00 || lo >= 0xE000)
                        fail("unpaired surrogate");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp < 0xE000) {
                    fail("unpaired surrogate");
                }
                append_utf8(out, cp);
                break;
            }
            default:
                fail("bad escape");
            }
        }
    }

    void number(JsonValue &v) {
        std::size_t start = pos_;
        auto digit = [&] { return pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9'; };
        if (s_[pos_] == '-')
            ++pos_;
        if (!digit())
            fail("bad number");
        if (s_[pos_] == '0') {
            ++pos_;
            if (digit())
                fail("leading zero in number");
        } else {
            while (digit())
                ++pos_;
        }
        if (pos_ < s_.size() && s_[pos_] == '.') {
            ++pos_;
            if (!digit())
                fail("bad fraction");
            while (digit())
                ++pos_;
        }
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-'))
                ++pos_;
            if (!digit())
                fail("bad exponent");
            while (digit())
                ++pos_;
        }
        v.text = std::string(s_.substr(start, pos_ - start));
        v.number = std::strtod(v.text.c_str(), nullptr);
        if (!std::isfinite(v.number))
            fail("number out of range");
    }

    std::string_view s_;
    std::size_t pos_ = 0;
};

} // namespace

JsonValue parse_json(std::string_view text) {
    return Parser(text).document();
}

} // namespace crcbench::check
