// SPDX-License-Identifier: GPL-2.0-only
#include "kmsg_records.h"

#include "text.h"

#include <charconv>

namespace crcbench {
namespace {

std::string unescape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char byte = 0;
        if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x' &&
            std::from_chars(s.data() + i + 2, s.data() + i + 4, byte, 16).ptr == s.data() + i + 4) {
            out += static_cast<char>(byte);
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

template <typename T> bool number(std::string_view s, T &out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

} // namespace

std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw) {
    std::size_t nl = raw.find('\n');
    std::string_view line = raw.substr(0, nl);
    std::size_t semi = line.find(';');
    if (semi == std::string_view::npos)
        return std::nullopt;
    std::vector<std::string_view> head = split(line.substr(0, semi), ',');
    if (head.size() < 4)
        return std::nullopt;
    KmsgRecord r;
    unsigned prio = 0;
    std::uint64_t usec = 0;
    if (!number(head[0], prio) || !number(head[1], r.seq) || !number(head[2], usec) ||
        head[3].size() != 1)
        return std::nullopt;
    r.level = prio & 7;
    r.flag = head[3][0];
    r.text = unescape(line.substr(semi + 1));
    return r;
}

std::vector<KmsgRecord> parse_kmsg_lines(std::string_view data) {
    std::vector<KmsgRecord> out;
    for (std::string_view line : split(data, '\n')) {
        if (line.empty() || line.front() == ' ')
            continue;
        if (auto r = parse_kmsg_record(line))
            out.push_back(std::move(*r));
    }
    return out;
}

} // namespace crcbench
