// SPDX-License-Identifier: GPL-2.0-only
//
// Facts about the machine that every report carries, and where the tool
// reads them from. Test hooks (documented): CRCBENCH_PROC_CRYPTO,
// CRCBENCH_CPUINFO and CRCBENCH_DT_HYPERVISOR replace the paths;
// CRCBENCH_EMULATED=auto|yes|no overrides emulator detection (as --emulated).
#pragma once

#include "cli.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// A QEMU pseries guest says "(emulated by qemu)" in the machine/model lines
// whether it runs under TCG or KVM; QEMU adds a /hypervisor node with
// "linux,kvm" only under KVM. So: qemu pseries without that node = TCG
// (emulated, figures are not POWER performance); with it = KVM (virtualised,
// figures are real hardware speed less virtualisation overhead).
enum class Emulation {
    none,      // real hardware (as far as we can tell)
    qemu_tcg,  // QEMU full-system emulation: timings are meaningless for POWER
    qemu_kvm,  // QEMU with KVM: hardware speed, virtualised
    qemu_user, // user-mode emulation suspected (cpuinfo is not the build arch)
    forced,    // the user said so (--emulated yes / CRCBENCH_EMULATED=1)
};

struct EmulationInfo {
    Emulation kind = Emulation::none;
    std::string description; // one line for tables and files
    bool emulated() const {
        return kind == Emulation::qemu_tcg || kind == Emulation::qemu_user ||
               kind == Emulation::forced;
    }
};

// hypervisor_compatible: /proc/device-tree/hypervisor/compatible.
// build_is_power: then an x86 cpuinfo means qemu-user.
EmulationInfo detect_emulation(std::string_view cpuinfo,
                               std::optional<std::string_view> hypervisor_compatible,
                               bool build_is_power);

// "yes"/"1"/"true", "no"/"0"/"false" or "auto"/"".
EmulationInfo apply_emulation_override(EmulationInfo detected, std::string_view value);

// A one-line CPU description: "POWER8 (architected), altivec supported" on
// POWER (first "cpu" line), the "model name" on x86, "unknown" otherwise.
std::string cpu_model(std::string_view cpuinfo);

inline constexpr std::string_view kEmulationNotice =
    "EMULATED: these figures come from an emulator and are NOT POWER performance";

// What decides whether two runs can be compared. An item is absent where
// its file cannot be read: x86 has no lparcfg, guests often no cpufreq.
struct MachineState {
    std::optional<std::string> cpus_online;      // /sys/devices/system/cpu/online
    std::optional<std::string> cpufreq_governor; // cpu0/cpufreq/scaling_governor
    std::optional<std::string> cpufreq_cur_khz;  // cpu0/cpufreq/scaling_cur_freq
    std::optional<std::string> cpufreq_max_khz;  // cpu0/cpufreq/cpuinfo_max_freq
    std::optional<std::string> cpuinfo_clock;    // /proc/cpuinfo "clock" (POWER)
    std::optional<std::string> smt_control;      // /sys/devices/system/cpu/smt/control
    std::optional<std::string> smt_active;       // .../smt/active
    std::optional<std::string> thread_siblings;  // cpu0/topology/thread_siblings_list
    std::optional<std::string> lpar_shared_mode; // lparcfg shared_processor_mode
    std::optional<std::string> lpar_entitlement; // lparcfg partition_entitled_capacity
    std::optional<std::string> lpar_capped;      // lparcfg capped
    std::optional<std::string> loadavg;          // /proc/loadavg, first three fields
    // /sys/devices/system/cpu/vulnerabilities/<name>: content; nullopt if the
    // directory is absent.
    std::optional<std::map<std::string, std::string>> vulnerabilities;
};

std::vector<std::pair<std::string_view, const std::optional<std::string> *>>
machine_state_items(const MachineState &m);

MachineState read_machine_state();

// MemAvailable in bytes.
std::optional<std::uint64_t> meminfo_available(std::string_view meminfo);
std::optional<std::uint64_t> read_mem_available();

struct SystemInfo {
    std::string kernel_release; // uname -r
    std::string machine;        // uname -m
    std::string cpu_model;
    EmulationInfo emulation;
    std::string libkcapi; // by the commands that use it
    MachineState machine_state;
};

std::string proc_crypto_path(const CommonOptions &common);

// Never fails (unknown fields say so), but for a bad override value.
SystemInfo gather_system_info(const CommonOptions &common);

} // namespace crcbench
