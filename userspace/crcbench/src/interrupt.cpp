// SPDX-License-Identifier: GPL-2.0-only
#include "interrupt.h"

#include <atomic>
#include <csignal>
#include <cstdio>

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
        if (sigaction(kSignals[i], nullptr, &old) == 0 && old.sa_handler == SIG_IGN &&
            !g_handled[i])
            continue;
        g_handled[i] = true;
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

const char *signal_name(int sig) {
    switch (sig) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    default:
        return "a signal";
    }
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
                 signal_name(sig), what.c_str());
}

int exit_code_after(ExitCode rc, int interrupted_by) {
    if (rc == ExitCode::ok && interrupted_by)
        return 128 + interrupted_by;
    return to_int(rc);
}

} // namespace crcbench
