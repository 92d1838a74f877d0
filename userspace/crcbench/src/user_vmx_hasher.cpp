// SPDX-License-Identifier: GPL-2.0-only
//
// user:vmx and user:vmx-isa31 in a ppc64le build: crc32c_vmx_core() and
// crc32c_vmx_core_isa31() called directly, with the kernel driver's key and
// streaming semantics. The cores execute vpmsumd (ISA 2.07 vector crypto),
// the ISA 3.1 one also lxvp and xxeval: the CPU is asked first, through
// AT_HWCAP2. The cores take 16 bytes or more; shorter inputs go to the
// slice-by-8 code, as the kernel driver's go to its software CRC.
#include "user_drivers.h"

#include "error.h"

#include <sys/auxv.h>

// <asm/cputable.h>
#ifndef PPC_FEATURE2_VEC_CRYPTO
#define PPC_FEATURE2_VEC_CRYPTO 0x02000000
#endif
#ifndef PPC_FEATURE2_ARCH_3_1
#define PPC_FEATURE2_ARCH_3_1 0x00040000
#endif

// The cores, as crc32c_vmx_core.h declares them (u32, const u8 *, size_t);
// that header's userspace type shim is C, so it is not included here.
extern "C" std::uint32_t crc32c_vmx_core(std::uint32_t crc, const std::uint8_t *p, std::size_t len);
extern "C" std::uint32_t crc32c_vmx_core_isa31(std::uint32_t crc, const std::uint8_t *p,
                                               std::size_t len);

namespace crcbench {
namespace {

using Core = std::uint32_t (*)(std::uint32_t, const std::uint8_t *, std::size_t);

// The shortest input a core takes: its first load is a whole 16-byte block.
constexpr std::size_t kCoreMinLength = 16;

template <Core core>
std::uint32_t core_update(std::uint32_t state, std::span<const std::uint8_t> data) {
    if (data.size() < kCoreMinLength)
        return crc32c_fast::update(state, data);
    return core(state, data.data(), data.size());
}

} // namespace

std::optional<std::string> user_vmx_unavailable() {
    if (!(getauxval(AT_HWCAP2) & PPC_FEATURE2_VEC_CRYPTO))
        return std::string("this CPU lacks vector crypto (vpmsumd; AT_HWCAP2 has no vcrypto): "
                           "POWER8 or later is needed");
    return std::nullopt;
}

std::optional<std::string> user_vmx_isa31_unavailable() {
    if (!(getauxval(AT_HWCAP2) & PPC_FEATURE2_ARCH_3_1))
        return std::string("this CPU lacks ISA 3.1 (lxvp, xxeval; AT_HWCAP2 has no arch_3_1): "
                           "POWER10 or later is needed");
    return user_vmx_unavailable();
}

UserHasher::Update user_vmx_update(bool isa31) {
    return isa31 ? core_update<crc32c_vmx_core_isa31> : core_update<crc32c_vmx_core>;
}

} // namespace crcbench
