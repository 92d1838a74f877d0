// SPDX-License-Identifier: GPL-2.0-only
//
// user:vmx and user:vmx-isa31 in a build that is not ppc64le: known, never
// available.
#include "user_drivers.h"

#include "error.h"

namespace crcbench {
namespace {

std::string no_vmx_code() {
    return "this crcbench-alg was not built for ppc64le, so it holds no VMX code; "
           "use a ppc64le build (userspace/cmake/ppc64le-linux-gnu.cmake)";
}

} // namespace

std::optional<std::string> user_vmx_unavailable() {
    return no_vmx_code();
}

std::optional<std::string> user_vmx_isa31_unavailable() {
    return no_vmx_code();
}

std::unique_ptr<Crc32cHasher> make_user_vmx_hasher() {
    throw ToolError(ExitCode::unknown_driver, "user:vmx is unavailable: " + no_vmx_code());
}

std::unique_ptr<Crc32cHasher> make_user_vmx_isa31_hasher() {
    throw ToolError(ExitCode::unknown_driver, "user:vmx-isa31 is unavailable: " + no_vmx_code());
}

} // namespace crcbench
