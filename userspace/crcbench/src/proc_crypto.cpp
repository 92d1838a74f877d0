// SPDX-License-Identifier: GPL-2.0-only
#include "proc_crypto.h"

#include "text.h"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace crcbench {
namespace {

int to_int(std::string_view s) {
    return std::atoi(std::string(s).c_str());
}

void assign(AlgEntry &e, std::string_view key, std::string_view value) {
    if (key == "name")
        e.name = value;
    else if (key == "driver")
        e.driver = value;
    else if (key == "module")
        e.module = value;
    else if (key == "priority")
        e.priority = to_int(value);
    else if (key == "refcnt")
        e.refcnt = to_int(value);
    else if (key == "selftest")
        e.selftest = value;
    else if (key == "internal")
        e.internal = (value == "yes");
    else if (key == "type")
        e.type = value;
    else if (key == "digestsize")
        e.digestsize = to_int(value);
}

bool usable(const AlgEntry &e, std::string_view name) {
    return e.name == name && !e.internal;
}

bool higher_first(const AlgEntry &a, const AlgEntry &b) {
    if (a.priority != b.priority)
        return a.priority > b.priority;
    return a.driver < b.driver;
}

} // namespace

std::vector<AlgEntry> parse_proc_crypto(std::string_view text) {
    std::vector<AlgEntry> out;
    AlgEntry current;
    bool any = false;
    auto flush = [&] {
        if (any && !current.driver.empty())
            out.push_back(current);
        current = AlgEntry{};
        any = false;
    };
    for (std::string_view raw : split(text, '\n')) {
        std::string_view line = trim(raw);
        if (line.empty()) {
            flush();
            continue;
        }
        std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        assign(current, trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
        any = true;
    }
    flush();
    return out;
}

std::vector<AlgEntry> alg_drivers(const std::vector<AlgEntry> &all, std::string_view name) {
    std::vector<AlgEntry> out;
    std::set<std::string> seen;
    for (const AlgEntry &e : all)
        if (usable(e, name) && seen.insert(e.driver).second)
            out.push_back(e);
    std::stable_sort(out.begin(), out.end(), higher_first);
    return out;
}

std::optional<AlgEntry> resolve_alg(const std::vector<AlgEntry> &all, std::string_view name) {
    for (const AlgEntry &e : alg_drivers(all, name))
        if (e.selftest == "passed")
            return e;
    return std::nullopt;
}

bool resolution_ambiguous(const std::vector<AlgEntry> &all, std::string_view name) {
    std::optional<AlgEntry> best = resolve_alg(all, name);
    if (!best)
        return false;
    int same = 0;
    for (const AlgEntry &e : alg_drivers(all, name))
        if (e.selftest == "passed" && e.priority == best->priority)
            ++same;
    return same > 1;
}

} // namespace crcbench
