// SPDX-License-Identifier: GPL-2.0-only
//
// user:vmx in a build that is not ppc64le: known, never available.
#include "user_vmx.h"

#include "error.h"

namespace crcbench {

std::optional<std::string> user_vmx_unavailable() {
    return std::string("this crcbench-alg was not built for ppc64le, so it holds no VMX code; "
                       "use a ppc64le build (userspace/cmake/ppc64le-linux-gnu.cmake)");
}

std::unique_ptr<Crc32cHasher> make_user_vmx_hasher() {
    throw ToolError(ExitCode::unknown_driver,
                    "user:vmx is unavailable: " + *user_vmx_unavailable());
}

} // namespace crcbench
