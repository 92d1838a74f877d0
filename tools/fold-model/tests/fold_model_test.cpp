// SPDX-License-Identifier: GPL-2.0-only
//
// The host model with the committed constants header against the bitwise
// reference: a wrong constant or a wrong step fails here in seconds.
#include "fold_model.h"
#include "header_constants.h"

#include "crc32c_reference.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace {

// The 32-bit core's state, as the committed CRC32C header drives it.
std::uint32_t update32(const foldmodel::Constants &c, std::uint32_t crc,
                       std::span<const std::uint8_t> d, foldmodel::Trace *t = nullptr) {
    return static_cast<std::uint32_t>(foldmodel::fold_update(c, crc, d, t));
}

const foldmodel::Constants &consts() {
    return foldmodel::committed_header_constants();
}

// 16-byte aligned random data with room for any offset.
class Buffer {
  public:
    explicit Buffer(std::size_t size, std::uint64_t seed) : raw_(size + 64) {
        std::mt19937_64 rng(seed);
        for (auto &b : raw_)
            b = static_cast<std::uint8_t>(rng());
        const auto addr = reinterpret_cast<std::uintptr_t>(raw_.data());
        base_ = raw_.data() + ((16 - addr % 16) % 16);
    }
    std::span<const std::uint8_t> at(std::size_t offset, std::size_t len) const {
        return {base_ + offset, len};
    }

  private:
    std::vector<std::uint8_t> raw_;
    const std::uint8_t *base_;
};

// The catalogue's check value: "123456789" is shorter than the core takes,
// so the model hashes it followed by 7 zero bytes, and the state the
// catalogue gives for it is advanced over those by the bitwise reference.
TEST(FoldModel, CheckValue) {
    const std::string_view s("123456789\0\0\0\0\0\0\0", 16);
    const std::span<const std::uint8_t> d(reinterpret_cast<const std::uint8_t *>(s.data()),
                                          s.size());
    ASSERT_EQ(d.size(), 16u);
    EXPECT_EQ(update32(consts(), ~0u, d), crc32c_ref::update(~0xE3069283u, d.subspan(9)));
}

TEST(FoldModel, RejectsLessThanOneBlock) {
    const std::array<std::uint8_t, 15> d{};
    EXPECT_THROW(update32(consts(), 0, d), std::invalid_argument);
}

// Every length 16..2048 at every offset 0..15, one random seed per case.
TEST(FoldModel, EveryLengthEveryOffset) {
    const Buffer buf(2048 + 16, 1);
    std::mt19937 rng(99);
    for (std::size_t len = foldmodel::kMinLength; len <= 2048; ++len) {
        for (std::size_t off = 0; off < 16; ++off) {
            const auto d = buf.at(off, len);
            const std::uint32_t seed = rng();
            ASSERT_EQ(update32(consts(), seed, d), crc32c_ref::update(seed, d))
                << "len " << len << " offset " << off << " seed " << seed;
        }
    }
}

TEST(FoldModel, SeedsZeroAndAllOnes) {
    const Buffer buf(700, 2);
    for (std::uint32_t seed : {0u, ~0u, 0x80000000u, 1u})
        for (std::size_t len : {16u, 17u, 31u, 255u, 256u, 257u, 600u})
            for (std::size_t off : {0u, 3u, 12u, 13u})
                ASSERT_EQ(update32(consts(), seed, buf.at(off, len)),
                          crc32c_ref::update(seed, buf.at(off, len)))
                    << "len " << len << " offset " << off << " seed " << seed;
}

TEST(FoldModel, BigLengths) {
    const std::size_t kMax = (1u << 20) + 300;
    const Buffer buf(kMax + 16, 3);
    std::mt19937 rng(5);
    for (std::size_t len : {4095u, 4096u, 4097u, 32767u, 32768u, 32769u, 65535u, 65536u, 65537u,
                            100000u, (1u << 20) + 271u}) {
        const std::size_t off = rng() % 16;
        const std::uint32_t seed = rng();
        ASSERT_EQ(update32(consts(), seed, buf.at(off, len)),
                  crc32c_ref::update(seed, buf.at(off, len)))
            << "len " << len << " offset " << off << " seed " << seed;
    }
}

TEST(FoldModel, RandomCases) {
    const Buffer buf(20000 + 16, 4);
    std::mt19937_64 rng(6);
    for (int i = 0; i < 3000; ++i) {
        const std::size_t len = foldmodel::kMinLength + rng() % (20000 - foldmodel::kMinLength);
        const std::size_t off = rng() % 16;
        const auto seed = static_cast<std::uint32_t>(rng());
        ASSERT_EQ(update32(consts(), seed, buf.at(off, len)),
                  crc32c_ref::update(seed, buf.at(off, len)))
            << "len " << len << " offset " << off << " seed " << seed;
    }
}

// Splitting a message into arbitrary updates gives the same state: what
// the kernel's shash update sequence relies on.
TEST(FoldModel, ResumableAcrossSplits) {
    const Buffer buf(5000, 7);
    const auto all = buf.at(3, 4990);
    const std::uint32_t whole = crc32c_ref::update(~0u, all);
    std::mt19937 rng(8);
    for (int i = 0; i < 200; ++i) {
        std::uint32_t s = ~0u;
        std::size_t pos = 0;
        while (pos < all.size()) {
            // Pieces the core takes: 16 bytes or more, the last one too.
            std::size_t n = foldmodel::kMinLength + rng() % 700;
            if (all.size() - pos < n + foldmodel::kMinLength)
                n = all.size() - pos;
            s = update32(consts(), s, all.subspan(pos, n));
            pos += n;
        }
        ASSERT_EQ(s, whole) << "split pattern " << i;
    }
}

// The lengths at which each step of the core takes over.
TEST(FoldModel, PathsAreTakenWhereDesigned) {
    const Buffer buf(1200, 9);
    foldmodel::Trace t;
    update32(consts(), 0, buf.at(0, 16), &t);
    EXPECT_FALSE(t.head_align);
    EXPECT_EQ(t.vpmsumd, 3u); // the reduction only: three dependent multiplies

    update32(consts(), 0, buf.at(5, 16 + 11 + 32 + 7), &t);
    EXPECT_TRUE(t.head_align);
    EXPECT_EQ(t.short_chunks, 2u);
    EXPECT_EQ(t.tail_bytes, 7u);
    EXPECT_FALSE(t.streams_used);

    update32(consts(), 0, buf.at(5, 16 + 4), &t); // too short to reach alignment
    EXPECT_FALSE(t.head_align);
    EXPECT_EQ(t.tail_bytes, 4u);

    update32(consts(), 0, buf.at(0, 16 + 256), &t);
    EXPECT_TRUE(t.streams_used);
    EXPECT_EQ(t.loop_iters, 0u);
    EXPECT_EQ(t.short_chunks, 0u);

    update32(consts(), 0, buf.at(0, 16 + 3 * 256 + 5 * 16 + 1), &t);
    EXPECT_EQ(t.loop_iters, 2u);
    EXPECT_EQ(t.short_chunks, 5u);
    EXPECT_EQ(t.tail_bytes, 1u);
    // About one multiply per 16 bytes, plus combine and reduction.
    EXPECT_EQ(t.vpmsumd, 1u + 2u * 16u + 15u + 5u + 1u + 3u);
}

} // namespace
