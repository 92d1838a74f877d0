// SPDX-License-Identifier: GPL-2.0-only
#include "system_info.h"

#include "error.h"
#include "file_io.h"
#include "text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <sys/utsname.h>

namespace crcbench {
namespace {

bool contains(std::string_view hay, std::string_view needle) {
    return hay.find(needle) != std::string_view::npos;
}

} // namespace

EmulationInfo detect_emulation(std::string_view cpuinfo,
                               std::optional<std::string_view> hypervisor_compatible,
                               bool build_is_power) {
    auto machine = keyed_value(cpuinfo, "machine", ':').value_or("");
    auto model = keyed_value(cpuinfo, "model", ':').value_or("");
    bool qemu_pseries =
        contains(machine, "emulated by qemu") || contains(model, "emulated by qemu");
    if (qemu_pseries) {
        if (hypervisor_compatible && contains(*hypervisor_compatible, "linux,kvm"))
            return {Emulation::qemu_kvm,
                    "QEMU pseries guest under KVM (virtualised, not emulated)"};
        return {Emulation::qemu_tcg, "QEMU pseries guest under TCG (emulated CPU)"};
    }
    auto cpu = keyed_value(cpuinfo, "cpu", ':').value_or("");
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
    if (auto cpu = keyed_value(cpuinfo, "cpu", ':'); cpu && !cpu->empty())
        return *cpu;
    if (auto name = keyed_value(cpuinfo, "model name", ':'); name && !name->empty())
        return *name;
    return "unknown";
}

namespace {

std::string env_or(const char *name, const std::string &fallback) {
    const char *v = std::getenv(name);
    return (v && *v) ? std::string(v) : fallback;
}

std::string root() {
    return env_or("CRCBENCH_MACHINE_ROOT", "");
}

std::optional<std::string> read_item(const std::string &path) {
    auto text = try_read_text_file(root() + path);
    if (!text)
        return std::nullopt;
    return std::string(trim(std::string_view(*text).substr(0, text->find_last_not_of('\n') + 1)));
}

} // namespace

std::vector<std::pair<std::string_view, const std::optional<std::string> *>>
machine_state_items(const MachineState &m) {
    return {{"cpus_online", &m.cpus_online},
            {"cpufreq_governor", &m.cpufreq_governor},
            {"cpufreq_cur_khz", &m.cpufreq_cur_khz},
            {"cpufreq_max_khz", &m.cpufreq_max_khz},
            {"cpuinfo_clock", &m.cpuinfo_clock},
            {"smt_control", &m.smt_control},
            {"smt_active", &m.smt_active},
            {"thread_siblings", &m.thread_siblings},
            {"lpar_shared_processor_mode", &m.lpar_shared_mode},
            {"lpar_entitled_capacity", &m.lpar_entitlement},
            {"lpar_capped", &m.lpar_capped},
            {"loadavg", &m.loadavg}};
}

std::optional<std::uint64_t> meminfo_available(std::string_view meminfo) {
    std::optional<std::string> v = keyed_value(meminfo, "MemAvailable", ':');
    if (!v)
        return std::nullopt;
    // "123456 kB"
    std::uint64_t kib = 0;
    const char *end = v->data() + v->size();
    auto [digits_end, ec] = std::from_chars(v->data(), end, kib);
    if (ec != std::errc() || kib > (~std::uint64_t{0} >> 10) ||
        trim(std::string_view(digits_end, end)) != "kB")
        return std::nullopt;
    return kib << 10;
}

std::optional<std::uint64_t> read_mem_available() {
    auto text = try_read_text_file(root() + "/proc/meminfo");
    return text ? meminfo_available(*text) : std::nullopt;
}

MachineState read_machine_state() {
    const std::string cpu = "/sys/devices/system/cpu/";
    MachineState m;
    m.cpus_online = read_item(cpu + "online");
    m.cpufreq_governor = read_item(cpu + "cpu0/cpufreq/scaling_governor");
    m.cpufreq_cur_khz = read_item(cpu + "cpu0/cpufreq/scaling_cur_freq");
    m.cpufreq_max_khz = read_item(cpu + "cpu0/cpufreq/cpuinfo_max_freq");
    if (auto cpuinfo = try_read_text_file(root() + "/proc/cpuinfo"))
        m.cpuinfo_clock = keyed_value(*cpuinfo, "clock", ':');
    m.smt_control = read_item(cpu + "smt/control");
    m.smt_active = read_item(cpu + "smt/active");
    m.thread_siblings = read_item(cpu + "cpu0/topology/thread_siblings_list");
    if (auto lpar = try_read_text_file(root() + "/proc/powerpc/lparcfg")) {
        m.lpar_shared_mode = keyed_value(*lpar, "shared_processor_mode", '=');
        m.lpar_entitlement = keyed_value(*lpar, "partition_entitled_capacity", '=');
        m.lpar_capped = keyed_value(*lpar, "capped", '=');
    }
    if (auto load = read_item("/proc/loadavg")) {
        // "0.12 0.10 0.05 1/123 456": the three averages.
        std::vector<std::string_view> f = split(*load, ' ');
        f.resize(std::min<std::size_t>(f.size(), 3));
        m.loadavg = fmt::format("{}", fmt::join(f, " "));
    }
    // A directory that cannot be read, or stops being readable, ends the
    // list where it is: the error_code overloads never throw.
    std::error_code err;
    std::filesystem::directory_iterator dir(root() + cpu + "vulnerabilities", err), end;
    if (!err) {
        std::map<std::string, std::string> v;
        for (; !err && dir != end; dir.increment(err)) {
            const std::string name = dir->path().filename();
            v[name] = read_item(cpu + "vulnerabilities/" + name).value_or("(unreadable)");
        }
        m.vulnerabilities = std::move(v);
    }
    return m;
}

std::string proc_crypto_path(const CommonOptions &common) {
    return common.proc_crypto.value_or(env_or("CRCBENCH_PROC_CRYPTO", "/proc/crypto"));
}

SystemInfo gather_system_info(const CommonOptions &common) {
    constexpr bool kBuiltForPower =
#if defined(__powerpc64__) || defined(__powerpc__)
        true;
#else
        false;
#endif
    SystemInfo info;
    struct utsname u {};
    const bool named = uname(&u) == 0;
    info.kernel_release = named ? u.release : "unknown";
    info.machine = named ? u.machine : "unknown";
    std::string cpuinfo =
        try_read_text_file(env_or("CRCBENCH_CPUINFO", "/proc/cpuinfo")).value_or("");
    auto hyp = try_read_text_file(
        env_or("CRCBENCH_DT_HYPERVISOR", "/proc/device-tree/hypervisor/compatible"));
    info.cpu_model = cpu_model(cpuinfo);
    info.emulation = detect_emulation(
        cpuinfo, hyp ? std::optional<std::string_view>(*hyp) : std::nullopt, kBuiltForPower);
    std::string override = common.emulated ? *common.emulated : env_or("CRCBENCH_EMULATED", "");
    info.emulation = apply_emulation_override(info.emulation, override);
    info.libkcapi = "unknown";
    info.machine_state = read_machine_state();
    return info;
}

} // namespace crcbench
