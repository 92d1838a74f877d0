// SPDX-License-Identifier: GPL-2.0-only
#include "text.h"

#include "error.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>

namespace crcbench {

std::string_view trim(std::string_view s) {
    s.remove_prefix(std::min(s.find_first_not_of(" \t\r"), s.size()));
    return s.substr(0, s.find_last_not_of(" \t\r") + 1);
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
    for (std::size_t start = 0, end = 0; end != std::string_view::npos; start = end + 1) {
        end = text.find(sep, start);
        parts.push_back(text.substr(start, end - start));
    }
    return parts;
}

namespace {

// Of the well-formed (RFC 3629) UTF-8 sequence at s[i], 2 to 4; 0 if none.
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
    std::string out = printable ? "'" : "$'";
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        const std::size_t n = printable || c < 0x80 ? 1 : utf8_length(name, i);
        if (printable)
            out += c == '\'' ? std::string("'\\''") : std::string(1, name[i]);
        else if (c == '\n' || c == '\t')
            out += c == '\n' ? "\\n" : "\\t";
        else if (c == '\\' || c == '\'')
            out += std::string{'\\', name[i]};
        else if (c < 0x20 || c == 0x7F || n == 0)
            out += fmt::format("\\x{:02x}", c);
        else
            out.append(name.substr(i, n));
        i += n ? n - 1 : 0;
    }
    return out + "'";
}

namespace {

std::string quoted(std::string_view text) {
    return "'" + std::string(text) + "'";
}

std::pair<std::string_view, std::string_view> split_suffix(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size() && ((text[pos] >= '0' && text[pos] <= '9') || text[pos] == '.'))
        ++pos;
    return {text.substr(0, pos), text.substr(pos)};
}

} // namespace

std::uint64_t parse_uint(std::string_view text, std::uint64_t min, std::uint64_t max,
                         std::string_view what) {
    // "0x" selects hex; from_chars takes no sign and no spaces into an unsigned.
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    std::string_view digits = hex ? text.substr(2) : text;
    // Without a name (a CLI11 validator), CLI11 prefixes the option's.
    std::string prefix = what.empty() ? std::string() : fmt::format("{}: ", what);
    std::uint64_t value = 0;
    auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), value, hex ? 16 : 10);
    if (ec == std::errc::invalid_argument || end != digits.data() + digits.size())
        throw UsageError(prefix + quoted(text) + " is not a number");
    if (ec == std::errc::result_out_of_range || value < min || value > max)
        throw UsageError(
            fmt::format("{}{} must be between {} and {}", prefix, quoted(text), min, max));
    return value;
}

std::uint32_t parse_u32(std::string_view text, std::string_view what) {
    return static_cast<std::uint32_t>(
        parse_uint(text, 0, std::numeric_limits<std::uint32_t>::max(), what));
}

std::size_t parse_size(std::string_view text) {
    auto [number, suffix] = split_suffix(text);
    if (number.empty() || number.find('.') != std::string_view::npos) // digits only
        throw UsageError("size " + quoted(text) + " is not a byte count (e.g. 4096, 64K, 1M)");
    // Binary multiples: the power of two of each unit.
    static const std::map<std::string_view, unsigned> kShifts = {
        {"", 0},   {"B", 0},    {"K", 10}, {"k", 10},  {"KiB", 10},
        {"M", 20}, {"MiB", 20}, {"G", 30}, {"GiB", 30}};
    const auto unit = kShifts.find(suffix);
    if (unit == kShifts.end())
        throw UsageError("size " + quoted(text) + ": unknown unit (use K, M or G)");
    const std::uint64_t mult = std::uint64_t{1} << unit->second;
    constexpr std::uint64_t kMax = 1ull << 40; // 1024G
    std::uint64_t value = 0;
    if (std::from_chars(number.data(), number.data() + number.size(), value).ec != std::errc() ||
        value > kMax / mult)
        throw UsageError(
            fmt::format("size {} must be between 0 and {}", quoted(text), format_size(kMax)));
    return static_cast<std::size_t>(value * mult);
}

