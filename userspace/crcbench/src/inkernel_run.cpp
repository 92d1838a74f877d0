// SPDX-License-Identifier: GPL-2.0-only
#include "inkernel_run.h"

#include "error.h"
#include "user_drivers.h"

namespace crcbench {

void require_tcrypt_root(const TcryptEnv &env) {
    if (!env.is_root)
        throw ToolError(ExitCode::permission,
                        "permission denied: the tcrypt backend needs root (it loads the "
                        "kernel's tcrypt module and reads /dev/kmsg); run as root, or use "
                        "--backend afalg");
}

InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress, CrcAlg alg) {
    require_tcrypt_root(env);
    InKernelResults out;
    out.sec = sec;
    for (std::size_t i = 0; i < measured.size(); ++i) {
        const std::string &d = measured[i];
        if (is_user_driver(d)) {
            out.not_measured.push_back(
                {d, "a userspace baseline: tcrypt measures kernel drivers only"});
            continue;
        }
        progress.update(i, measured.size(), "tcrypt: " + d);
        std::string expected = d == alg_info(alg).name && resolves_to ? *resolves_to : d;
        TcryptRun run = run_tcrypt(d, expected, sec, env);
        for (InKernelRow &r : inkernel_rows(d, run))
            out.rows.push_back(std::move(r));
    }
    add_inkernel_ratios(out.rows, alg);
    return out;
}

} // namespace crcbench
