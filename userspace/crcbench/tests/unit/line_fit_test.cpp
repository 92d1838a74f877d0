// SPDX-License-Identifier: GPL-2.0-only
#include "stats.h"

#include <gtest/gtest.h>

using namespace crcbench;

TEST(LineFit, ExactLine) {
    std::vector<SizeTime> pts;
    for (std::size_t s : {16, 64, 256, 1024, 8192})
        pts.push_back({s, 120.0 + 0.25 * static_cast<double>(s)});
    auto r = fit_line(pts);
    ASSERT_TRUE(r.fit) << r.no_fit_reason;
    EXPECT_NEAR(r.fit->a_ns, 120.0, 1e-9);
    EXPECT_NEAR(r.fit->b_ns_per_byte, 0.25, 1e-12);
    ASSERT_TRUE(r.fit->marginal_gb_per_s);
    EXPECT_NEAR(*r.fit->marginal_gb_per_s, 4.0, 1e-9);
    EXPECT_NEAR(r.fit->r_squared, 1.0, 1e-12);
    EXPECT_NEAR(r.fit->max_rel_residual, 0.0, 1e-12);
    EXPECT_EQ(r.fit->points, 5u);
}

TEST(LineFit, NoisyLineKeepsTheIntercept) {
    // +-3% alternating noise: an unweighted fit would lose a (120 ns) in the
    // noise of the 8 KiB point (about 2 us * 3% = 60 ns); relative weights keep it.
    std::vector<SizeTime> pts;
    int k = 0;
    for (std::size_t s : {16, 64, 256, 1024, 2048, 4096, 8192}) {
        double noise = (k++ % 2 ? 1.03 : 0.97);
        pts.push_back({s, (120.0 + 0.25 * static_cast<double>(s)) * noise});
    }
    auto r = fit_line(pts);
    ASSERT_TRUE(r.fit);
    EXPECT_NEAR(r.fit->a_ns, 120.0, 12.0);
    EXPECT_NEAR(r.fit->b_ns_per_byte, 0.25, 0.01);
    EXPECT_LT(r.fit->r_squared, 1.0);
    EXPECT_GT(r.fit->r_squared, 0.95);
    EXPECT_GT(r.fit->max_rel_residual, 0.01);
    EXPECT_LT(r.fit->max_rel_residual, 0.07);
}

TEST(LineFit, TooFewPointsOrBadTimesGiveAReason) {
    auto two = fit_line({{64, 100}, {4096, 900}});
    EXPECT_FALSE(two.fit);
    EXPECT_EQ(two.no_fit_reason, "fewer than 3 sizes measured");
    // The same size three times is still one size.
    EXPECT_FALSE(fit_line({{64, 100}, {64, 101}, {64, 99}}).fit);
    auto zero = fit_line({{64, 100}, {128, 0}, {256, 300}});
    EXPECT_FALSE(zero.fit);
    EXPECT_EQ(zero.no_fit_reason, "a time per operation is not positive");
}

TEST(LineFit, FlatOrFallingTimesHaveNoMarginalThroughput) {
    auto flat = fit_line({{64, 100}, {256, 100}, {1024, 100}});
    ASSERT_TRUE(flat.fit);
    EXPECT_NEAR(flat.fit->a_ns, 100.0, 1e-9);
    EXPECT_FALSE(flat.fit->marginal_gb_per_s);
    EXPECT_DOUBLE_EQ(flat.fit->r_squared, 1.0);
}