namespace {

// Comma-separated values, an item "A..B" the doubling sweep A, 2A, ... <= B;
// sorted, no duplicates. A sweep that cannot double upwards is refused in
// the words before and after the quoted item.
template <typename T, typename ParseOne>
std::vector<T> doubling_list(std::string_view text, ParseOne one, std::string_view before,
                             std::string_view after) {
    std::vector<T> out;
    for (std::string_view item : split(text, ',')) {
        std::size_t dots = item.find("..");
        if (dots == std::string_view::npos) {
            out.push_back(one(item));
            continue;
        }
        T from = one(item.substr(0, dots)), to = one(item.substr(dots + 2));
        if (from == 0 || from > to)
            throw UsageError(std::string(before) + quoted(item) + std::string(after));
        for (T v = from; v <= to; v *= 2)
            out.push_back(v);
    }
    std::ranges::sort(out);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

std::vector<std::size_t> parse_size_list(std::string_view text) {
    if (text.empty())
        throw UsageError("empty size list");
    return doubling_list<std::size_t>(text, parse_size, "size sweep ",
                                      " must go from a size > 0 upwards");
}

std::vector<unsigned> parse_cpu_list(std::string_view text) {
    std::vector<unsigned> cpus;
    if (text.empty())
        throw UsageError("--cpus: empty CPU list");
    for (std::string_view item : split(text, ',')) {
        std::size_t dash = item.find('-');
        std::string_view a = item.substr(0, dash);
        std::string_view b = dash == std::string_view::npos ? a : item.substr(dash + 1);
        auto from = static_cast<unsigned>(parse_uint(a, 0, 4095, "--cpus"));
        auto to = static_cast<unsigned>(parse_uint(b, 0, 4095, "--cpus"));
        if (from > to)
            throw UsageError("--cpus: range " + quoted(item) + " goes downwards");
        for (unsigned c = from; c <= to; ++c) {
            if (std::find(cpus.begin(), cpus.end(), c) != cpus.end())
                throw UsageError("--cpus: CPU " + std::to_string(c) + " given twice");
            cpus.push_back(c);
        }
    }
    return cpus;
}

std::vector<unsigned> parse_thread_list(std::string_view text) {
    if (text.empty())
        throw UsageError("--threads: empty list");
    auto one = [](std::string_view n) {
        return static_cast<unsigned>(parse_uint(n, 1, 1024, "--threads"));
    };
    return doubling_list<unsigned>(text, one, "--threads: sweep ", " goes downwards");
}

std::string format_cpu_list(const std::vector<unsigned> &cpus) {
    std::vector<unsigned> s(cpus);
    std::sort(s.begin(), s.end());
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t j = i;
        while (j + 1 < s.size() && s[j + 1] == s[j] + 1)
            ++j;
        out += fmt::format("{}{}", out.empty() ? "" : ",", s[i]);
        if (j > i)
            out += fmt::format("-{}", s[j]);
        i = j + 1;
    }
    return out;
}

std::chrono::nanoseconds parse_duration(std::string_view text) {
    if (text.starts_with("-"))
        throw UsageError(fmt::format("duration {} must not be negative", quoted(text)));
    auto [number, suffix] = split_suffix(text);
    static const std::map<std::string_view, double> kUnits = {
        {"", 1.0}, {"s", 1.0}, {"ms", 1e-3}, {"us", 1e-6}, {"m", 60.0}, {"min", 60.0}};
    const auto unit = kUnits.find(suffix);
    if (unit == kUnits.end())
        throw UsageError(
            fmt::format("duration {}: unknown unit (use us, ms, s or m)", quoted(text)));
    if (number.empty() || std::count(number.begin(), number.end(), '.') > 1)
        throw UsageError("duration " + quoted(text) + " is not a number");
    const double seconds = std::strtod(std::string(number).c_str(), nullptr) * unit->second;
    if (!std::isfinite(seconds) || seconds > 24 * 3600.0)
        throw UsageError(fmt::format("duration {} must be between 0 and 24h", quoted(text)));
    return std::chrono::nanoseconds(static_cast<std::int64_t>(std::llround(seconds * 1e9)));
}

std::string format_size(std::size_t bytes) {
    static constexpr std::pair<std::size_t, const char *> kUnits[] = {
        {1ull << 30, "G"}, {1ull << 20, "M"}, {1ull << 10, "K"}};
    // Only exact multiples get a unit, so every printed size is one --sizes
    // accepts and means the same bytes (1536, not 1.50K).
    for (const auto &[factor, name] : kUnits)
        if (bytes >= factor && bytes % factor == 0)
            return std::to_string(bytes / factor) + name;
    return std::to_string(bytes);
}

std::string format_hex32(std::uint32_t value) {
    return fmt::format("0x{:08x}", value);
}

std::string format_round_trip(double value) {
    char buf[64];
    // Plain decimals where they stay short (JavaScript's rule: 1e-6 to
    // 1e21), else an exponent; either is the shortest that round-trips.
    const double mag = std::fabs(value);
    const std::chars_format form = mag == 0 || (mag >= 1e-6 && mag < 1e21)
                                       ? std::chars_format::fixed
                                       : std::chars_format::scientific;
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, form);
    return ec == std::errc() ? std::string(buf, end) : std::string();
}

std::string format_fixed(double value, int decimals) {
    return fmt::format("{:.{}f}", value, decimals);
}

} // namespace crcbench
