// SPDX-License-Identifier: GPL-2.0-only
#include "stats.h"

#include <gtest/gtest.h>

#include <vector>

using namespace crcbench;

TEST(Stats, OddCount) {
    std::vector<double> v{5, 1, 3};
    auto s = summarize(v);
    EXPECT_EQ(s.count, 3u);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.median, 3);
    EXPECT_DOUBLE_EQ(s.max, 5);
    EXPECT_DOUBLE_EQ(s.mean, 3);
}

TEST(Stats, EvenCountMedianIsMiddleMean) {
    std::vector<double> v{4, 1, 3, 2};
    EXPECT_DOUBLE_EQ(summarize(v).median, 2.5);
}

TEST(Stats, SingleAndEmpty) {
    std::vector<double> one{7};
    auto s = summarize(one);
    EXPECT_DOUBLE_EQ(s.min, 7);
    EXPECT_DOUBLE_EQ(s.median, 7);
    EXPECT_DOUBLE_EQ(s.max, 7);
    auto e = summarize({});
    EXPECT_EQ(e.count, 0u);
    EXPECT_DOUBLE_EQ(e.median, 0);
}

// Item 1 of the 4.4 issue: mean and sample standard deviation (n - 1), as
// hyperfine prints them, beside the median.
TEST(Stats, MeanAndStandardDeviation) {
    std::vector<double> v{4, 2, 8, 6};
    Summary s = summarize(v);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
    EXPECT_NEAR(s.stddev, 2.5819889, 1e-6); // sqrt(20 / 3)
    std::vector<double> one{7};
    EXPECT_EQ(summarize(one).stddev, 0.0);
}
