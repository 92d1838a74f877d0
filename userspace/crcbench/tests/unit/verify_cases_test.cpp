// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"
#include "verifier.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

using namespace crcbench;

namespace {
std::size_t sum(const std::vector<std::size_t> &v) {
    return std::accumulate(v.begin(), v.end(), std::size_t{0});
}
} // namespace

TEST(VerifyCases, FixedSetCoversTheBoundaries) {
    auto cases = fixed_cases((4u << 20) + 64);
    std::set<std::size_t> lengths;
    for (const auto &c : cases)
        lengths.insert(c.length);
    for (std::size_t want :
         {0u,   15u,  16u,    17u,    255u,   256u,   257u,  511u,  512u,   513u,
          528u, 529u, 32767u, 32768u, 32769u, 65536u, 2055u, 4103u, 65543u, 4194307u})
        EXPECT_TRUE(lengths.count(want)) << want;
    EXPECT_GE(*lengths.rbegin(), 4u << 20); // several MiB
    bool page_crossing = false, split = false, empty_update = false, keyed = false;
    for (const auto &c : cases) {
        page_crossing |= c.offset == 4093 && c.length > 3;
        split |= c.pieces.size() >= 2;
        empty_update |= !c.pieces.empty() && c.pieces.front() == 0 && c.length > 0;
        keyed |= c.seed.has_value();
        if (!c.pieces.empty()) {
            EXPECT_EQ(sum(c.pieces), c.length);
        }
    }
    EXPECT_TRUE(page_crossing && split && empty_update && keyed);
    // Default-seed cases come first (they run before any setkey).
    auto first_keyed = std::find_if(cases.begin(), cases.end(),
                                    [](const VerifyCase &c) { return c.seed.has_value(); });
    EXPECT_TRUE(std::none_of(first_keyed, cases.end(),
                             [](const VerifyCase &c) { return !c.seed.has_value(); }));
}

TEST(VerifyCases, MaxLengthCaps) {
    for (const auto &c : fixed_cases(1000))
        EXPECT_LE(c.length, 1000u);
    for (const auto &c : random_cases(200, 1, 1000))
        EXPECT_LE(c.length, 1000u);
}

TEST(VerifyCases, RandomCasesAreRepeatableAndValid) {
    auto a = random_cases(300, 99, 1u << 20);
    EXPECT_EQ(a, random_cases(300, 99, 1u << 20));
    EXPECT_NE(a, random_cases(300, 100, 1u << 20));
    bool big = false, unaligned = false, keyed = false, unkeyed = false;
    for (const auto &c : a) {
        EXPECT_LT(c.offset, kCaseAlignment);
        if (!c.pieces.empty()) {
            EXPECT_EQ(sum(c.pieces), c.length);
        }
        big |= c.length > 131072;
        unaligned |= c.offset % 8 != 0;
        keyed |= c.seed.has_value();
        unkeyed |= !c.seed.has_value();
    }
    EXPECT_TRUE(big && unaligned && keyed && unkeyed);
}

TEST(VerifyCases, SpecRoundTrips) {
    for (const auto &c : fixed_cases(100000))
        EXPECT_EQ(parse_case(format_case(c)), c) << format_case(c);
    for (const auto &c : random_cases(50, 3, 100000))
        EXPECT_EQ(parse_case(format_case(c)), c) << format_case(c);
}

TEST(VerifyCases, SpecSyntax) {
    auto c = parse_case("4096:3:0x12345678:1000+3096");
    EXPECT_EQ(c.length, 4096u);
    EXPECT_EQ(c.offset, 3u);
    EXPECT_EQ(c.seed, 0x12345678u);
    EXPECT_EQ(c.pieces, (std::vector<std::size_t>{1000, 3096}));
    EXPECT_EQ(c.data_key, default_data_key(4096, 0x12345678u));
    EXPECT_EQ(format_case(c), "4096:3:0x12345678:1000+3096");
    auto d = parse_case("4K:0:default:digest:0x5");
    EXPECT_EQ(d.length, 4096u);
    EXPECT_FALSE(d.seed);
    EXPECT_TRUE(d.pieces.empty());
    EXPECT_EQ(d.data_key, 5u);
    for (const char *bad :
         {"", "1:2:3", "16:0:default:8+7", "16:65536:default:digest", "16:0:0x100000000:digest",
          "16:0:x:digest", "16:0:default:a+b", "1:2:3:4:5:6"})
        EXPECT_THROW(parse_case(bad), UsageError) << bad;
}

TEST(VerifyCases, DataIsDeterministicPerKey) {
    std::vector<std::uint8_t> a(100), b(100), c(100);
    fill_case_data(a, 1);
    fill_case_data(b, 1);
    fill_case_data(c, 2);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    std::vector<std::uint8_t> prefix(37);
    fill_case_data(prefix, 1);
    EXPECT_TRUE(std::equal(prefix.begin(), prefix.end(), a.begin()));
}
