// SPDX-License-Identifier: GPL-2.0-only
//
// The machine's performance state at the time of a report: what decides
// whether two runs can be compared. Every item is read from one file and is
// absent (nullopt, JSON null, "absent" in tables) where that file does not
// exist or cannot be read: x86 has no lparcfg, guests often no cpufreq.
// Test hook: CRCBENCH_MACHINE_ROOT prefixes every path (a fixture tree).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

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

// The scalar items as (JSON name, value) in a fixed order.
std::vector<std::pair<std::string_view, const std::optional<std::string> *>>
machine_state_items(const MachineState &m);

// Reads everything; never throws for a missing or unreadable file.
MachineState read_machine_state();

// Parsers of the file formats (unit-tested on fixtures).
std::optional<std::string> lparcfg_value(std::string_view lparcfg, std::string_view key);
std::optional<std::string> cpuinfo_clock(std::string_view cpuinfo);
// /proc/meminfo's MemAvailable in bytes (nullopt: absent or malformed).
std::optional<std::uint64_t> meminfo_available(std::string_view meminfo);

// MemAvailable now (nullopt where /proc/meminfo cannot be read).
std::optional<std::uint64_t> read_mem_available();

} // namespace crcbench
