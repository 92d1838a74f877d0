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

DriverCatalog load_catalog(const CommonOptions &common) {
    return make_catalog(parse_proc_crypto(read_text_file(proc_crypto_path(common))), common.alg);
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
        DriverCatalog empty;
        empty.alg = common.alg;
        return empty;
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

namespace {

// "crc32c-generic" -> "crc32c_generic", the module that registers it.
std::string module_of(std::string_view driver) {
    std::string m(driver);
    std::replace(m.begin(), m.end(), '-', '_');
    return m;
}

} // namespace

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
        std::stable_sort(sorted.begin(), sorted.end(), [](const AlgEntry &a, const AlgEntry &b) {
            return a.priority < b.priority;
        });
        for (const AlgEntry &e : sorted)
            if (!only_passed || e.selftest == "passed")
                out.push_back(e.driver);
        if (out.empty())
            throw ToolError(ExitCode::unknown_driver,
                            "no usable " + alg + " driver is registered (" + here +
                                "); try: modprobe " + module_of(info.generic_driver) + " (" + alg +
                                " drivers exist in " + std::string(info.kernels) + ")");
        return out;
    }
    for (const std::string &name : requested) {
        if (is_user_driver(name)) {
            check_user_driver(name, catalog.alg);
            if (std::find(out.begin(), out.end(), name) == out.end())
                out.push_back(name);
            continue;
        }
        if (name != alg && !catalog.find(name))
            throw ToolError(ExitCode::unknown_driver,
                            "unknown driver '" + name + "'; " + here +
                                (catalog.drivers.empty() ? " (" + alg + " drivers exist in " +
                                                               std::string(info.kernels) + ")"
                                                         : std::string()));
        if (name == alg && !catalog.resolves_to)
            throw ToolError(ExitCode::unknown_driver,
                            "\"" + alg + "\" resolves to nothing: no " + alg +
                                " driver has passed its self-test (" + here + ")");
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
    }
    return out;
}

} // namespace crcbench
