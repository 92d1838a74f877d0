// SPDX-License-Identifier: GPL-2.0-only
#include "checksum_lines.h"

#include "text.h"

#include <charconv>

namespace crcbench {
namespace {

// The characters a path is escaped for, and the letters that stand for
// them after the backslash.
constexpr std::string_view kEscaped = "\\\n\r";
constexpr std::string_view kEscapes = "\\nr";

std::size_t digest_hex_length(CrcAlg alg) {
    return alg_info(alg).digest_size * 2;
}

// The digest and the path of a BSD-style line: the digest has a fixed width,
// so the path is what lies between "TAG (" and the ") = " before it, and may
// itself hold ") = ".
bool split_tagged(CrcAlg alg, std::string_view line, std::string_view &hex,
                  std::string_view &name) {
    std::string head = alg_tag(alg) + " (";
    std::size_t digits = digest_hex_length(alg);
    constexpr std::string_view kTail = ") = ";
    if (line.size() < head.size() + kTail.size() + digits || !line.starts_with(head))
        return false;
    std::size_t tail = line.size() - digits - kTail.size();
    if (tail < head.size() || line.substr(tail, kTail.size()) != kTail)
        return false;
    hex = line.substr(tail + kTail.size());
    name = line.substr(head.size(), tail - head.size());
    return true;
}

} // namespace

std::string escape_path(std::string_view path, bool &escaped) {
    std::string out;
    escaped = false;
    for (char c : path) {
        std::size_t k = kEscaped.find(c);
        escaped = escaped || k != std::string_view::npos;
        out += k == std::string_view::npos ? std::string(1, c) : std::string{'\\', kEscapes[k]};
    }
    return out;
}

std::string checksum_line(CrcAlg alg, Digest crc, std::string_view path, SumStyle style) {
    bool escaped = false;
    std::string name = style.zero ? std::string(path) : escape_path(path, escaped);
    std::string hex = format_digest(alg, crc).substr(2); // no "0x"
    std::string line = escaped ? "\\" : "";
    if (style.tag)
        line += alg_tag(alg) + " (" + name + ") = " + hex;
    else
        line += hex + "  " + name;
    return line + (style.zero ? '\0' : '\n');
}

std::optional<ChecksumEntry> parse_checksum_line(CrcAlg alg, std::string_view line) {
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    bool escaped = !line.empty() && line.front() == '\\';
    if (escaped)
        line.remove_prefix(1);
    std::size_t digits = digest_hex_length(alg);
    std::string_view hex, name;
    if (!split_tagged(alg, line, hex, name)) {
        if (line.size() < digits + 3 || line[digits] != ' ' ||
            (line[digits + 1] != ' ' && line[digits + 1] != '*'))
            return std::nullopt;
        hex = line.substr(0, digits);
        name = line.substr(digits + 2);
    }
    ChecksumEntry e;
    auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), e.crc, 16);
    if (ec != std::errc() || end != hex.data() + hex.size())
        return std::nullopt;
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
        std::size_t k = kEscapes.find(name[i]);
        if (k == std::string_view::npos)
            return std::nullopt;
        e.path += kEscaped[k];
    }
    return e;
}

} // namespace crcbench
