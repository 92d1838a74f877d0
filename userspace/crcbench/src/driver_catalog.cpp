// SPDX-License-Identifier: GPL-2.0-only
#include "driver_catalog.h"

#include "error.h"
#include "file_io.h"
#include "text.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

namespace crcbench {
namespace {

void assign(AlgEntry &e, std::string_view key, std::string_view value) {
    static const std::map<std::string_view, std::string AlgEntry::*> kText = {
        {"name", &AlgEntry::name},
        {"driver", &AlgEntry::driver},
        {"module", &AlgEntry::module},
        {"selftest", &AlgEntry::selftest},
        {"type", &AlgEntry::type}};
    static const std::map<std::string_view, int AlgEntry::*> kNumbers = {
        {"priority", &AlgEntry::priority},
        {"refcnt", &AlgEntry::refcnt},
        {"digestsize", &AlgEntry::digestsize}};
    if (auto t = kText.find(key); t != kText.end())
        e.*t->second = value;
    else if (auto n = kNumbers.find(key); n != kNumbers.end())
        e.*n->second = std::atoi(std::string(value).c_str());
    else if (key == "internal")
        e.internal = value == "yes";
}

} // namespace

std::vector<AlgEntry> parse_proc_crypto(std::string_view text) {
    std::vector<AlgEntry> out;
    AlgEntry current;
    auto flush = [&] {
        if (!current.driver.empty())
            out.push_back(current);
        current = AlgEntry{};
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
    }
    flush();
    return out;
}

std::vector<AlgEntry> alg_drivers(const std::vector<AlgEntry> &all, std::string_view name) {
    std::vector<AlgEntry> out;
    std::set<std::string> seen;
    for (const AlgEntry &e : all)
        if (e.name == name && !e.internal && seen.insert(e.driver).second)
            out.push_back(e);
    // Highest priority first; ties in driver name order.
    std::stable_sort(out.begin(), out.end(), [](const AlgEntry &a, const AlgEntry &b) {
        return std::tie(b.priority, a.driver) < std::tie(a.priority, b.driver);
    });
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
    return std::ranges::count_if(alg_drivers(all, name), [&](const AlgEntry &e) {
               return e.selftest == "passed" && e.priority == best->priority;
           }) > 1;
}

const AlgEntry *DriverCatalog::find(const std::string &driver) const {
    auto it = std::ranges::find(drivers, driver, &AlgEntry::driver);
    return it == drivers.end() ? nullptr : &*it;
}

DriverCatalog make_catalog(const std::vector<AlgEntry> &proc_crypto, CrcAlg alg) {
    DriverCatalog c;
    const std::string_view name = alg_info(alg).name;
    c.alg = alg;
    c.drivers = alg_drivers(proc_crypto, name);
    if (auto best = resolve_alg(proc_crypto, name))
        c.resolves_to = best->driver;
    c.ambiguous = resolution_ambiguous(proc_crypto, name);
    return c;
}

DriverCatalog load_catalog_for(const CommonOptions &common,
                               const std::vector<std::string> &requested) {
    try {
        return make_catalog(parse_proc_crypto(read_text_file(proc_crypto_path(common))),
                            common.alg);
    } catch (const ToolError &) {
        if (requested.empty() || !std::ranges::all_of(requested, is_user_driver))
            throw;
        return DriverCatalog{.alg = common.alg};
    }
}

DriverCatalog start_report(ReportBase &r, const CommonOptions &common,
                           const std::vector<std::string> &requested) {
    r.system = gather_system_info(common);
    DriverCatalog catalog = load_catalog_for(common, requested);
    r.alg = common.alg;
    r.drivers = catalog.drivers;
    r.resolves_to = catalog.resolves_to;
    r.user_drivers = user_drivers(r.alg);
    return catalog;
}

std::string describe_drivers(const DriverCatalog &catalog) {
    if (catalog.drivers.empty())
        return "none";
    std::string out;
    for (const AlgEntry &e : catalog.drivers)
        out += (out.empty() ? "" : ", ") + e.driver + " (" + std::to_string(e.priority) + ")";
    return out;
}

std::vector<std::string> select_drivers(const DriverCatalog &catalog,
                                        const std::vector<std::string> &requested,
                                        bool only_passed) {
    const AlgInfo &info = alg_info(catalog.alg);
    const std::string alg(info.name);
    const std::string here = alg + " drivers here: " + describe_drivers(catalog);
    std::vector<std::string> out;
    if (requested.empty()) {
        std::vector<AlgEntry> sorted = catalog.drivers;
        std::ranges::stable_sort(sorted, {}, &AlgEntry::priority);
        for (const AlgEntry &e : sorted)
            if (!only_passed || e.selftest == "passed")
                out.push_back(e.driver);
        std::string module(info.generic_driver); // the generic driver's module
        std::ranges::replace(module, '-', '_');
        if (out.empty())
            throw ToolError(ExitCode::unknown_driver,
                            "no usable " + alg + " driver is registered (" + here +
                                "); try: modprobe " + module + " (" + alg + " drivers exist in " +
                                std::string(info.kernels) + ")");
        return out;
    }
    for (const std::string &name : requested) {
        if (is_user_driver(name))
            check_user_driver(name, catalog.alg);
        else if (name != alg && !catalog.find(name))
            throw ToolError(ExitCode::unknown_driver,
                            "unknown driver '" + name + "'; " + here +
                                (catalog.drivers.empty() ? " (" + alg + " drivers exist in " +
                                                               std::string(info.kernels) + ")"
                                                         : std::string()));
        else if (name == alg && !catalog.resolves_to)
            throw ToolError(ExitCode::unknown_driver,
                            "\"" + alg + "\" resolves to nothing: no " + alg +
                                " driver has passed its self-test (" + here + ")");
        if (std::ranges::find(out, name) == out.end())
            out.push_back(name);
    }
    return out;
}

} // namespace crcbench
