// SPDX-License-Identifier: GPL-2.0-only
//
// SIGINT and SIGTERM: the first stops run, file or verify at its next
// operation, window or case, so what was measured is reported, marked
// partial; a second ends the process the default way. And progress lines.
#pragma once

#include "error.h"

#include <chrono>
#include <cstddef>
#include <string>

namespace crcbench {

void install_interrupt_handlers();

// While one lives the signal ends a blocked read with EINTR (Ctrl-C ends
// `file -` on an idle pipe at once). Only around reads that may wait without
// end: elsewhere a write caught half-way must go on.
class InterruptibleReads {
  public:
    InterruptibleReads();
    ~InterruptibleReads();
    InterruptibleReads(const InterruptibleReads &) = delete;
    InterruptibleReads &operator=(const InterruptibleReads &) = delete;
};

// 0 if none; cheap to read in a measuring loop.
int interrupt_signal();

std::string signal_name(int sig);

// Testing seam (0 clears it).
void set_interrupt_signal(int sig);

// Thrown by a loop without a clean boundary of its own (a read pass of
// `file`): the unit in progress is abandoned.
struct Interrupted {
    int sig = 0;
};

void throw_if_interrupted();

void note_interrupted(int sig, const std::string &what);

// rc when it says something (a mismatch's 1 is never hidden), else 128 +
// the signal, as a shell reports it.
int exit_code_after(ExitCode rc, int interrupted_by);

// "[ 40%] what, about 1m05s left", on stderr when it is a terminal, not
// --quiet, and the work has taken longer than a moment.
std::string progress_line(std::size_t done, std::size_t total, const std::string &what,
                          std::chrono::steady_clock::duration elapsed);

class Progress {
  public:
    explicit Progress(bool enabled);
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;

    static bool wanted(bool quiet);

    void update(std::size_t done, std::size_t total, const std::string &what);
    void finish();

  private:
    bool enabled_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point start_, last_;
};

} // namespace crcbench
