// SPDX-License-Identifier: GPL-2.0-only
//
// SIGINT and SIGTERM during `run`, `file` (not --check) and `verify`: the
// first one stops the measurement at the next operation (run), the next
// read window (file) or the next case (verify), so that what was measured
// can still be reported, marked partial; a second one ends the process the
// default way.
#pragma once

#include "error.h"

#include <chrono>
#include <cstddef>
#include <string>

namespace crcbench {

// Installs the handlers (idempotent).
void install_interrupt_handlers();

// While one lives (and the handlers are installed), the signal ends a
// blocked read with EINTR instead of resuming it, so that Ctrl-C ends
// `crcbench-alg file -` waiting on an idle pipe or terminal at once. Only
// around reads that may wait without end: elsewhere a write caught half-way
// must go on.
class InterruptibleReads {
  public:
    InterruptibleReads();
    ~InterruptibleReads();
    InterruptibleReads(const InterruptibleReads &) = delete;
    InterruptibleReads &operator=(const InterruptibleReads &) = delete;
};

// The signal that interrupted the run, 0 if none. Async-signal-safe to set,
// cheap to read in a measuring loop.
int interrupt_signal();

// "SIGINT", "SIGTERM" (the name of a signal number).
const char *signal_name(int sig);

// Testing seam: as if `sig` had arrived (0 clears it).
void set_interrupt_signal(int sig);

// Thrown by a loop that cannot stop at a clean boundary of its own (a read
// pass of `file`): the unit in progress is abandoned, the command reports
// what it completed before it.
struct Interrupted {
    int sig = 0;
};

// Throws Interrupted once a signal has arrived.
void throw_if_interrupted();

// "crcbench-alg: interrupted by SIGINT: reporting WHAT (partial)" on stderr.
void note_interrupted(int sig, const std::string &what);

// The exit code of a command that may have been interrupted: rc when it
// says something (a mismatch's 1, a failed write's 7 are never hidden),
// else 128 + the signal number, as a shell reports a signal (130, 143).
int exit_code_after(ExitCode rc, int interrupted_by);

// A one-line progress indicator on stderr, shown only when stderr is a
// terminal, not --quiet, and the work has already taken longer than a moment.
// "[ 40%] what, about 1m05s left": the line, with an estimate of the time
// left from the rate so far (none before the first step is done).
std::string progress_line(std::size_t done, std::size_t total, const std::string &what,
                          std::chrono::steady_clock::duration elapsed);

class Progress {
  public:
    explicit Progress(bool enabled);
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;

    // stderr is a tty and the user did not ask for quiet.
    static bool wanted(bool quiet);

    void update(std::size_t done, std::size_t total, const std::string &what);
    void finish(); // erases the line

  private:
    bool enabled_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point start_, last_;
};

} // namespace crcbench
