// SPDX-License-Identifier: GPL-2.0-only
//
// SIGINT and SIGTERM during `run`: the first one stops the measurement at
// the next operation, so that what was measured can still be reported
// (marked partial); a second one ends the process the default way.
#pragma once

namespace crcbench {

// Installs the handlers (idempotent).
void install_interrupt_handlers();

// The signal that interrupted the run, 0 if none. Async-signal-safe to set,
// cheap to read in a measuring loop.
int interrupt_signal();

// "SIGINT", "SIGTERM" (the name of a signal number).
const char *signal_name(int sig);

// Testing seam: as if `sig` had arrived (0 clears it).
void set_interrupt_signal(int sig);

} // namespace crcbench
