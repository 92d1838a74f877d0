// SPDX-License-Identifier: GPL-2.0-only
#include "checksum_lines.h"

#include "text.h"

namespace crcbench {
namespace {

std::size_t digest_hex_length(CrcAlg alg) {
    return alg_info(alg).digest_size * 2;
}

} // namespace

std::string escape_path(std::string_view path, bool &escaped) {
    std::string out;
    escaped = false;
    for (char c : path) {
        switch (c) {
        case '\\':
            out += "\\\\";
            escaped = true;
            break;
        case '\n':
            out += "\\n";
            escaped = true;
            break;
        case '\r':
            out += "\\r";
            escaped = true;
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string checksum_line(CrcAlg alg, Digest crc, std::string_view path) {
    bool escaped = false;
    std::string name = escape_path(path, escaped);
    std::string hex = format_digest(alg, crc).substr(2); // no "0x"
    return (escaped ? "\\" : "") + hex + "  " + name + "\n";
}

std::optional<ChecksumEntry> parse_checksum_line(CrcAlg alg, std::string_view line) {
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    bool escaped = !line.empty() && line.front() == '\\';
    if (escaped)
        line.remove_prefix(1);
    std::size_t digits = digest_hex_length(alg);
    if (line.size() < digits + 3 || line[digits] != ' ' ||
        (line[digits + 1] != ' ' && line[digits + 1] != '*'))
        return std::nullopt;
    ChecksumEntry e;
    for (std::size_t i = 0; i < digits; ++i) {
        int v = hex_digit(line[i]);
        if (v < 0)
            return std::nullopt;
        e.crc = (e.crc << 4) | static_cast<Digest>(v);
    }
    std::string_view name = line.substr(digits + 2);
    if (!escaped) {
        e.path = std::string(name);
        return e;
    }
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] != '\\') {
            e.path += name[i];
            continue;
        }
        if (++i == name.size())
            return std::nullopt;
        switch (name[i]) {
        case '\\':
            e.path += '\\';
            break;
        case 'n':
            e.path += '\n';
            break;
        case 'r':
            e.path += '\r';
            break;
        default:
            return std::nullopt;
        }
    }
    return e;
}

} // namespace crcbench
