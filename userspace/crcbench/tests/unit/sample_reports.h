// SPDX-License-Identifier: GPL-2.0-only
//
// Reports with known content for the output and checker tests.
#pragma once

#include "fixtures.h"
#include "output.h"

namespace crcbench::tst {

inline SystemInfo sample_system(bool emulated) {
    SystemInfo s;
    s.kernel_release = "6.1.0-28-powerpc64le";
    s.machine = "ppc64le";
    s.cpu_model = "POWER8 (architected), altivec supported";
    s.emulation = emulated ? EmulationInfo{Emulation::qemu_tcg, "QEMU pseries guest under TCG"}
                           : EmulationInfo{Emulation::none, "not detected"};
    s.libkcapi = "libkcapi 1.4.0";
    return s;
}

// with_user: also the userspace baselines, user:slice8 measured and user:vmx
// listed as unavailable.
inline RunReport sample_run(bool emulated, bool with_user = false) {
    RunReport r;
    r.system = sample_system(emulated);
    r.settings.trials = 3;
    r.settings.seed = 99;
    r.sizes = {64, 4096};
    auto all = parse_proc_crypto(fixture("proc-crypto-guest.txt"));
    r.drivers = alg_drivers(all);
    r.resolves_to = "crc32c-vmx";
    r.measured = {"crc32c-generic", "crc32c-vmx"};
    if (with_user) {
        r.user_drivers = {{"user:slice8", "userspace slice-by-8", std::nullopt},
                          {"user:vmx", "userspace VMX core", "not a ppc64le build"}};
        r.measured.push_back("user:slice8");
    }
    std::vector<CellResult> cells;
    for (std::size_t size : r.sizes)
        for (const std::string &d : r.measured) {
            CellResult c;
            c.driver = d;
            c.size = size;
            double speed = d == "crc32c-generic" ? 1.0 : 3.0;
            for (int t = 1; t <= 3; ++t) {
                std::uint64_t ops = static_cast<std::uint64_t>(1000 * t * speed);
                c.trials.push_back({0.5, ops * size, ops});
            }
            c.checked_ops = 6000;
            cells.push_back(c);
        }
    r.rows = make_rows(cells);
    return r;
}

} // namespace crcbench::tst
