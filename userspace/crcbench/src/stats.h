// SPDX-License-Identifier: GPL-2.0-only
//
// Summary statistics over repeated trials: robust ones (median, MAD, a
// distribution-free confidence interval of the median) that do not grow with
// the number of trials the way the range (max - min) does.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

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
    // Sample (n - 1); with mean, what hyperfine users read first.
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

    double relative_mad() const { return median > 0 ? mad / median : 0.0; }
    double relative_ci_width() const { return median > 0 ? (ci_high - ci_low) / median : 0.0; }
};

Summary summarize(std::span<const double> values);

// The cost model of one operation: time_ns = a + b * size, fitted over the
// measured sizes. a is the per-call cost (ns), b the cost per byte (ns/B),
// so 1/b is the marginal throughput in GB/s (1 byte/ns = 1 GB/s).
struct SizeTime {
    std::size_t size = 0;
    double ns_per_op = 0;
};

struct LineFit {
    double a_ns = 0;          // intercept: the per-call cost
    double b_ns_per_byte = 0; // slope
    // 1/b; empty when b <= 0 (no cost per byte measurable: not a throughput)
    std::optional<double> marginal_gb_per_s;
    double r_squared = 0; // of the weighted fit
    double max_rel_residual = 0;
    std::size_t points = 0;
    double a_se_ns = 0;
    double b_se_ns_per_byte = 0;
    // No cost can be negative: reports flag it rather than print it.
    bool negative_intercept() const { return a_ns < 0; }
};

// The fewest distinct sizes a fit is reported for: two points always lie on
// a line, so the quality figures need a third.
inline constexpr std::size_t kMinFitPoints = 3;

// Least squares with weights 1/t^2, i.e. on relative residuals: each size's
// time is measured with about the same relative error, and an unweighted fit
// would let the largest sizes alone decide the intercept a.
struct LineFitResult {
    std::optional<LineFit> fit;
    std::string no_fit_reason; // set when !fit
};
LineFitResult fit_line(const std::vector<SizeTime> &points);

} // namespace crcbench
