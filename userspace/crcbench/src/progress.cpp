// SPDX-License-Identifier: GPL-2.0-only
#include "progress.h"

#include <cstdio>
#include <unistd.h>

namespace crcbench {
namespace {
constexpr auto kQuietPeriod = std::chrono::milliseconds(500); // "a moment"
constexpr auto kInterval = std::chrono::milliseconds(100);
} // namespace

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
    unsigned pct =
        total
            ? static_cast<unsigned>(100.0 * static_cast<double>(done) / static_cast<double>(total))
            : 0;
    std::fprintf(stderr, "\r\033[K[%3u%%] %s", pct, what.c_str());
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
