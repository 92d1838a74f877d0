// SPDX-License-Identifier: GPL-2.0-only
#include "progress.h"

#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <unistd.h>

namespace crcbench {
namespace {
constexpr auto kQuietPeriod = std::chrono::milliseconds(500); // "a moment"
constexpr auto kInterval = std::chrono::milliseconds(100);
} // namespace

std::string progress_line(std::size_t done, std::size_t total, const std::string &what,
                          std::chrono::steady_clock::duration elapsed) {
    const unsigned pct =
        total
            ? static_cast<unsigned>(100.0 * static_cast<double>(done) / static_cast<double>(total))
            : 0;
    std::string line = fmt::format("[{:3}%] {}", pct, what);
    if (done == 0 || done >= total)
        return line;
    const double left_s = std::chrono::duration<double>(elapsed).count() *
                          static_cast<double>(total - done) / static_cast<double>(done);
    const auto secs = static_cast<unsigned long long>(std::llround(left_s));
    if (secs >= 3600)
        return fmt::format("{}, about {}h{:02}m left", line, secs / 3600, secs % 3600 / 60);
    if (secs >= 60)
        return fmt::format("{}, about {}m{:02}s left", line, secs / 60, secs % 60);
    return fmt::format("{}, about {}s left", line, secs);
}

Progress::Progress(bool enabled)
    : enabled_(enabled), start_(std::chrono::steady_clock::now()), last_(start_) {}

Progress::~Progress() {
    finish();
}

bool Progress::wanted(bool quiet) {
    return !quiet && isatty(STDERR_FILENO) == 1;
}

void Progress::update(std::size_t done, std::size_t total, const std::string &what) {
    if (!enabled_)
        return;
    auto now = std::chrono::steady_clock::now();
    if (now - start_ < kQuietPeriod || (shown_ && now - last_ < kInterval))
        return;
    last_ = now;
    shown_ = true;
    std::fprintf(stderr, "\r\033[K%s", progress_line(done, total, what, now - start_).c_str());
    std::fflush(stderr);
}

void Progress::finish() {
    if (shown_) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
        shown_ = false;
    }
}

} // namespace crcbench
