// SPDX-License-Identifier: GPL-2.0-only
//
// Facts about the machine that every report carries, and where the tool
// reads them from. Test hooks (documented): CRCBENCH_PROC_CRYPTO,
// CRCBENCH_CPUINFO and CRCBENCH_DT_HYPERVISOR replace the paths;
// CRCBENCH_EMULATED=auto|yes|no overrides emulator detection (as --emulated).
#pragma once

#include "emulation.h"
#include "machine_state.h"
#include "options.h"

#include <string>

namespace crcbench {

struct SystemInfo {
    std::string kernel_release; // uname -r
    std::string machine;        // uname -m
    std::string cpu_model;
    EmulationInfo emulation;
    std::string libkcapi; // filled in by the commands that use it
    MachineState machine_state;
};

std::string proc_crypto_path(const CommonOptions &common);

// Reads uname, /proc/cpuinfo and the device tree; never fails (unknown
// fields become "unknown"). Throws UsageError for a bad override value.
SystemInfo gather_system_info(const CommonOptions &common);

} // namespace crcbench
