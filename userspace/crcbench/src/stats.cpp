// SPDX-License-Identifier: GPL-2.0-only
#include "stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace crcbench {
namespace {

double median_of_sorted(const std::vector<double> &v) {
    std::size_t mid = v.size() / 2;
    return v.size() % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
}

// P(Binomial(n, 1/2) <= j), summed in doubles (n is a trial count, <= 1000:
// the terms underflow gracefully to 0 far in the tail).
double binomial_half_cdf(unsigned n, unsigned j) {
    double term = std::pow(0.5, n), sum = 0; // C(n, 0) / 2^n
    for (unsigned i = 0; i <= j && i <= n; ++i) {
        sum += term;
        term = term * (n - i) / (i + 1);
    }
    return std::min(sum, 1.0);
}

} // namespace

Summary summarize(std::span<const double> values) {
    Summary s;
    if (values.empty())
        return s;
    std::vector<double> v(values.begin(), values.end());
    std::sort(v.begin(), v.end());
    const unsigned n = static_cast<unsigned>(v.size());
    s.count = n;
    s.min = v.front();
    s.max = v.back();
    s.median = median_of_sorted(v);
    s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
    if (n > 1) {
        double squares = 0;
        for (double x : v)
            squares += (x - s.mean) * (x - s.mean);
        s.stddev = std::sqrt(squares / static_cast<double>(n - 1));
    }
    std::vector<double> dev;
    dev.reserve(n);
    for (double x : v)
        dev.push_back(std::fabs(x - s.median));
    std::sort(dev.begin(), dev.end());
    s.mad = median_of_sorted(dev);
    // The widest-k interval [x(k), x(n+1-k)] (1-based) that still covers the
    // median with kCiTarget: its miss probability is 2 P(B < k) = 2 P(B <= k-1).
    unsigned k = 1;
    while (k + 1 <= (n + 1) / 2 && 2 * binomial_half_cdf(n, k) <= 1 - kCiTarget)
        ++k;
    s.ci_low = v[k - 1];
    s.ci_high = v[n - k];
    s.ci_level = n == 1 ? 0.0 : 1 - 2 * binomial_half_cdf(n, k - 1);
    return s;
}

double safe_ratio(double a, double b) {
    return b == 0 ? 0 : a / b;
}

} // namespace crcbench
