// SPDX-License-Identifier: GPL-2.0-only
#include "stats.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace crcbench {

Summary summarize(std::span<const double> values) {
    Summary s;
    if (values.empty())
        return s;
    std::vector<double> v(values.begin(), values.end());
    std::sort(v.begin(), v.end());
    s.count = static_cast<unsigned>(v.size());
    s.min = v.front();
    s.max = v.back();
    std::size_t mid = v.size() / 2;
    s.median = v.size() % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
    s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    return s;
}

double safe_ratio(double a, double b) {
    return b == 0 ? 0 : a / b;
}

} // namespace crcbench
