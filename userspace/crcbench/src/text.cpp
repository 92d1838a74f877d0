// SPDX-License-Identifier: GPL-2.0-only
#include "text.h"

namespace crcbench {

std::string_view trim(std::string_view s) {
    const char *ws = " \t\r";
    std::size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos)
        return {};
    std::size_t e = s.find_last_not_of(ws);
    return s.substr(b, e - b + 1);
}

std::optional<std::string> keyed_value(std::string_view text, std::string_view key, char sep) {
    for (std::string_view line : split(text, '\n')) {
        std::size_t s = line.find(sep);
        if (s != std::string_view::npos && trim(line.substr(0, s)) == key)
            return std::string(trim(line.substr(s + 1)));
    }
    return std::nullopt;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        std::size_t end = text.find(sep, start);
        parts.push_back(text.substr(start, end - start));
        if (end == std::string_view::npos)
            return parts;
        start = end + 1;
    }
}

std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    std::size_t n = b(i) >= 0xF0 ? 4 : b(i) >= 0xE0 ? 3 : b(i) >= 0xC2 ? 2 : 0;
    if (n == 0 || b(i) > 0xF4 || i + n > s.size())
        return 0;
    unsigned cp = b(i) & (0x7Fu >> n);
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (b(i + k) & 0x3Fu);
    }
    static constexpr unsigned kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

namespace {

bool plain(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_./+,:=@%-").find(static_cast<char>(c)) != std::string_view::npos;
}

} // namespace

std::string quote_name(std::string_view name) {
    bool is_plain = !name.empty(), printable = true;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c >= 0x80) {
            std::size_t n = utf8_length(name, i);
            if (n == 0)
                is_plain = printable = false;
            else
                i += n - 1;
        } else if (c < 0x20 || c == 0x7F) {
            is_plain = printable = false;
        } else if (!plain(c)) {
            is_plain = false;
        }
    }
    if (is_plain)
        return std::string(name);
    std::string out;
    if (printable) {
        out = "'";
        for (char ch : name)
            out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
        return out + "'";
    }
    static constexpr char hex[] = "0123456789abcdef";
    out = "$'";
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        std::size_t n = c >= 0x80 ? utf8_length(name, i) : 1;
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\\' || c == '\'') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7F || n == 0) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out.append(name.substr(i, n));
            i += n - 1;
        }
    }
    return out + "'";
}

} // namespace crcbench
