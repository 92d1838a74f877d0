// SPDX-License-Identifier: GPL-2.0-only
#include "system_info.h"

#include "file_io.h"

#include <cstdlib>
#include <sys/utsname.h>

namespace crcbench {
namespace {

std::string env_or(const char *name, const std::string &fallback) {
    const char *v = std::getenv(name);
    return (v && *v) ? std::string(v) : fallback;
}

constexpr bool kBuiltForPower =
#if defined(__powerpc64__) || defined(__powerpc__)
    true;
#else
    false;
#endif

} // namespace

std::string proc_crypto_path(const CommonOptions &common) {
    if (common.proc_crypto)
        return *common.proc_crypto;
    return env_or("CRCBENCH_PROC_CRYPTO", "/proc/crypto");
}

SystemInfo gather_system_info(const CommonOptions &common) {
    SystemInfo info;
    struct utsname u {};
    if (uname(&u) == 0) {
        info.kernel_release = u.release;
        info.machine = u.machine;
    } else {
        info.kernel_release = info.machine = "unknown";
    }
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
