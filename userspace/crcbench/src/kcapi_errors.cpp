// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"

#include <cerrno>
#include <cstring>
#include <string>

namespace crcbench {

std::string errno_text(int e) {
    // glibc's name of the error ("EISDIR"); null for a number it does not know.
    const char *name = strerrorname_np(e);
    std::string text = name ? name : "errno " + std::to_string(e);
    return text + " (" + std::strerror(e) + ")";
}

ToolError os_error(int e, const std::string &what) {
    bool denied = e == EACCES || e == EPERM;
    return ToolError(denied ? ExitCode::permission : ExitCode::runtime,
                     (denied ? "permission denied: " : "") + what + ": " + errno_text(e));
}

void throw_file_error(const std::string &what, const std::string &path, int e) {
    throw os_error(e, "cannot " + what + " " + path);
}

ToolError classify_init_error(int err, std::string_view driver) {
    int e = err < 0 ? -err : err;
    std::string d(driver);
    switch (e) {
    case EAFNOSUPPORT:
    case EOPNOTSUPP:
        return ToolError(ExitCode::no_af_alg,
                         "AF_ALG is not available in this kernel (" + errno_text(e) +
                             "): crcbench-alg needs CONFIG_CRYPTO_USER_API_HASH "
                             "(modules af_alg and algif_hash)");
    case EPROTONOSUPPORT:
        return ToolError(ExitCode::no_crypto_user,
                         "crypto_user is not loaded (NETLINK_CRYPTO unavailable, libkcapi "
                         "needs it to open '" +
                             d + "'): load crypto_user: modprobe crypto_user");
    case ENOENT:
        return ToolError(ExitCode::no_af_alg,
                         "the kernel refused '" + d +
                             "' over AF_ALG (ENOENT): load algif_hash (modprobe algif_hash); "
                             "if it is loaded, the driver has not passed its self-test");
    case ELIBBAD:
        return ToolError(ExitCode::no_af_alg, "the kernel refused '" + d +
                                                  "' over AF_ALG (ELIBBAD): the driver failed "
                                                  "its self-test");
    case EACCES:
    case EPERM:
        return ToolError(ExitCode::permission,
                         "permission denied opening '" + d + "' over AF_ALG (" + errno_text(e) +
                             "); a security policy (seccomp, LSM) may forbid AF_ALG sockets");
    default:
        return ToolError(ExitCode::runtime,
                         "cannot open '" + d + "' over AF_ALG: " + errno_text(e));
    }
}

ToolError classify_op_error(int err, std::string_view what, std::string_view driver) {
    int e = err < 0 ? -err : err;
    return ToolError(e == EACCES || e == EPERM ? ExitCode::permission : ExitCode::runtime,
                     std::string(what) + " on '" + std::string(driver) +
                         "' failed: " + errno_text(e));
}

} // namespace crcbench
