// SPDX-License-Identifier: GPL-2.0-only
#include "machine_state.h"

#include "file_io.h"
#include "text.h"

#include <charconv>
#include <cstdlib>
#include <dirent.h>
#include <fmt/format.h>
#include <memory>

namespace crcbench {
namespace {

std::string root() {
    const char *r = std::getenv("CRCBENCH_MACHINE_ROOT");
    return r ? std::string(r) : std::string();
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && s.back() == '\n')
        s.remove_suffix(1);
    return std::string(trim(s));
}

std::optional<std::string> read_item(const std::string &path) {
    auto text = try_read_text_file(root() + path);
    if (!text)
        return std::nullopt;
    return trimmed(*text);
}

} // namespace

std::optional<std::string> lparcfg_value(std::string_view lparcfg, std::string_view key) {
    return keyed_value(lparcfg, key, '=');
}

std::optional<std::string> cpuinfo_clock(std::string_view cpuinfo) {
    return keyed_value(cpuinfo, "clock", ':');
}

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
        m.cpuinfo_clock = cpuinfo_clock(*cpuinfo);
    m.smt_control = read_item(cpu + "smt/control");
    m.smt_active = read_item(cpu + "smt/active");
    m.thread_siblings = read_item(cpu + "cpu0/topology/thread_siblings_list");
    if (auto lpar = try_read_text_file(root() + "/proc/powerpc/lparcfg")) {
        m.lpar_shared_mode = lparcfg_value(*lpar, "shared_processor_mode");
        m.lpar_entitlement = lparcfg_value(*lpar, "partition_entitled_capacity");
        m.lpar_capped = lparcfg_value(*lpar, "capped");
    }
    if (auto load = read_item("/proc/loadavg")) {
        // "0.12 0.10 0.05 1/123 456": the three averages.
        std::vector<std::string_view> f = split(*load, ' ');
        std::string avg;
        for (std::size_t i = 0; i < f.size() && i < 3; ++i)
            avg += fmt::format("{}{}", i ? " " : "", f[i]);
        m.loadavg = avg;
    }
    const std::string vdir = root() + cpu + "vulnerabilities";
    if (std::unique_ptr<DIR, int (*)(DIR *)> d(opendir(vdir.c_str()), closedir); d) {
        std::map<std::string, std::string> v;
        while (const dirent *e = readdir(d.get())) {
            std::string name = e->d_name;
            if (name == "." || name == "..")
                continue;
            v[name] = read_item(cpu + "vulnerabilities/" + name).value_or("(unreadable)");
        }
        m.vulnerabilities = std::move(v);
    }
    return m;
}

} // namespace crcbench
