// SPDX-License-Identifier: GPL-2.0-only
//
// Exit codes and the one exception the tool throws for what the user must
// see: a one-line message and its exit code. main() prints and exits.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace crcbench {

// The process exit codes of crcbench-alg: part of its documented interface
// (--help, README). Scripts rely on them; never renumber.
enum class ExitCode : int {
    ok = 0,             // everything passed
    mismatch = 1,       // a driver returned a CRC different from the reference
    usage = 2,          // bad arguments
    no_af_alg = 3,      // AF_ALG (or its hash interface, algif_hash) is unavailable
    no_crypto_user = 4, // NETLINK_CRYPTO unavailable: crypto_user not loaded
    unknown_driver = 5, // no such driver of --alg here, or user: baseline unknown or unavailable
    permission = 6,     // permission denied (EACCES/EPERM)
    runtime = 7,        // any other runtime error
    file_changed = 8,   // file: a file changed size while it was being hashed
};

inline constexpr int to_int(ExitCode code) {
    return static_cast<int>(code);
}

// The table printed by --help and copied into the README.
inline constexpr std::string_view kExitCodeHelp =
    "Exit codes:\n"
    "  0  success (all checked results matched the reference)\n"
    "  1  verification mismatch (a driver returned a wrong CRC; reproducer printed)\n"
    "  2  bad arguments, or no command (the usage is printed on stderr)\n"
    "  3  AF_ALG unavailable (no AF_ALG socket family, or algif_hash missing)\n"
    "  4  crypto_user not loaded (NETLINK_CRYPTO unavailable): modprobe crypto_user\n"
    "  5  unknown driver (those that exist are listed), a user: baseline this\n"
    "     build, CPU or --alg cannot run, or no driver of the --alg algorithm\n"
    "  6  permission denied\n"
    "  7  other runtime error (a failed write to stdout or a report file too)\n"
    "  8  file: a file changed size while it was being hashed (written to,\n"
    "     truncated or rotated during the run): hash a copy nothing writes to\n"
    "  130, 143  run, file or verify interrupted by SIGINT, SIGTERM: the partial\n"
    "     report was written\n";

class ToolError : public std::runtime_error {
  public:
    ToolError(ExitCode code, const std::string &message)
        : std::runtime_error(message), code_(code) {}
    ExitCode code() const { return code_; }

  private:
    ExitCode code_;
};

// Bad command line: exit code 2.
class UsageError : public ToolError {
  public:
    explicit UsageError(const std::string &message) : ToolError(ExitCode::usage, message) {}
};

// Pure, so each mapping is unit-tested on a host without AF_ALG.
// err: the negative return of kcapi_md_init() for `driver`.
ToolError classify_init_error(int err, std::string_view driver);

// err: a negative return of setkey/update/final/digest; `what` names the call.
ToolError classify_op_error(int err, std::string_view what, std::string_view driver);

// "ENOENT (No such file or directory)".
std::string errno_text(int positive_errno);

// "WHAT: errno_text", exit code 6 (with "permission denied: " first) for
// EACCES/EPERM, else 7.
ToolError os_error(int positive_errno, const std::string &what);

// os_error() of "cannot WHAT PATH".
[[noreturn]] void throw_file_error(const std::string &what, const std::string &path,
                                   int positive_errno);

} // namespace crcbench
