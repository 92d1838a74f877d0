// SPDX-License-Identifier: GPL-2.0-only
#include "user_drivers.h"

#include "error.h"

#include <algorithm>
#include <cstdio>

namespace crcbench {

std::vector<UserDriver> user_drivers(CrcAlg alg) {
    std::vector<UserDriver> all = {
        {std::string(kUserSlice8), "userspace slice-by-8 tables (the tool's own code)",
         std::nullopt},
        {std::string(kUserVmx), "userspace VMX core (module/arch/powerpc/crc32c_vmx_core.c)",
         user_vmx_unavailable()},
        {std::string(kUserVmxIsa31), "userspace VMX core, ISA 3.1 form (POWER10)",
         user_vmx_isa31_unavailable()},
    };
    if (alg != CrcAlg::crc32c) {
        const std::string name(alg_info(alg).name);
        for (UserDriver &u : all)
            u.unavailable = "computes crc32c only: this tool has no userspace baseline of " + name;
    }
    return all;
}

bool is_user_driver(std::string_view name) {
    return name.starts_with(kUserPrefix);
}

std::vector<std::string> add_user_baselines(std::vector<std::string> drivers, bool quiet,
                                            CrcAlg alg) {
    for (const UserDriver &u : user_drivers(alg)) {
        if (std::find(drivers.begin(), drivers.end(), u.driver) != drivers.end())
            continue;
        if (!u.unavailable)
            drivers.push_back(u.driver);
        else if (!quiet)
            std::fprintf(stderr, "crcbench-alg: note: --user-baselines leaves out %s: %s\n",
                         u.driver.c_str(), u.unavailable->c_str());
    }
    return drivers;
}

void check_user_driver(const std::string &name, CrcAlg alg) {
    std::string known;
    for (const UserDriver &u : user_drivers(alg)) {
        if (u.driver == name) {
            if (u.unavailable)
                throw ToolError(ExitCode::unknown_driver,
                                name + " is unavailable: " + *u.unavailable);
            return;
        }
        known += (known.empty() ? "" : ", ") + u.driver;
    }
    throw ToolError(ExitCode::unknown_driver,
                    "unknown userspace driver '" + name + "'; userspace drivers: " + known);
}

std::unique_ptr<Crc32cHasher> make_user_hasher(const std::string &name, CrcAlg alg) {
    check_user_driver(name, alg); // so user:slice8, user:vmx or user:vmx-isa31, available
    if (name == kUserSlice8)
        return std::make_unique<UserHasher>();
    return std::make_unique<UserHasher>(user_vmx_update(name == kUserVmxIsa31));
}

HasherFactory with_user_drivers(HasherFactory kernel, CrcAlg alg) {
    return [kernel = std::move(kernel), alg](const std::string &driver) {
        return is_user_driver(driver) ? make_user_hasher(driver, alg) : kernel(driver);
    };
}

} // namespace crcbench
