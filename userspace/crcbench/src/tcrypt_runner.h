// SPDX-License-Identifier: GPL-2.0-only
//
// The tcrypt backend: runs "modprobe tcrypt mode=300 alg=DRIVER sec=N" and
// reads what it printed from the kernel log (/dev/kmsg, read from its end
// as it was before the load). tcrypt does all its work in its init function
// and then refuses to stay loaded (EAGAIN): that failure of modprobe is the
// normal end of a run; any other is an error.
#pragma once

#include "tcrypt_log.h"

#include <optional>
#include <string>

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

} // namespace crcbench
