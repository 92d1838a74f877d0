// SPDX-License-Identifier: GPL-2.0-only
//
// Is this machine an emulator? Pure functions over the texts of /proc/cpuinfo
// and the device tree's /hypervisor/compatible, so they are unit-testable.
//
// A QEMU pseries guest says "(emulated by qemu)" in the machine/model lines
// whether it runs under TCG or KVM; QEMU adds a /hypervisor node with
// "linux,kvm" only under KVM. So: qemu pseries without that node = TCG
// (emulated, figures are not POWER performance); with it = KVM (virtualised,
// figures are real hardware speed less virtualisation overhead).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace crcbench {

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

// cpuinfo: the text of /proc/cpuinfo. hypervisor_compatible: the content of
// /proc/device-tree/hypervisor/compatible, nullopt when absent. build_is_power:
// this binary was compiled for POWER (then an x86 cpuinfo means qemu-user).
EmulationInfo detect_emulation(std::string_view cpuinfo,
                               std::optional<std::string_view> hypervisor_compatible,
                               bool build_is_power);

// Applies an override: "yes"/"1"/"true" forces emulated, "no"/"0"/"false"
// forces real hardware, "auto"/"" keeps the detection. Throws UsageError
// for anything else.
EmulationInfo apply_emulation_override(EmulationInfo detected, std::string_view value);

// A one-line CPU description: "POWER8 (architected), altivec supported" on
// POWER (first "cpu" line), the "model name" on x86, "unknown" otherwise.
std::string cpu_model(std::string_view cpuinfo);

// The value of the first "key : value" line with that key, if any.
std::optional<std::string> cpuinfo_field(std::string_view cpuinfo, std::string_view key);

// The sentence every table and file carries when emulated() is true.
inline constexpr std::string_view kEmulationNotice =
    "EMULATED: these figures come from an emulator and are NOT POWER performance";

} // namespace crcbench
