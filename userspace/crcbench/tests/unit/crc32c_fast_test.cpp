// SPDX-License-Identifier: GPL-2.0-only
#include "crc32c_reference.h"
#include "crc_alg.h"
#include "verifier.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

using namespace crcbench;

namespace {
std::span<const std::uint8_t> bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}
} // namespace

TEST(Crc32cFast, KnownVectors) {
    EXPECT_EQ(crc32c_fast::digest(0xFFFFFFFFu, bytes("123456789")), 0xE3069283u);
    EXPECT_EQ(crc32c_fast::digest(0xFFFFFFFFu, {}), 0x00000000u);
    std::vector<std::uint8_t> zeros(32, 0), ones(32, 0xFF);
    EXPECT_EQ(crc32c_fast::digest(0xFFFFFFFFu, zeros), 0x8A9136AAu); // RFC 3720 B.4
    EXPECT_EQ(crc32c_fast::digest(0xFFFFFFFFu, ones), 0x62A8AB43u);
}

TEST(Crc32cFast, MatchesBitwiseReferenceOverLengthsOffsetsAndSeeds) {
    std::vector<std::uint8_t> buf(5000);
    fill_case_data(buf, 42);
    for (std::size_t off = 0; off < 9; ++off)
        for (std::size_t len = 0; len + off <= buf.size(); len += (len < 300 ? 1 : 397))
            for (std::uint32_t seed : {0u, 0xFFFFFFFFu, 0x12345678u}) {
                auto data = std::span<const std::uint8_t>(buf).subspan(off, len);
                ASSERT_EQ(crc32c_fast::update(seed, data), crc32c_ref::update(seed, data))
                    << "len " << len << " off " << off << " seed " << seed;
            }
}

TEST(Crc32cFast, StreamingEqualsOneShot) {
    std::vector<std::uint8_t> buf(1000);
    fill_case_data(buf, 7);
    std::uint32_t whole = crc32c_fast::update(0xFFFFFFFFu, buf);
    for (std::size_t cut = 0; cut <= buf.size(); cut += 37) {
        std::span<const std::uint8_t> s(buf);
        std::uint32_t st = crc32c_fast::update(0xFFFFFFFFu, s.first(cut));
        EXPECT_EQ(crc32c_fast::update(st, s.subspan(cut)), whole);
    }
}
