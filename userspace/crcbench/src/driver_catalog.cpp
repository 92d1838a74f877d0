// SPDX-License-Identifier: GPL-2.0-only
#include "driver_catalog.h"

#include "error.h"
#include "file_io.h"
#include "system_info.h"
#include "user_drivers.h"

#include <algorithm>

namespace crcbench {

const AlgEntry *DriverCatalog::find(const std::string &driver) const {
    for (const AlgEntry &e : drivers)
        if (e.driver == driver)
            return &e;
    return nullptr;
}

DriverCatalog make_catalog(const std::vector<AlgEntry> &proc_crypto) {
    DriverCatalog c;
    c.drivers = crc32c_drivers(proc_crypto);
    if (auto best = resolve_crc32c(proc_crypto))
        c.resolves_to = best->driver;
    c.ambiguous = crc32c_resolution_ambiguous(proc_crypto);
    return c;
}

DriverCatalog load_catalog(const CommonOptions &common) {
    return make_catalog(parse_proc_crypto(read_text_file(proc_crypto_path(common))));
}

DriverCatalog load_catalog_for(const CommonOptions &common,
                               const std::vector<std::string> &requested) {
    bool kernel =
        requested.empty() || std::any_of(requested.begin(), requested.end(),
                                         [](const std::string &d) { return !is_user_driver(d); });
    if (kernel)
        return load_catalog(common);
    try {
        return load_catalog(common);
    } catch (const ToolError &) {
        return DriverCatalog{};
    }
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
    std::vector<std::string> out;
    if (requested.empty()) {
        std::vector<AlgEntry> sorted = catalog.drivers;
        std::stable_sort(sorted.begin(), sorted.end(), [](const AlgEntry &a, const AlgEntry &b) {
            return a.priority < b.priority;
        });
        for (const AlgEntry &e : sorted)
            if (!only_passed || e.selftest == "passed")
                out.push_back(e.driver);
        if (out.empty())
            throw ToolError(ExitCode::unknown_driver,
                            "no usable crc32c driver is registered (crc32c drivers here: " +
                                describe_drivers(catalog) + "); try: modprobe crc32c_generic");
        return out;
    }
    for (const std::string &name : requested) {
        if (is_user_driver(name)) {
            check_user_driver(name);
            if (std::find(out.begin(), out.end(), name) == out.end())
                out.push_back(name);
            continue;
        }
        if (name != "crc32c" && !catalog.find(name))
            throw ToolError(ExitCode::unknown_driver,
                            "unknown driver '" + name +
                                "'; crc32c drivers here: " + describe_drivers(catalog));
        if (name == "crc32c" && !catalog.resolves_to)
            throw ToolError(ExitCode::unknown_driver,
                            "\"crc32c\" resolves to nothing: no crc32c driver has passed its "
                            "self-test (crc32c drivers here: " +
                                describe_drivers(catalog) + ")");
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
    }
    return out;
}

} // namespace crcbench
