// SPDX-License-Identifier: GPL-2.0-only
#include "crc_alg.h"

#include "crc32c_fast.h"
#include "crc32c_reference.h"
#include "crc_family_ref.h"
#include "error.h"

#include <cctype>
#include <cstring>
#include <fmt/format.h>

namespace crcbench {
namespace {

constexpr AlgInfo kInfo[] = {
    {CrcAlg::crc32c, "crc32c", "crc32c-generic", 4, true,
     "CRC-32C: reflected polynomial 0x82F63B78, init ~0, xorout ~0", "~CRC little-endian, 4 bytes",
     "setkey takes the raw initial state, 4 bytes little-endian (default 0xffffffff)",
     "every kernel with CONFIG_CRYPTO_CRC32C"},
    {CrcAlg::crct10dif, "crct10dif", "crct10dif-generic", 2, false,
     "CRC-T10DIF: polynomial 0x8BB7, MSB first, init 0, no xorout",
     "the 16-bit CRC in the CPU's byte order, 2 bytes",
     "none (the drivers offer no setkey; every message starts from init 0)",
     "Linux up to 6.14 (Debian 12's 6.1, bookworm-backports' 6.12) with "
     "CONFIG_CRYPTO_CRCT10DIF; from 6.15 on (e.g. Debian testing's 7.2) the crypto "
     "API has no crct10dif drivers"},
    {CrcAlg::crc64_rocksoft, "crc64-rocksoft", "crc64-rocksoft-generic", 8, false,
     "CRC64-Rocksoft (CRC-64/NVME): reflected polynomial 0x9A6C9329AC4BC9B5, init ~0, "
     "xorout ~0",
     "the 64-bit CRC little-endian, 8 bytes",
     "none (the drivers offer no setkey; every message starts from init)",
     "Linux 6.0 up to 6.14 (Debian 12's 6.1, bookworm-backports' 6.12) with "
     "CONFIG_CRYPTO_CRC64_ROCKSOFT; from 6.15 on (e.g. Debian testing's 7.2) the "
     "crypto API has no crc64-rocksoft drivers"},
};

void require_no_seed(CrcAlg alg, std::optional<std::uint32_t> seed) {
    if (seed)
        throw ToolError(ExitCode::runtime, "internal error: " + std::string(alg_info(alg).name) +
                                               " has no key, but a seed was given");
}

} // namespace

const AlgInfo &alg_info(CrcAlg alg) {
    for (const AlgInfo &i : kInfo)
        if (i.alg == alg)
            return i;
    return kInfo[0];
}

std::string alg_names() {
    std::string out;
    for (CrcAlg a : kAllAlgs)
        out += (out.empty() ? "" : ", ") + std::string(alg_info(a).name);
    return out;
}

CrcAlg parse_alg(std::string_view name) {
    for (CrcAlg a : kAllAlgs)
        if (alg_info(a).name == name)
            return a;
    throw UsageError("--alg: unknown algorithm '" + std::string(name) + "'; valid: " + alg_names());
}

Digest decode_digest(CrcAlg alg, std::span<const std::uint8_t> bytes) {
    if (alg == CrcAlg::crct10dif) {
        std::uint16_t v = 0;
        std::memcpy(&v, bytes.data(), sizeof v); // the CPU's order, as the kernel stored it
        return v;
    }
    Digest v = 0;
    for (std::size_t i = alg_info(alg).digest_size; i-- > 0;)
        v = (v << 8) | bytes[i];
    return v;
}

void encode_digest(CrcAlg alg, Digest value, std::span<std::uint8_t> out) {
    if (alg == CrcAlg::crct10dif) {
        auto v = static_cast<std::uint16_t>(value);
        std::memcpy(out.data(), &v, sizeof v);
        return;
    }
    for (std::size_t i = 0; i < alg_info(alg).digest_size; ++i)
        out[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::string alg_tag(CrcAlg alg) {
    std::string tag(alg_info(alg).name);
    for (char &c : tag)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return tag;
}

std::string format_digest(CrcAlg alg, Digest value) {
    return fmt::format("0x{:0{}x}", value, 2 * alg_info(alg).digest_size);
}

Digest reference_digest(CrcAlg alg, std::optional<std::uint32_t> seed,
                        std::span<const std::uint8_t> data) {
    switch (alg) {
    case CrcAlg::crc32c:
        return crc32c_fast::digest(seed.value_or(0xFFFFFFFFu), data);
    case CrcAlg::crct10dif:
        require_no_seed(alg, seed);
        return crc_family::t10dif_table(0, data);
    case CrcAlg::crc64_rocksoft:
        require_no_seed(alg, seed);
        return crc_family::rocksoft_table(0, data);
    }
    return 0;
}

Digest bitwise_digest(CrcAlg alg, std::optional<std::uint32_t> seed,
                      std::span<const std::uint8_t> data) {
    switch (alg) {
    case CrcAlg::crc32c:
        return static_cast<std::uint32_t>(~crc32c_ref::update(seed.value_or(0xFFFFFFFFu), data));
    case CrcAlg::crct10dif:
        require_no_seed(alg, seed);
        return crc_family::t10dif_bitwise(0, data);
    case CrcAlg::crc64_rocksoft:
        require_no_seed(alg, seed);
        return crc_family::rocksoft_bitwise(0, data);
    }
    return 0;
}

} // namespace crcbench
