// SPDX-License-Identifier: GPL-2.0-only
//
// The cost model of one operation: time_ns = a + b * size, fitted over the
// measured sizes. a is the per-call cost (ns), b the cost per byte (ns/B),
// so 1/b is the marginal throughput in GB/s (1 byte/ns = 1 GB/s).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace crcbench {

struct SizeTime {
    std::size_t size = 0;
    double ns_per_op = 0;
};

struct LineFit {
    double a_ns = 0;          // intercept: the per-call cost
    double b_ns_per_byte = 0; // slope
    // 1/b; empty when b <= 0 (no cost per byte measurable: not a throughput)
    std::optional<double> marginal_gb_per_s;
    double r_squared = 0;        // of the weighted fit, 1 = every point on the line
    double max_rel_residual = 0; // max over points of |fit - measured| / measured
    std::size_t points = 0;
    // Standard errors of a and b (weighted least squares: the residual
    // variance over points - 2 degrees of freedom times (X'WX)^-1).
    double a_se_ns = 0;
    double b_se_ns_per_byte = 0;
    // a < 0: no cost can be negative; the per-call cost is below what the
    // fit resolves (reports flag it rather than print it as a cost).
    bool negative_intercept() const { return a_ns < 0; }
};

// The fewest distinct sizes a fit is reported for: two points always lie on
// a line, so the quality figures need a third.
inline constexpr std::size_t kMinFitPoints = 3;

// Least squares with weights 1/t^2, i.e. on relative residuals: each size's
// time is measured with about the same relative error, and an unweighted fit
// would let the largest sizes alone decide the intercept a.
// Returns the reason instead when there is no fit: fewer than kMinFitPoints
// distinct sizes, or a time that is not positive.
struct LineFitResult {
    std::optional<LineFit> fit;
    std::string no_fit_reason; // set when !fit
};
LineFitResult fit_line(const std::vector<SizeTime> &points);

} // namespace crcbench
