// SPDX-License-Identifier: GPL-2.0-only
//
// user:vmx in a ppc64le build: crc32c_vmx_core() called directly, with the
// kernel driver's key and streaming semantics. The core executes vpmsumd
// (ISA 2.07 vector crypto): the CPU is asked first, through AT_HWCAP2.
#include "user_vmx.h"

#include "error.h"

#include <sys/auxv.h>

#ifndef PPC_FEATURE2_VEC_CRYPTO
#define PPC_FEATURE2_VEC_CRYPTO 0x02000000 // <asm/cputable.h>
#endif

// The core, as crc32c_vmx_core.h declares it (u32, const u8 *, size_t); that
// header's userspace type shim is C, so it is not included here.
extern "C" std::uint32_t crc32c_vmx_core(std::uint32_t crc, const std::uint8_t *p, std::size_t len);

namespace crcbench {
namespace {

class UserVmxHasher final : public Crc32cHasher {
  public:
    void set_seed(std::uint32_t seed) override {
        seed_ = seed;
        state_ = seed;
    }
    std::uint32_t digest(std::span<const std::uint8_t> data) override {
        return ~crc32c_vmx_core(seed_, data.data(), data.size());
    }
    void update(std::span<const std::uint8_t> data) override {
        state_ = crc32c_vmx_core(state_, data.data(), data.size());
    }
    std::uint32_t final() override {
        std::uint32_t out = ~state_;
        state_ = seed_;
        return out;
    }

  private:
    std::uint32_t seed_ = 0xffffffffu;
    std::uint32_t state_ = 0xffffffffu;
};

} // namespace

std::optional<std::string> user_vmx_unavailable() {
    if (!(getauxval(AT_HWCAP2) & PPC_FEATURE2_VEC_CRYPTO))
        return std::string("this CPU lacks vector crypto (vpmsumd; AT_HWCAP2 has no vcrypto): "
                           "POWER8 or later is needed");
    return std::nullopt;
}

std::unique_ptr<Crc32cHasher> make_user_vmx_hasher() {
    if (auto why = user_vmx_unavailable())
        throw ToolError(ExitCode::unknown_driver, "user:vmx is unavailable: " + *why);
    return std::make_unique<UserVmxHasher>();
}

} // namespace crcbench
