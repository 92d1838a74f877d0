// SPDX-License-Identifier: GPL-2.0-only
//
// The tcrypt backend: runs "modprobe tcrypt mode=300 alg=DRIVER sec=N" and
// reads what it printed from the kernel log (/dev/kmsg, read from its end
// as it was before the load). tcrypt does all its work in its init function
// and then refuses to stay loaded (EAGAIN): that failure of modprobe is the
// normal end of a run; any other is an error.
#pragma once

#include "inkernel.h"
#include "options.h"
#include "progress.h"
#include "tcrypt_log.h"

#include <optional>
#include <string>
#include <vector>

namespace crcbench {

struct TcryptEnv {
    std::string kmsg_path = "/dev/kmsg";
    std::string modprobe = "modprobe"; // looked up in PATH
    bool is_root = false;
};

// The environment of this process (euid 0 or not), with the hooks applied.
TcryptEnv tcrypt_env(const std::optional<std::string> &kmsg_path,
                     const std::optional<std::string> &modprobe);

// Measures `requested` (a driver name, or "crc32c" which must come out as
// `expected_driver`); the caller has checked env.is_root. Throws ToolError:
// runtime (tcrypt missing, modprobe failing otherwise, a failure tcrypt reports,
// another driver measured, records missing).
TcryptRun run_tcrypt(const std::string &requested, const std::string &expected_driver, unsigned sec,
                     const TcryptEnv &env);

// run's tcrypt backend: every measured kernel driver through tcrypt, one
// after the other (about 22 * sec seconds each).
// Throws the permission error of the tcrypt backend when not root: run
// checks this before it measures anything.
void require_tcrypt_root(const TcryptEnv &env);

// `resolves_to`: the driver "crc32c" must turn out to be, if measured by
// that name. Userspace baselines get a not_measured entry, no row.
InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress,
                                  CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
