// SPDX-License-Identifier: GPL-2.0-only
//
// Summary statistics over repeated trials: robust ones (median, MAD, a
// distribution-free confidence interval of the median) that do not grow with
// the number of trials the way the range (max - min) does.
#pragma once

#include <span>

namespace crcbench {

// The confidence the intervals aim for. With few trials the exact interval
// cannot reach it (5 trials: at most 93.75%, the range); Summary::ci_level
// says what it is.
inline constexpr double kCiTarget = 0.95;

struct Summary {
    double min = 0;
    double median = 0;
    double max = 0;
    double mean = 0;
    // The sample standard deviation (n - 1); 0 for fewer than two values.
    // With mean, what hyperfine users read first.
    double stddev = 0;
    unsigned count = 0;
    // Median absolute deviation from the median (unscaled): a dispersion
    // that settles as trials are added, where max - min keeps growing.
    double mad = 0;
    // The median's distribution-free confidence interval: order statistics
    // x(k) and x(n+1-k) of the sorted values, k the largest with
    // P(Binomial(n, 1/2) < k) <= (1 - kCiTarget) / 2, else k = 1 (the range).
    // ci_level is its exact coverage, 1 - 2 P(Binomial(n, 1/2) < k).
    double ci_low = 0;
    double ci_high = 0;
    double ci_level = 0;

    // MAD / median and (ci_high - ci_low) / median; 0 when the median is 0.
    double relative_mad() const { return median > 0 ? mad / median : 0.0; }
    double relative_ci_width() const { return median > 0 ? (ci_high - ci_low) / median : 0.0; }
};

// Median of an even count is the mean of the two middle values. An empty
// input gives an all-zero summary with count 0.
Summary summarize(std::span<const double> values);

// a / b, or 0 when b is 0 (a driver with no baseline gets no ratio).
double safe_ratio(double a, double b);

} // namespace crcbench
