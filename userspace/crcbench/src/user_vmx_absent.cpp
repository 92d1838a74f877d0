// SPDX-License-Identifier: GPL-2.0-only
//
// user:vmx and user:vmx-isa31 in a build that is not ppc64le: known, never
// available.
#include "user_drivers.h"

#include "error.h"

namespace crcbench {

std::optional<std::string> user_vmx_unavailable() {
    return "this crcbench-alg was not built for ppc64le, so it holds no VMX code; "
           "use a ppc64le build (userspace/cmake/ppc64le-linux-gnu.cmake)";
}

std::optional<std::string> user_vmx_isa31_unavailable() {
    return user_vmx_unavailable();
}

UserHasher::Update user_vmx_update(bool) {
    throw ToolError(ExitCode::runtime, "internal error: this build has no VMX core");
}

} // namespace crcbench
