// SPDX-License-Identifier: GPL-2.0-only
//
// Summary statistics over repeated trials.
#pragma once

#include <span>

namespace crcbench {

struct Summary {
    double min = 0;
    double median = 0;
    double max = 0;
    double mean = 0;
    unsigned count = 0;
};

// Median of an even count is the mean of the two middle values. An empty
// input gives an all-zero summary with count 0.
Summary summarize(std::span<const double> values);

// a / b, or 0 when b is 0 (a driver with no baseline gets no ratio).
double safe_ratio(double a, double b);

} // namespace crcbench
