// SPDX-License-Identifier: GPL-2.0-only
//
// A one-line progress indicator on stderr, shown only when stderr is a
// terminal, not --quiet, and the work has already taken longer than a moment.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace crcbench {

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
