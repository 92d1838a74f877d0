// SPDX-License-Identifier: GPL-2.0-only
//
// user:vmx, a userspace baseline: the project's VMX core
// (module/arch/powerpc/crc32c_vmx_core.c) compiled into the tool, the way
// the qemu-user harness (tools/vmx-harness) builds it; user:vmx-isa31, its
// POWER10 (ISA 3.1) form from the same file. Only a ppc64le build has them
// (user_vmx_hasher.cpp); every other build links user_vmx_absent.cpp, where
// the names are known but unavailable.
#pragma once

#include "hasher.h"

#include <memory>
#include <optional>
#include <string>

namespace crcbench {

// Why user:vmx cannot run in this build or on this CPU; nullopt: it can.
std::optional<std::string> user_vmx_unavailable();

// The hasher. Throws ToolError(unknown_driver) with the cause when
// user_vmx_unavailable() says it cannot run: never a silent fallback.
std::unique_ptr<Crc32cHasher> make_user_vmx_hasher();

// The same for user:vmx-isa31 (crc32c_vmx_core_isa31: POWER10 and later).
std::optional<std::string> user_vmx_isa31_unavailable();
std::unique_ptr<Crc32cHasher> make_user_vmx_isa31_hasher();

} // namespace crcbench
