// SPDX-License-Identifier: GPL-2.0-only
#include "crc32c_reference.h"

#include <gtest/gtest.h>

#include <array>
#include <string_view>
#include <vector>

namespace {

std::span<const std::uint8_t> bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}

TEST(Crc32cReference, StandardCheckValue) {
    EXPECT_EQ(crc32c_ref::digest(bytes("123456789")), 0xE3069283u);
}

TEST(Crc32cReference, EmptyInputIsZero) {
    EXPECT_EQ(crc32c_ref::digest({}), 0u);
}

// Published vectors (RFC 3720, iSCSI, appendix B.4).
TEST(Crc32cReference, Rfc3720Vectors) {
    std::array<std::uint8_t, 32> zeros{};
    std::array<std::uint8_t, 32> ones{};
    std::array<std::uint8_t, 32> inc{};
    std::array<std::uint8_t, 32> dec{};
    ones.fill(0xff);
    for (std::size_t i = 0; i < 32; ++i) {
        inc[i] = static_cast<std::uint8_t>(i);
        dec[i] = static_cast<std::uint8_t>(31 - i);
    }
    EXPECT_EQ(crc32c_ref::digest(zeros), 0x8A9136AAu);
    EXPECT_EQ(crc32c_ref::digest(ones), 0x62A8AB43u);
    EXPECT_EQ(crc32c_ref::digest(inc), 0x46DD794Eu);
    EXPECT_EQ(crc32c_ref::digest(dec), 0x113FDB5Cu);
}

TEST(Crc32cReference, UpdateIsResumable) {
    std::vector<std::uint8_t> data(1000);
    for (std::size_t i = 0; i < data.size(); ++i)
        data[i] = static_cast<std::uint8_t>(i * 131 + 7);
    std::span<const std::uint8_t> all(data);
    for (std::size_t cut : {0u, 1u, 17u, 512u, 999u, 1000u}) {
        std::uint32_t s = crc32c_ref::update(~0u, all.first(cut));
        s = crc32c_ref::update(s, all.subspan(cut));
        EXPECT_EQ(~s, crc32c_ref::digest(all)) << "cut at " << cut;
    }
}

} // namespace
