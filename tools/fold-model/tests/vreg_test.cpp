// SPDX-License-Identifier: GPL-2.0-only
#include "vreg.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using foldmodel::V128;

// Carry-less product by the definition: bit k of the result is the parity of
// a_i & b_(k-i) over all i.
V128 clmul_by_definition(std::uint64_t a, std::uint64_t b) {
    V128 r;
    for (unsigned k = 0; k < 127; ++k) {
        unsigned parity = 0;
        for (unsigned i = 0; i <= k; ++i)
            if (i < 64 && k - i < 64)
                parity ^= static_cast<unsigned>((a >> i) & (b >> (k - i)) & 1u);
        if (parity) {
            if (k < 64)
                r.lo |= std::uint64_t{1} << k;
            else
                r.hi |= std::uint64_t{1} << (k - 64);
        }
    }
    return r;
}

TEST(Vreg, ClmulMatchesDefinition) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 2000; ++i) {
        const std::uint64_t a = rng(), b = rng();
        ASSERT_EQ(foldmodel::clmul64(a, b), clmul_by_definition(a, b)) << a << " " << b;
    }
    EXPECT_EQ(foldmodel::clmul64(3, 5), (V128{0, 15}));
    EXPECT_EQ(foldmodel::clmul64(std::uint64_t{1} << 63, std::uint64_t{1} << 63),
              (V128{std::uint64_t{1} << 62, 0}));
}

// The register results that qemu-ppc64le printed for the same operations
// (a probe run when the core was designed): vpmsumd XORs the two lane
// products into one 128-bit value, hi being doubleword 0.
TEST(Vreg, VpmsumdXorsBothLanes) {
    EXPECT_EQ(foldmodel::vpmsumd({0, 3}, {0, 5}), (V128{0, 15}));
    EXPECT_EQ(foldmodel::vpmsumd({3, 3}, {5, 5}), (V128{0, 0}));
    EXPECT_EQ(foldmodel::vpmsumd({3, 1}, {5, 1}), (V128{0, 14}));
}

TEST(Vreg, LoadsAndByteShifts) {
    std::uint8_t b[16];
    for (int i = 0; i < 16; ++i)
        b[i] = static_cast<std::uint8_t>(i);
    const V128 le = foldmodel::load_le(b);
    EXPECT_EQ(le, (V128{0x0f0e0d0c0b0a0908ull, 0x0706050403020100ull}));
    EXPECT_EQ(foldmodel::load_be(b), (V128{0x0001020304050607ull, 0x08090a0b0c0d0e0full}));
    EXPECT_EQ(foldmodel::shift_left_bytes(le, 3),
              (V128{0x0c0b0a0908070605ull, 0x0403020100000000ull}));
    EXPECT_EQ(foldmodel::shift_right_bytes(le, 3),
              (V128{0x0000000f0e0d0c0bull, 0x0a09080706050403ull}));
    EXPECT_EQ(foldmodel::shift_left_bytes(le, 9), (V128{0x0605040302010000ull, 0}));
    EXPECT_EQ(foldmodel::shift_right_bytes(le, 15), (V128{0, 0x0f}));
    EXPECT_EQ(foldmodel::shift_left_bytes(le, 0), le);
    EXPECT_THROW(foldmodel::shift_left_bytes(le, 16), std::out_of_range);
}

} // namespace
