// SPDX-License-Identifier: GPL-2.0-only
#include "stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

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
    double squares = 0;
    for (double x : v)
        squares += (x - s.mean) * (x - s.mean);
    s.stddev = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
    std::vector<double> dev(n);
    std::ranges::transform(v, dev.begin(), [&](double x) { return std::fabs(x - s.median); });
    std::ranges::sort(dev);
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

LineFitResult fit_line(const std::vector<SizeTime> &points) {
    std::set<std::size_t> sizes;
    for (const SizeTime &p : points) {
        if (!(p.ns_per_op > 0) || !std::isfinite(p.ns_per_op))
            return {std::nullopt, "a time per operation is not positive"};
        sizes.insert(p.size);
    }
    if (sizes.size() < kMinFitPoints)
        return {std::nullopt, "fewer than " + std::to_string(kMinFitPoints) + " sizes measured"};
    // Weighted normal equations: minimise sum w (a + b x - y)^2, w = 1/y^2.
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const SizeTime &p : points) {
        double x = static_cast<double>(p.size), y = p.ns_per_op, w = 1.0 / (y * y);
        sw += w;
        sx += w * x;
        sy += w * y;
        sxx += w * x * x;
        sxy += w * x * y;
    }
    double det = sw * sxx - sx * sx;
    if (!(det > 0))
        return {std::nullopt, "the sizes do not determine a line"};
    LineFit f;
    f.b_ns_per_byte = (sw * sxy - sx * sy) / det;
    f.a_ns = (sy - f.b_ns_per_byte * sx) / sw;
    if (f.b_ns_per_byte > 0)
        f.marginal_gb_per_s = 1.0 / f.b_ns_per_byte;
    double mean = sy / sw, ss_res = 0, ss_tot = 0;
    for (const SizeTime &p : points) {
        double x = static_cast<double>(p.size), y = p.ns_per_op, w = 1.0 / (y * y);
        double fitted = f.a_ns + f.b_ns_per_byte * x;
        ss_res += w * (y - fitted) * (y - fitted);
        ss_tot += w * (y - mean) * (y - mean);
        f.max_rel_residual = std::max(f.max_rel_residual, std::fabs(fitted - y) / y);
    }
    // All times equal (up to rounding; each weighted term is about 1): a
    // flat line explains them fully.
    f.r_squared = ss_tot > 1e-12 * sw * mean * mean ? 1.0 - ss_res / ss_tot : 1.0;
    f.points = points.size();
    // Var(a) = s^2 sxx / det, Var(b) = s^2 sw / det, s^2 = ss_res / (n - 2).
    const double s2 = ss_res / static_cast<double>(points.size() - 2);
    f.a_se_ns = std::sqrt(s2 * sxx / det);
    f.b_se_ns_per_byte = std::sqrt(s2 * sw / det);
    return {f, ""};
}

} // namespace crcbench
