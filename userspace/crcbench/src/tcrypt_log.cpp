// SPDX-License-Identifier: GPL-2.0-only
#include "tcrypt_log.h"

#include "error.h"
#include "text.h"

#include <charconv>
#include <cstdio>
#include <optional>

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

namespace {

constexpr std::string_view kPrefix = "tcrypt: ";
constexpr std::string_view kTesting = "testing speed of async ";
constexpr std::string_view kLoadFailed = "failed to load transform for ";

// Without the "tcrypt: " prefix (6.12 and later put it on every line) and
// the newline 6.1 starts the "testing speed" line with.
std::string_view unprefixed(std::string_view text) {
    while (text.starts_with('\n'))
        text.remove_prefix(1);
    if (text.starts_with(kPrefix))
        text.remove_prefix(kPrefix.size());
    return text;
}

[[noreturn]] void fail(const std::string &what) {
    throw ToolError(ExitCode::runtime, "tcrypt: " + what);
}

struct Header {
    unsigned test = 0;
    std::size_t block = 0, update = 0;
    std::string_view rest; // what follows "): " in the same record
};

// "test  0 (   16 byte blocks,   16 bytes per update,   1 updates): ..."
std::optional<Header> parse_header(std::string_view text) {
    if (!text.starts_with("test"))
        return std::nullopt;
    std::size_t close = text.find("): ");
    std::size_t colon = close == std::string_view::npos ? text.find("):") : close;
    if (colon == std::string_view::npos)
        return std::nullopt;
    std::string head(text.substr(0, colon + 1));
    Header h;
    unsigned updates = 0;
    int used = 0;
    if (std::sscanf(head.c_str(), "test %u ( %zu byte blocks, %zu bytes per update, %u updates)%n",
                    &h.test, &h.block, &h.update, &updates, &used) != 4 ||
        static_cast<std::size_t>(used) != head.size())
        return std::nullopt;
    h.rest = trim(text.substr(std::min(text.size(), colon + 2)));
    return h;
}

// "  1234 opers/sec,    19744 bytes/sec"
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_result(std::string_view text) {
    std::string s(trim(text));
    unsigned long long ops = 0, bytes = 0;
    int used = 0;
    if (std::sscanf(s.c_str(), "%llu opers/sec, %llu bytes/sec%n", &ops, &bytes, &used) != 2 ||
        static_cast<std::size_t>(used) != s.size())
        return std::nullopt;
    return std::make_pair(std::uint64_t{ops}, std::uint64_t{bytes});
}

} // namespace

TcryptRun parse_tcrypt_records(const std::vector<KmsgRecord> &records, const std::string &requested,
                               const std::string &expected_driver) {
    TcryptRun run;
    run.requested = requested;
    bool started = false;
    Header pending;       // the last header
    bool waiting = false; // pending still waits for its result
    const std::string testing = std::string(kTesting) + requested + " (";
    const std::string load_failed = std::string(kLoadFailed) + requested + ":";
    for (const KmsgRecord &rec : records) {
        std::string_view text = unprefixed(rec.text);
        if (text.starts_with(load_failed))
            fail("could not allocate " + requested + " (" +
                 std::string(trim(text.substr(load_failed.size()))) +
                 "): is it a hash driver of this kernel, its module loaded?");
        if (!started) {
            if (text.starts_with(testing) && text.ends_with(")")) {
                run.reported_driver =
                    std::string(text.substr(testing.size(), text.size() - testing.size() - 1));
                started = true;
                if (run.reported_driver != expected_driver)
                    fail("asked for " + requested + ", tcrypt measured driver '" +
                         run.reported_driver + "' instead of '" + expected_driver + "'");
            }
            continue;
        }
        if (text.starts_with(kTesting))
            break; // the next algorithm's run (not ours to read)
        if (text.starts_with("hashing failed") || text.starts_with("digestsize(") ||
            text.starts_with("template (") || text.starts_with("ahash request allocation"))
            fail(requested + ": " + std::string(text));
        if (auto h = parse_header(text)) {
            if (waiting)
                fail(requested + ": test " + std::to_string(pending.test) +
                     " has no result in the kernel log");
            if (h->test != run.rows.size())
                fail(requested + ": test " + std::to_string(h->test) + " where test " +
                     std::to_string(run.rows.size()) + " was due: records are missing");
            pending = *h;
            waiting = true;
            if (pending.rest.empty())
                continue;
            text = pending.rest; // the result in the same record
        }
        if (!waiting)
            continue; // somebody else's record
        if (auto result = parse_result(text)) {
            run.rows.push_back(
                {pending.test, pending.block, pending.update, result->first, result->second});
            waiting = false;
        }
    }
    if (!started)
        fail("no \"" + std::string(kTesting) + requested +
             "\" record in the kernel log: tcrypt did not run for it");
    if (waiting)
        fail(requested + ": test " + std::to_string(pending.test) +
             " has no result in the kernel log");
    if (digest_rows(run).empty())
        fail(requested + ": no one-digest-per-operation result in the kernel log");
    return run;
}

std::vector<TcryptRow> digest_rows(const TcryptRun &run) {
    std::vector<TcryptRow> out;
    for (const TcryptRow &r : run.rows)
        if (r.block_len == r.update_len)
            out.push_back(r);
    return out;
}

} // namespace crcbench
