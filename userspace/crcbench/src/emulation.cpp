// SPDX-License-Identifier: GPL-2.0-only
#include "emulation.h"

#include "error.h"
#include "text.h"

namespace crcbench {
namespace {

bool contains(std::string_view hay, std::string_view needle) {
    return hay.find(needle) != std::string_view::npos;
}

} // namespace

std::optional<std::string> cpuinfo_field(std::string_view cpuinfo, std::string_view key) {
    return keyed_value(cpuinfo, key, ':');
}

EmulationInfo detect_emulation(std::string_view cpuinfo,
                               std::optional<std::string_view> hypervisor_compatible,
                               bool build_is_power) {
    auto machine = cpuinfo_field(cpuinfo, "machine").value_or("");
    auto model = cpuinfo_field(cpuinfo, "model").value_or("");
    bool qemu_pseries =
        contains(machine, "emulated by qemu") || contains(model, "emulated by qemu");
    if (qemu_pseries) {
        if (hypervisor_compatible && contains(*hypervisor_compatible, "linux,kvm"))
            return {Emulation::qemu_kvm,
                    "QEMU pseries guest under KVM (virtualised, not emulated)"};
        return {Emulation::qemu_tcg, "QEMU pseries guest under TCG (emulated CPU)"};
    }
    auto cpu = cpuinfo_field(cpuinfo, "cpu").value_or("");
    if (build_is_power && !contains(cpu, "POWER"))
        return {Emulation::qemu_user,
                "POWER binary on a non-POWER /proc/cpuinfo (user-mode emulation, e.g. qemu-user)"};
    return {Emulation::none, "not detected"};
}

EmulationInfo apply_emulation_override(EmulationInfo detected, std::string_view value) {
    if (value.empty() || value == "auto")
        return detected;
    if (value == "yes" || value == "1" || value == "true")
        return {Emulation::forced, "declared emulated by override"};
    if (value == "no" || value == "0" || value == "false")
        return {Emulation::none, "declared real hardware by override"};
    throw UsageError("emulation override '" + std::string(value) + "' must be auto, yes or no");
}

std::string cpu_model(std::string_view cpuinfo) {
    if (auto cpu = cpuinfo_field(cpuinfo, "cpu"); cpu && !cpu->empty())
        return *cpu;
    if (auto name = cpuinfo_field(cpuinfo, "model name"); name && !name->empty())
        return *name;
    return "unknown";
}

} // namespace crcbench
