// SPDX-License-Identifier: GPL-2.0-only
#include "interrupt.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace crcbench {
namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

extern "C" void on_signal(int sig) {
    int none = 0;
    if (!g_signal.compare_exchange_strong(none, sig)) {
        // The second signal: the user insists. Default action, now.
        std::signal(sig, SIG_DFL);
        std::raise(sig);
    }
}

// The signals whose handler is ours (not those the parent ignores).
bool g_handled[2] = {};
constexpr int kSignals[2] = {SIGINT, SIGTERM};

void set_handlers(int flags) {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = flags;
    for (int i = 0; i < 2; ++i)
        if (g_handled[i])
            sigaction(kSignals[i], &sa, nullptr);
}

} // namespace

void install_interrupt_handlers() {
    for (int i = 0; i < 2; ++i) {
        // A signal the parent ignores stays ignored (nohup, a shell's
        // background job): the user asked for the run not to be stopped.
        struct sigaction old {};
        g_handled[i] =
            g_handled[i] || sigaction(kSignals[i], nullptr, &old) != 0 || old.sa_handler != SIG_IGN;
    }
    // SA_RESTART: a write to stdout or a report that the signal catches
    // half-way goes on instead of failing with EINTR.
    set_handlers(SA_RESTART);
}

InterruptibleReads::InterruptibleReads() {
    set_handlers(0);
}

InterruptibleReads::~InterruptibleReads() {
    set_handlers(SA_RESTART);
}

int interrupt_signal() {
    return g_signal.load(std::memory_order_relaxed);
}

std::string signal_name(int sig) {
    // glibc's abbreviation ("INT"); null for a number it does not know.
    const char *abbrev = sigabbrev_np(sig);
    return abbrev ? fmt::format("SIG{}", abbrev) : "a signal";
}

void set_interrupt_signal(int sig) {
    g_signal.store(sig);
}

void throw_if_interrupted() {
    if (int sig = interrupt_signal())
        throw Interrupted{sig};
}

void note_interrupted(int sig, const std::string &what) {
    std::fprintf(stderr, "crcbench-alg: interrupted by %s: reporting %s (partial)\n",
                 signal_name(sig).c_str(), what.c_str());
}

int exit_code_after(ExitCode rc, int interrupted_by) {
    return rc == ExitCode::ok && interrupted_by ? 128 + interrupted_by : to_int(rc);
}

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
    constexpr auto kQuietPeriod = std::chrono::milliseconds(500); // "a moment"
    constexpr auto kInterval = std::chrono::milliseconds(100);
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
